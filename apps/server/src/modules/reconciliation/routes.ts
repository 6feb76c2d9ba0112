import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import {
  reconciliationChartQuery,
  reconciliationMonthlyQuery,
  reconciliationMonthlyRow,
  reconciliationQuery,
  reconciliationRow,
  reconciliationSeries,
} from '@ullage/contracts/reconciliation';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { reconciliationWorkbook } from './export';
import { rowOf } from './periods';
import { RECONCILIATION_FIELD_LABELS, reconciliationChart, reconciliationExportRows, reconciliationList, reconciliationMonthly } from './service';

const tags = ['reports'];
const config = { fieldLabels: RECONCILIATION_FIELD_LABELS };

/** Wetstock reconciliation (issue 23): by day or shift, its export, the monthly rule, the cumulative-variance chart. */
export const reconciliationRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get(
    '/reconciliation/list',
    { config, schema: { tags, summary: 'Gauged against metered: opening, deliveries (gauged and ticketed), sales, book and gauged closing, variance, per tank (or manifold) and day or shift', querystring: reconciliationQuery, response: { 200: envelopeOf(listResultOf(reconciliationRow)) } } },
    async (request) => {
      const { page, pageSize } = request.query;
      const { rows, total } = await reconciliationList(db, userOf(request), request.query, clock().getTime(), (page - 1) * pageSize, pageSize);
      return ok(request, { list: rows.map(rowOf), total, page, pageSize });
    },
  );

  app.get('/reconciliation/export', { config, schema: { tags, summary: 'The filtered reconciliation as xlsx, in the caller’s language and the companies’ units', querystring: reconciliationQuery } }, async (request, reply) => {
    const rows = await reconciliationExportRows(db, userOf(request), request.query, clock().getTime(), EXPORT_MAX_ROWS);
    const { name, body } = await reconciliationWorkbook(request.t, rows);
    return sendXlsx(reply, name, body);
  });

  app.get(
    '/reconciliation/monthly',
    { config, schema: { tags, summary: 'The monthly rule per tank (or manifold): |variance| over 1 % of metered sales + 130 US gal fails', querystring: reconciliationMonthlyQuery, response: { 200: envelopeOf(z.object({ list: z.array(reconciliationMonthlyRow), total: z.number().int() })) } } },
    async (request) => ok(request, await reconciliationMonthly(db, userOf(request), request.query, clock().getTime())),
  );

  app.get(
    '/reconciliation/chart',
    { config, schema: { tags, summary: 'Each tank’s (manifold’s) cumulative variance by day, with the monthly rule’s allowance', querystring: reconciliationChartQuery, response: { 200: envelopeOf(z.object({ series: z.array(reconciliationSeries), total: z.number().int() })) } } },
    async (request) => ok(request, await reconciliationChart(db, userOf(request), request.query, clock().getTime())),
  );
};
