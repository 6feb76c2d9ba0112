import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import { idParams } from '@ullage/contracts/settings-org';
import {
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookDeliveryRow,
  webhookEndpointInput,
  webhookEndpointRow,
  webhookEndpointWithSecret,
  webhookListQuery,
} from '@ullage/contracts/webhooks';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import * as service from './service';

const tags = ['webhooks'];
const config = { may: 'webhook:manage' } as const;

/** Webhook endpoints of the caller's organisation (issue 38); `wake` asks the sender for a round now (the test event). */
export const webhookRoutes: FastifyPluginAsyncZod<{ db: Db; settings: service.WebhookSettings; wake?: () => void }> = async (app, { db, settings, wake }) => {
  app.get('/webhooks/list', { config, schema: { tags, summary: 'Webhook endpoints the caller manages (never their secrets)', querystring: webhookListQuery, response: { 200: envelopeOf(listResultOf(webhookEndpointRow)) } } }, async (request) => {
    const { list, total } = await service.listEndpoints(db, userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/webhooks/:id', { config, schema: { tags, summary: 'One endpoint', params: idParams, response: { 200: envelopeOf(webhookEndpointRow) } } }, async (request) =>
    ok(request, await service.getEndpoint(db, userOf(request), request.params.id)),
  );

  app.post('/webhooks', { config, schema: { tags, summary: 'Create an endpoint of the caller’s organisation; the answer carries its signing secret, this once', body: webhookEndpointInput, response: { 200: envelopeOf(webhookEndpointWithSecret) } } }, async (request) => ({
    ...ok(request, await service.createEndpoint(db, settings, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/webhooks/:id', { config, schema: { tags, summary: 'Edit an endpoint (URL, description, events, enabled)', params: idParams, body: webhookEndpointInput, response: { 200: envelopeOf(webhookEndpointRow) } } }, async (request) => ({
    ...ok(request, await service.updateEndpoint(db, settings, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/webhooks/:id', { config, schema: { tags, summary: 'Delete an endpoint and its deliveries', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteEndpoint(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });

  app.post('/webhooks/:id/rotate-secret', { config, schema: { tags, summary: 'A new signing secret at once; answered this once', params: idParams, response: { 200: envelopeOf(webhookEndpointWithSecret) } } }, async (request) => ({
    ...ok(request, await service.rotateSecret(db, userOf(request), request.params.id)),
    msg: request.t('webhooks.secretRotated'),
  }));

  app.post('/webhooks/:id/test', { config, schema: { tags, summary: 'Queue a test.ping event for this endpoint', params: idParams, response: { 200: envelopeOf(z.object({ deliveryId: z.number().int() })) } } }, async (request) => {
    const queued = await service.sendTestEvent(db, settings, userOf(request), request.params.id);
    wake?.();
    return { ...ok(request, queued), msg: request.t('webhooks.testQueued') };
  });

  app.get('/webhooks/:id/deliveries', { config, schema: { tags, summary: 'The endpoint’s deliveries, newest first', params: idParams, querystring: webhookDeliveryQuery, response: { 200: envelopeOf(listResultOf(webhookDeliveryRow)) } } }, async (request) => {
    const { list, total } = await service.listDeliveries(db, userOf(request), request.params.id, request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.post('/webhooks/:id/deliveries/:deliveryId/redeliver', { config, schema: { tags, summary: 'Send a delivery again, from its first attempt', params: webhookDeliveryParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.redeliver(db, userOf(request), request.params.id, request.params.deliveryId);
    wake?.();
    return okInfo(request, { result: 'success' as const }, 'webhooks.redeliveryQueued');
  });
};
