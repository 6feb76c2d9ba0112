import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { idParams } from '@ullage/contracts/settings-org';
import { salesDetail, salesDetailQuery, salesReadingList, salesReadingsQuery, shiftSalesList, shiftSalesQuery, stationShifts, stationShiftsInput } from '@ullage/contracts/shift-sales';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { salesDetailWorkbook, shiftSalesWorkbook } from './export';
import * as service from './service';

const tags = ['reports'];
/** For schema refusals (a missing day); the service labels its own refusals the same way. */
const config = {
  fieldLabels: { fromDay: 'field.shiftFromDay', toDay: 'field.shiftToDay', day: 'field.shiftDay', shift: 'field.shifts', tankId: 'field.tank', stationId: 'field.stationId' },
} as const;

/** Shifts, sales per shift and sales details (pay for oil). */
export const shiftSalesRoutes: FastifyPluginAsyncZod<{ db: Db; clock: () => Date }> = async (app, { db, clock }) => {
  app.get('/station/:id/shifts', { schema: { tags, summary: 'A station’s shifts (one all-day shift when none is set)', params: idParams, response: { 200: envelopeOf(stationShifts) } } }, async (request) =>
    ok(request, await service.getStationShifts(db, userOf(request), request.params.id, request.t('shifts.allDay'))),
  );

  app.put(
    '/station/:id/shifts',
    { config: { may: 'station:manage' }, schema: { tags, summary: 'Replace a station’s shifts as a whole (1 to 6; who may manage the station)', params: idParams, body: stationShiftsInput, response: { 200: envelopeOf(stationShifts) } } },
    async (request) => ({
      ...ok(request, await service.setStationShifts(db, userOf(request), request.params.id, request.body, request.t('shifts.allDay'))),
      msg: request.t('common.settingSaved'),
    }),
  );

  app.get('/report/shift-sales/list', { config, schema: { tags, summary: 'Sales per shift and tank in the caller’s scope, with totals per product', querystring: shiftSalesQuery, response: { 200: envelopeOf(shiftSalesList) } } }, async (request) => {
    const { list, total, totals } = await service.findShiftSales(db, userOf(request), request.query, clock(), request.t('shifts.allDay'));
    return ok(request, { list, total, totals, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/report/shift-sales/export', { config, schema: { tags, summary: 'Sales per shift as xlsx: tank lines, shift totals, product totals', querystring: shiftSalesQuery } }, async (request, reply) => {
    const { allRows, totals } = await service.findShiftSales(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS }, clock(), request.t('shifts.allDay'));
    const { name, body } = await shiftSalesWorkbook(request.t, allRows(EXPORT_MAX_ROWS), totals);
    return sendXlsx(reply, name, body);
  });

  app.get('/report/shift-sales/detail', { config, schema: { tags, summary: 'One station, tank and shift: start and end readings, deliveries, sales', querystring: salesDetailQuery, response: { 200: envelopeOf(salesDetail) } } }, async (request) =>
    ok(request, await service.salesDetail(db, userOf(request), request.query, clock(), request.t('shifts.allDay'))),
  );

  app.get('/report/shift-sales/readings', { config, schema: { tags, summary: 'The readings of one tank’s shift, paged, each with its volume change', querystring: salesReadingsQuery, response: { 200: envelopeOf(salesReadingList) } } }, async (request) => {
    const { list, total } = await service.salesReadings(db, userOf(request), request.query, clock(), request.t('shifts.allDay'));
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/report/shift-sales/detail/export', { config, schema: { tags, summary: 'The details of one figure as xlsx: summary, deliveries, readings', querystring: salesDetailQuery } }, async (request, reply) => {
    const { detail, list } = await service.salesReadings(db, userOf(request), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS }, clock(), request.t('shifts.allDay'));
    const { name, body } = await salesDetailWorkbook(request.t, detail, list);
    return sendXlsx(reply, name, body);
  });
};
