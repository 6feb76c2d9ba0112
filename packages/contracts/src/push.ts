import { z } from 'zod';
import { ENDPOINT_MAX_LENGTH } from '@ullage/domain/push-endpoint';

/** Web Push (issue 38): the server's public key, the caller's devices, and what a notification carries. */

/** GET /api/push/key: the VAPID public key a browser subscribes with (applicationServerKey), base64url. */
export const pushKey = z.object({ publicKey: z.string() });

/**
 * POST /api/push/subscribe: the browser's PushSubscription as `subscription.toJSON()` gives it.
 * The endpoint's scheme and address and the keys' sizes are checked by the service, which names the rule.
 */
export const pushSubscribe = z.object({
  endpoint: z.string().min(1).max(ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscribe = z.infer<typeof pushSubscribe>;

/** POST /api/push/unsubscribe: the endpoint the browser just unsubscribed. */
export const pushUnsubscribe = z.object({ endpoint: z.string().min(1).max(ENDPOINT_MAX_LENGTH) });

export const pushDeviceParams = z.object({ id: z.coerce.number().int().positive() });

/** One of the caller's subscribed devices (GET /api/push/devices). */
export const pushDevice = z.object({
  id: z.number().int(),
  /** From the browser's User-Agent when it subscribed: "Chrome · Android". */
  device: z.string(),
  /** The page compares it with its own subscription's to say "this device". */
  endpoint: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

/**
 * The JSON a notification carries (encrypted, aes128gcm), read by the service worker
 * (apps/web/public/sw.js): title and body in the user's language, and where a tap leads.
 */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** The alarm's station on the monitor, relative to the app's origin. */
  url: z.string(),
  /** One notification per alarm: a repeat replaces it. */
  tag: z.string(),
  alarmId: z.number().int(),
  stationId: z.number().int(),
  stationName: z.string(),
  tankCode: z.string().nullable(),
  kind: z.enum(['level', 'leak']),
  code: z.number().int(),
  /** The alarm's name in the user's language ("High level alarm"). */
  alarmName: z.string(),
  startedAt: z.string(),
  /** The start on the station's clock and its zone, as the in-app alert shows it. */
  startTime: z.string(),
  zone: z.string().nullable(),
  lang: z.string(),
});
export type PushMessage = z.infer<typeof pushMessage>;
