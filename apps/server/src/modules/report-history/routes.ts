import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { historyList, historyQuery, historySeries, historySeriesQuery } from '@ullage/contracts/history';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { historyWorkbook } from './export';
import { allHistory, findHistory, historySeries as seriesOf, historyTrend } from './service';

const tags = ['reports'];
const config = { fieldLabels: { from: 'history.field.range', to: 'history.field.range', tankId: 'field.tank' } } as const;

/** Historical inventory and its trend (history_can_save): one tank's readings over at most 11 days. */
export const historyRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db }) => {
  app.get('/report/history/list', { config, schema: { tags, summary: 'A page of one tank’s readings over at most 11 days', querystring: historyQuery, response: { 200: envelopeOf(historyList) } } }, async (request) => {
    const { list, total, tank } = await findHistory(db, userOf(request), request.query);
    return ok(request, { list, total, tank, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get(
    '/report/history/series',
    { config, schema: { tags, summary: 'The trend of one tank over at most 11 days: at most 2,000 points per series, bucket means beyond that', querystring: historySeriesQuery, response: { 200: envelopeOf(historySeries) } } },
    async (request) => ok(request, await seriesOf(db, userOf(request), request.query)),
  );

  app.get(
    '/report/history/trend',
    {
      config,
      schema: { tags, summary: 'The long-term trend of one tank over at most three years: bucket means of an hour or more, from the hourly and daily summaries', querystring: historySeriesQuery, response: { 200: envelopeOf(historySeries) } },
    },
    async (request) => ok(request, await historyTrend(db, userOf(request), request.query)),
  );

  app.get('/report/history/export', { config, schema: { tags, summary: 'The range’s readings as xlsx, in the caller’s language and the company’s units', querystring: historyQuery } }, async (request, reply) => {
    const { tank, list } = await allHistory(db, userOf(request), request.query, EXPORT_MAX_ROWS);
    const { name, body } = await historyWorkbook(request.t, tank, list);
    return sendXlsx(reply, name, body);
  });
};
