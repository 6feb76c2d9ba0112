import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { madeToken, serviceAccountInput, serviceAccountList, serviceAccountParams, tokenInput, tokenParams } from '@ullage/contracts/api-tokens';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import * as service from './service';

const tags = ['settings: API tokens'];
const may = 'token:manage' as const;

/** Service accounts of the caller's organisation and their tokens (issue 38, docs/integrations.md). */
export const apiTokenRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/service-accounts/list', { config: { may }, schema: { tags, summary: "The organisation's service accounts with their tokens", response: { 200: envelopeOf(serviceAccountList) } } }, async (request) =>
    ok(request, await service.listServiceAccounts(db, userOf(request))),
  );

  app.post(
    '/service-accounts',
    { config: { may }, schema: { tags, summary: 'Create a service account of the caller’s organisation', body: serviceAccountInput, response: { 200: envelopeOf(z.object({ id: z.number().int() })) } } },
    async (request) => ({ ...ok(request, { id: await service.createServiceAccount(db, userOf(request), request.body) }), msg: request.t('common.settingSaved') }),
  );

  app.delete(
    '/service-accounts/:id',
    { config: { may }, schema: { tags, summary: 'Delete a service account and every token of it', params: serviceAccountParams, response: { 200: infoEnvelopeOf(resultInfo) } } },
    async (request) => {
      await service.deleteServiceAccount(db, userOf(request), request.params.id);
      return okInfo(request, { result: 'success' as const }, 'settings.deleted');
    },
  );

  app.post(
    '/service-accounts/:id/tokens',
    { config: { may }, schema: { tags, summary: 'Make a token; the answer is the only time it is shown', params: serviceAccountParams, body: tokenInput, response: { 200: envelopeOf(madeToken) } } },
    async (request) => ok(request, await service.createToken(db, userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/service-accounts/:id/tokens/:tokenId',
    { config: { may }, schema: { tags, summary: 'Revoke a token at once', params: tokenParams, response: { 200: infoEnvelopeOf(resultInfo) } } },
    async (request) => {
      await service.revokeToken(db, userOf(request), request.params.id, request.params.tokenId);
      return okInfo(request, { result: 'success' as const }, 'apiTokens.revoked');
    },
  );
};
