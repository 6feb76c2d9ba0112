import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alarmListQuery, alarmRow, processAlarmsInput } from '@ullage/contracts/alarms';
import { envelopeOf } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { alarmWorkbook } from './export';
import { alarmsToExport, findAlarms, processAlarms } from './service';

const tags = ['alarms'];
const config = { fieldLabels: { from: 'field.from', to: 'field.to', ids: 'field.alarms', note: 'field.note', code: 'field.alarmCode' } } as const;

/** The alarm query pages (alarm_report, leak_alarm): list, export, mark processed. */
export const alarmQueryRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get('/alarm/list', { config, schema: { tags, summary: 'Level or leak alarms in the caller’s scope, filtered and paged', querystring: alarmListQuery, response: { 200: envelopeOf(listResultOf(alarmRow)) } } }, async (request) => {
    const { list, total } = await findAlarms(db, userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/alarm/export', { config, schema: { tags, summary: 'The filtered alarms as xlsx, in the caller’s language', querystring: alarmListQuery } }, async (request, reply) => {
    const rows = await alarmsToExport(db, userOf(request), request.query, EXPORT_MAX_ROWS);
    const { name, body } = await alarmWorkbook(request.t, request.query.kind, rows);
    return sendXlsx(reply, name, body);
  });

  app.post('/alarm/process', { config: { ...config, may: 'alarm:process' }, schema: { tags, summary: 'Mark alarms processed with a note (all or none)', body: processAlarmsInput, response: { 200: envelopeOf(z.object({ processed: z.number().int() })) } } }, async (request) => ({
    ...ok(request, { processed: await processAlarms(db, userOf(request), request.body, clock()) }),
    msg: request.t('common.settingSaved'),
  }));
};
