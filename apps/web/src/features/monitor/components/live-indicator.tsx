import { useTranslation } from 'react-i18next';
import type { LiveState } from '../../../lib/live-events';
import type { MessageKey } from '../../../i18n/message-key';

const LABELS: Record<LiveState, MessageKey> = {
  open: 'monitor.live.open',
  connecting: 'monitor.live.connecting',
  closed: 'monitor.live.closed',
};

/** Whether the page is receiving live updates; polite, so a reconnect is announced once. */
export function LiveIndicator({ state }: { state: LiveState }) {
  const { t } = useTranslation();
  return (
    <span className={`monitor-live monitor-live--${state}`} role="status" aria-live="polite" data-testid="live-indicator" data-state={state}>
      <span className="monitor-live__dot" aria-hidden="true" />
      {t(LABELS[state])}
    </span>
  );
}
