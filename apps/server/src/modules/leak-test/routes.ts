import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { leakCompliance, leakComplianceQuery, leakTestListQuery, leakTestPeriods, leakTestPeriodsQuery, leakTestRow, leakTestStatusList, leakTestStatusQuery } from '@ullage/contracts/leak-test';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { leakTestWorkbook } from './export';
import { LEAK_FIELD_LABELS, leakCompliance as complianceOf, leakTestList, leakTestPeriods as periodsOf, leakTestStatuses, rowOf } from './service';

const tags = ['reports'];
const config = { fieldLabels: LEAK_FIELD_LABELS };

/** Leak tests from inventory data (issue 22): the list, its export, one tank's quiet periods, current results, the monthly compliance record. */
export const leakTestRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get(
    '/leak-test/list',
    { config, schema: { tags, summary: 'Leak tests of the caller’s tanks: one row per tank and figured day, over the 30-day window ending with it', querystring: leakTestListQuery, response: { 200: envelopeOf(listResultOf(leakTestRow)) } } },
    async (request) => {
      const rows = await leakTestList(db, userOf(request), request.query, clock().getTime());
      const { page, pageSize } = request.query;
      return ok(request, { list: rows.slice((page - 1) * pageSize, page * pageSize).map(rowOf), total: rows.length, page, pageSize });
    },
  );

  app.get('/leak-test/export', { config, schema: { tags, summary: 'The filtered leak tests as xlsx, in the caller’s language and the companies’ units', querystring: leakTestListQuery } }, async (request, reply) => {
    const rows = await leakTestList(db, userOf(request), request.query, clock().getTime());
    const { name, body } = await leakTestWorkbook(request.t, rows.slice(0, EXPORT_MAX_ROWS).map(rowOf));
    return sendXlsx(reply, name, body);
  });

  app.get('/leak-test/periods', { config, schema: { tags, summary: 'One tank’s test and the temperature-compensated volume of its quiet periods', querystring: leakTestPeriodsQuery, response: { 200: envelopeOf(leakTestPeriods) } } }, async (request) =>
    ok(request, await periodsOf(db, userOf(request), request.query)),
  );

  app.get('/leak-test/status', { config, schema: { tags, summary: 'Each tank’s current leak test (the window ending with its latest figured day)', querystring: leakTestStatusQuery, response: { 200: envelopeOf(leakTestStatusList) } } }, async (request) =>
    ok(request, { list: await leakTestStatuses(db, userOf(request), request.query.stationId) }),
  );

  app.get('/leak-test/compliance', { config, schema: { tags, summary: 'A station’s monthly leak-test compliance record', querystring: leakComplianceQuery, response: { 200: envelopeOf(leakCompliance) } } }, async (request) =>
    ok(request, await complianceOf(db, userOf(request), request.query, clock().getTime())),
  );
};
