import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryListQuery, deliveryRow, deliveryTotals } from '@ullage/contracts/delivery-report';
import { envelopeOf } from '@ullage/contracts/envelope';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { deliveryWorkbook } from './export';
import { findDeliveries } from './service';

const tags = ['reports'];
const config = { fieldLabels: { from: 'field.from', to: 'field.to' } } as const;
const listAnswer = z.object({ list: z.array(deliveryRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totals: deliveryTotals });

/** Delivery records (delivery): the deliveries detected from the level and those devices reported. */
export const deliveryReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db }) => {
  app.get('/report/delivery/list', { config, schema: { tags, summary: 'Deliveries in the caller’s scope, filtered and paged, with totals', querystring: deliveryListQuery, response: { 200: envelopeOf(listAnswer) } } }, async (request) => {
    const { list, total, totals } = await findDeliveries(db, userOf(request), request.query);
    return ok(request, { list, total, totals, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/report/delivery/export', { config, schema: { tags, summary: 'The filtered deliveries as xlsx, in the caller’s language and the companies’ units', querystring: deliveryListQuery } }, async (request, reply) => {
    const { list } = await findDeliveries(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    const { name, body } = await deliveryWorkbook(request.t, list);
    return sendXlsx(reply, name, body);
  });
};
