import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataJumpListQuery, dataJumpRow } from '@ullage/contracts/data-jumps';
import { envelopeOf } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { dataJumpWorkbook } from './export';
import { findDataJumps } from './service';

const tags = ['reports'];
const config = { fieldLabels: { from: 'field.from', to: 'field.to', rule: 'field.jumpRule' } } as const;

/** Data-jump records (alarm_record): consecutive readings that broke a jump rule, found on ingest. */
export const dataJumpRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db }) => {
  app.get('/report/jumps/list', { config, schema: { tags, summary: 'Data jumps in the caller’s scope, filtered and paged', querystring: dataJumpListQuery, response: { 200: envelopeOf(listResultOf(dataJumpRow)) } } }, async (request) => {
    const { list, total } = await findDataJumps(db, userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/report/jumps/export', { config, schema: { tags, summary: 'The filtered data jumps as xlsx, in the caller’s language and the companies’ units', querystring: dataJumpListQuery } }, async (request, reply) => {
    const { list } = await findDataJumps(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    const { name, body } = await dataJumpWorkbook(request.t, list);
    return sendXlsx(reply, name, body);
  });
};
