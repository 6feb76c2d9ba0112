import type { TEST_EVENT_TYPE, WebhookEventType } from '@ullage/domain/webhook-events';
import type { MessageKey } from '../../../i18n/message-key';

type Underscored<T extends string> = T extends `${infer A}.${infer B}` ? `${A}_${B}` : T;

// Keyed by the type with `_` for `.`: a type such as alarm.opened, written out in the web
// sources, would read as a message key of its own.
const TEXTS: Record<Underscored<WebhookEventType | typeof TEST_EVENT_TYPE>, MessageKey> = {
  alarm_opened: 'webhooks.event.alarm_opened',
  alarm_ended: 'webhooks.event.alarm_ended',
  alarm_processed: 'webhooks.event.alarm_processed',
  delivery_recorded: 'webhooks.event.delivery_recorded',
  delivery_ticket_variance: 'webhooks.event.delivery_ticket_variance',
  leak_test_failed: 'webhooks.event.leak_test_failed',
  leak_test_passed: 'webhooks.event.leak_test_passed',
  variance_alarm: 'webhooks.event.variance_alarm',
  forecast_runout_alarm: 'webhooks.event.forecast_runout_alarm',
  station_offline: 'webhooks.event.station_offline',
  station_online: 'webhooks.event.station_online',
  device_command_succeeded: 'webhooks.event.device_command_succeeded',
  device_command_failed: 'webhooks.event.device_command_failed',
  test_ping: 'webhooks.event.test_ping',
};

/** An event type's name on the page (the type itself is shown beside it: receivers switch on it); null for a type this build does not know. */
export function eventText(type: string): MessageKey | null {
  return (TEXTS as Record<string, MessageKey>)[type.replace('.', '_')] ?? null;
}
