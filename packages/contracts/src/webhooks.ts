import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '@ullage/domain/webhook-events';
import { listQuery } from './list';

/**
 * Webhook endpoints and their deliveries (issue 38, docs/integrations.md). The URL is checked
 * on the server beyond its syntax (scheme, credentials, the addresses its host resolves to:
 * 91011 naming `url`); the secret is answered once, on creation and on rotation.
 */

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookEndpointInput = z.object({
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(200).default(''),
  events: z.array(webhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.infer<typeof webhookEndpointInput>;

export const webhookEndpointRow = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** 'failing': the server disabled it after a day of failed deliveries. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** Whose it is: the administrator's (both null), a distributor's or a company's. */
  distributorId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The newest delivery's status, if any. */
  lastStatus: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRow>;

/** A new or rotated secret, shown once (`whsec_` and 32 random bytes in base64). */
export const webhookEndpointWithSecret = webhookEndpointRow.extend({ secret: z.string() });

export const webhookListQuery = listQuery;

export const webhookDeliveryStatus = z.enum(['pending', 'failed', 'succeeded', 'gave_up']);

export const webhookDeliveryQuery = listQuery.extend({ status: webhookDeliveryStatus.optional() });

export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  occurredAt: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

export const webhookDeliveryParams = z.object({ id: z.coerce.number().int().positive(), deliveryId: z.coerce.number().int().positive() });
