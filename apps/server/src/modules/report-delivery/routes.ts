import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryListQuery, deliveryRow, deliveryTotals } from '@ullage/contracts/delivery-report';
import { envelopeOf } from '@ullage/contracts/envelope';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, inBatches, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { deliveryWorkbook } from './export';
import { findDeliveries, findUnfinishedRows, saveTicket } from './service';
import { deliveryTicketInput } from '@ullage/contracts/reconciliation';

const tags = ['reports'];
const config = { fieldLabels: { from: 'field.from', to: 'field.to' } } as const;
const listAnswer = z.object({ list: z.array(deliveryRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totals: deliveryTotals });

/** Delivery records (delivery): the deliveries detected from the level and those devices reported. */
export const deliveryReportRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get('/report/delivery/list', { config, schema: { tags, summary: 'Deliveries in the caller’s scope, filtered and paged, with totals', querystring: deliveryListQuery, response: { 200: envelopeOf(listAnswer) } } }, async (request) => {
    const { list, total, totals } = await findDeliveries(db, userOf(request), request.query, clock().getTime());
    return ok(request, { list, total, totals, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/report/delivery/export', { config, schema: { tags, summary: 'The filtered deliveries as xlsx, in the caller’s language and the companies’ units', querystring: deliveryListQuery } }, async (request, reply) => {
    const { raws, finish } = await findUnfinishedRows(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS }, clock().getTime());
    const { name, body } = await deliveryWorkbook(request.t, inBatches(raws, finish));
    return sendXlsx(reply, name, body);
  });

  // The tanker's ticket of a delivery (issue 23): entered or corrected by a user who sees the delivery.
  const ticketConfig = { fieldLabels: { volumeL: 'field.ticketVolumeL', tcVolumeL: 'field.ticketTcVolumeL', ticketNo: 'field.ticketNo' } } as const;
  const idParams = z.object({ id: z.coerce.number().int().min(1) });
  app.put('/delivery/:id/ticket', { config: { ...ticketConfig, may: 'delivery:ticket' }, schema: { tags, summary: 'Set a delivery’s ticket (the volume the tanker’s paperwork says it delivered)', params: idParams, body: deliveryTicketInput, response: { 200: envelopeOf(deliveryRow) } } }, async (request) => {
    return ok(request, await saveTicket(db, userOf(request), request.params.id, request.body));
  });
  app.delete('/delivery/:id/ticket', { config: { may: 'delivery:ticket' }, schema: { tags, summary: 'Remove a delivery’s ticket', params: idParams, response: { 200: envelopeOf(deliveryRow) } } }, async (request) => {
    return ok(request, await saveTicket(db, userOf(request), request.params.id, null));
  });
};
