import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { pushDevice, pushDeviceParams, pushKey, pushSubscribe, pushUnsubscribe } from '@ullage/contracts/push';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { VapidKeyStore } from './keys';
import * as service from './service';

const tags = ['push'];
/** Field names of the browser's PushSubscription, as a person reads them in a refusal. */
const fieldLabels = { endpoint: 'push.field.endpoint', 'keys.p256dh': 'push.field.p256dh', 'keys.auth': 'push.field.auth' } as const;

/**
 * Web Push (issue 38): the server's public key, and the caller's own subscribed devices. Every
 * signed-in user may subscribe their browsers; each sees and removes only their own.
 */
export const pushRoutes: FastifyPluginAsyncZod<{ db: Db; keys: VapidKeyStore; loopback: boolean }> = async (app, { db, keys, loopback }) => {
  app.get(
    '/push/key',
    { schema: { tags, summary: 'The VAPID public key (base64url) a browser subscribes with', response: { 200: envelopeOf(pushKey) } } },
    async (request) => ok(request, await service.publicKey(keys)),
  );
  app.post(
    '/push/subscribe',
    {
      config: { fieldLabels },
      schema: { tags, summary: 'Notify the caller’s browser: its PushSubscription (endpoint, keys.p256dh, keys.auth)', body: pushSubscribe, response: { 200: envelopeOf(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok(request, await service.subscribe(db, userOf(request), request.body, request.headers['user-agent'], { loopback })),
  );
  app.get(
    '/push/devices',
    { schema: { tags, summary: 'The caller’s notified devices', response: { 200: envelopeOf(z.array(pushDevice)) } } },
    async (request) => ok(request, await service.devices(db, userOf(request))),
  );
  app.delete(
    '/push/devices/:id',
    { schema: { tags, summary: 'Stop notifying one of the caller’s devices (another user’s: 80001)', params: pushDeviceParams, response: { 200: envelopeOf(z.literal(true)) } } },
    async (request) => ok(request, await service.removeDevice(db, userOf(request), request.params.id)),
  );
  app.post(
    '/push/unsubscribe',
    { config: { fieldLabels }, schema: { tags, summary: 'Forget the endpoint the caller’s browser unsubscribed', body: pushUnsubscribe, response: { 200: envelopeOf(z.literal(true)) } } },
    async (request) => ok(request, await service.unsubscribe(db, userOf(request), request.body.endpoint)),
  );
};
