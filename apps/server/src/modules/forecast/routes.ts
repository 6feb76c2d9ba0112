import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { forecastListQuery, forecastRow } from '@ullage/contracts/forecast';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { FORECAST_FIELD_LABELS, forecastList } from './service';

const tags = ['reports'];
const config = { fieldLabels: FORECAST_FIELD_LABELS };

/** Run-out forecast (issue 23): for dispatch systems and the home, monitor, big-screen and phone pages. */
export const forecastRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get(
    '/forecast/list',
    {
      config,
      schema: {
        tags,
        summary: 'Each of the caller’s tanks: hours to its low warning, low alarm and empty at its expected sales, and the litres to order to fill it to fillPct % by deliverAt',
        querystring: forecastListQuery,
        response: { 200: envelopeOf(listResultOf(forecastRow)) },
      },
    },
    async (request) => {
      const { rows, total } = await forecastList(db, userOf(request), request.query, clock().getTime());
      const { page, pageSize } = request.query;
      return ok(request, { list: rows, total, page, pageSize });
    },
  );
};
