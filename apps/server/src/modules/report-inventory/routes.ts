import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyInventoryList, dailyInventoryQuery, monthlyInventoryList, monthlyInventoryQuery } from '@ullage/contracts/inventory-report';
import { envelopeOf } from '@ullage/contracts/envelope';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, inBatches, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { dailyWorkbook, monthlyWorkbook } from './export';
import { dailyPage, dailyReport, INVENTORY_FIELD_LABELS, monthlyPage, monthlyReport } from './service';

const tags = ['reports'];
const config = { fieldLabels: INVENTORY_FIELD_LABELS };

/** Daily and monthly inventory reports (abnormal_can, Monthly). */
export const inventoryReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get(
    '/report/inventory/daily/list',
    { config, schema: { tags, summary: 'Start, end, deliveries, sales and abnormal flags per tank and station day', querystring: dailyInventoryQuery, response: { 200: envelopeOf(dailyInventoryList) } } },
    async (request) => ok(request, await dailyPage(db, userOf(request), request.query, clock().getTime())),
  );

  app.get('/report/inventory/daily/export', { config, schema: { tags, summary: 'The filtered daily report as xlsx, in the caller’s language and the companies’ units', querystring: dailyInventoryQuery } }, async (request, reply) => {
    const { days } = await dailyReport(db, userOf(request), request.query, clock().getTime());
    const { name, body } = await dailyWorkbook(request.t, days.slice(0, EXPORT_MAX_ROWS));
    return sendXlsx(reply, name, body);
  });

  app.get(
    '/report/inventory/monthly/list',
    { config, schema: { tags, summary: 'Opening, closing, deliveries, sales, abnormal days and variance per tank and month', querystring: monthlyInventoryQuery, response: { 200: envelopeOf(monthlyInventoryList) } } },
    async (request) => ok(request, await monthlyPage(db, userOf(request), request.query, clock().getTime())),
  );

  app.get('/report/inventory/monthly/export', { config, schema: { tags, summary: 'The filtered monthly report as xlsx, in the caller’s language and the companies’ units', querystring: monthlyInventoryQuery } }, async (request, reply) => {
    const { rows, meter } = await monthlyReport(db, userOf(request), request.query, clock().getTime());
    const { name, body } = await monthlyWorkbook(request.t, inBatches(rows.slice(0, EXPORT_MAX_ROWS), meter));
    return sendXlsx(reply, name, body);
  });
};
