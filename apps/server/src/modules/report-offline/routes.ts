import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { offlineListQuery, offlineListResult, processOfflineInput } from '@ullage/contracts/offline-records';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { offlineWorkbook } from './export';
import { findOfflineRecords, mayProcessOffline, processOfflineRecords } from './service';

const tags = ['reports'];
const config = {
  fieldLabels: { from: 'field.from', to: 'field.to', ids: 'field.offline.records', handler: 'field.offline.handler', type: 'field.offline.type', content: 'field.offline.content' },
} as const;

/** Offline records and their processing (offline_record). */
export const offlineRecordRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get('/report/offline/list', { config, schema: { tags, summary: 'Offline periods of the stations in the caller’s scope, filtered and paged', querystring: offlineListQuery, response: { 200: envelopeOf(offlineListResult) } } }, async (request) => {
    const user = userOf(request);
    const { list, total } = await findOfflineRecords(db, user, request.query, clock());
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize, canProcess: mayProcessOffline(user) });
  });

  app.get('/report/offline/export', { config, schema: { tags, summary: 'The filtered offline records as xlsx, in the caller’s language', querystring: offlineListQuery } }, async (request, reply) => {
    const { list } = await findOfflineRecords(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS }, clock());
    const { name, body } = await offlineWorkbook(request.t, list);
    return sendXlsx(reply, name, body);
  });

  app.post('/report/offline/process', { config: { ...config, may: 'offline:process' }, schema: { tags, summary: 'Record who handled offline periods, their type and what was done (all or none)', body: processOfflineInput, response: { 200: envelopeOf(z.object({ processed: z.number().int() })) } } }, async (request) => ({
    ...ok(request, { processed: await processOfflineRecords(db, userOf(request), request.body, clock()) }),
    msg: request.t('common.settingSaved'),
  }));
};
