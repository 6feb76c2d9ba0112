import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atgStatus, atgTestResult } from '@ullage/contracts/atg';
import { envelopeOf } from '@ullage/contracts/envelope';
import { idParams } from '@ullage/contracts/settings-org';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { AtgPoller } from './poller';
import { consoleStatus, testConsole } from './service';

const tags = ['settings: station'];

/** The station form's console panel (issue 9): how polling goes, and one query on demand. */
export const atgRoutes: FastifyPluginAsyncZod<{ db: Db; poller: AtgPoller }> = async (app, { db, poller }) => {
  app.get(
    '/station/:id/atg',
    { schema: { tags, summary: 'The Veeder-Root console’s polling status', params: idParams, response: { 200: envelopeOf(atgStatus) } } },
    async (request) => ok(request, await consoleStatus(db, poller, userOf(request), request.params.id, request.t)),
  );
  app.post(
    '/station/:id/atg/test',
    { config: { may: 'station:manage' }, schema: { tags, summary: 'Queries the console once (inventory) and says what it answered', params: idParams, response: { 200: envelopeOf(atgTestResult) } } },
    async (request) => ok(request, await testConsole(db, poller, userOf(request), request.params.id, request.t)),
  );
};
