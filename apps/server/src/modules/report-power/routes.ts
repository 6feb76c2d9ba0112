import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { powerEventList, powerEventQuery } from '@ullage/contracts/power-events';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { powerEventWorkbook } from './export';
import { findPowerEvents } from './service';

const tags = ['reports'];
const config = { fieldLabels: { from: 'field.from', to: 'field.to', toleranceL: 'power.field.tolerance' } } as const;

/** Power-off inventory records (open_close_report): each shutdown, the next power-on, the change per tank. */
export const powerEventRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db }) => {
  app.get('/report/power/list', { config, schema: { tags, summary: 'Power-offs in the caller’s scope with the next power-on and the change per tank, flagged beyond toleranceL', querystring: powerEventQuery, response: { 200: envelopeOf(powerEventList) } } }, async (request) => {
    const { list, total } = await findPowerEvents(db, userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize, toleranceL: request.query.toleranceL });
  });

  app.get('/report/power/export', { config, schema: { tags, summary: 'The filtered power-off records as xlsx, one line per tank, in the caller’s language and the companies’ units', querystring: powerEventQuery } }, async (request, reply) => {
    // A power-off carries up to 100 tanks: a page of events, not of lines, keeps the sheet bounded.
    const { list } = await findPowerEvents(db, userOf(request), { ...request.query, page: 1, pageSize: Math.floor(EXPORT_MAX_ROWS / 10) });
    const { name, body } = await powerEventWorkbook(request.t, list, request.query.toleranceL);
    return sendXlsx(reply, name, body);
  });
};
