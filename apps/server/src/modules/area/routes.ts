import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { areaInput, areaListQuery, areaRow, idParams } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerTimeColumn, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { listAreas } from './repo';
import * as service from './service';

const tags = ['settings: area'];

export const areaRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/area/list', { schema: { tags, summary: 'Areas in the caller’s scope', querystring: areaListQuery, response: { 200: envelopeOf(listResultOf(areaRow)) } } }, async (request) => {
    const { list, total } = await listAreas(db, scopeOf(userOf(request)), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/area/export', { schema: { tags, summary: 'The filtered list as xlsx', querystring: areaListQuery } }, async (request, reply) => {
    const t = request.t;
    const { list } = await listAreas(db, scopeOf(userOf(request)), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    const body = await xlsxOf(t('export.sheet.area'), [
      { header: t('field.name'), width: 24, value: (r) => r.name },
      { header: t('field.companyName'), width: 28, value: (r) => r.companyName },
      { header: t('field.stationCount'), value: (r) => r.stationCount },
      viewerTimeColumn(t('field.createdAt'), viewerZoneOf(request.headers), (r: { createdAt: string }) => r.createdAt),
    ], list, t.language);
    return sendXlsx(reply, t('export.sheet.area'), body);
  });

  app.get('/area/:id', { schema: { tags, summary: 'One area', params: idParams, response: { 200: envelopeOf(areaRow) } } }, async (request) =>
    ok(request, await service.getArea(db, userOf(request), request.params.id)),
  );

  app.post('/area', { config: { may: 'area:manage' }, schema: { tags, summary: 'Create an area', body: areaInput, response: { 200: envelopeOf(areaRow) } } }, async (request) => ({
    ...ok(request, await service.createArea(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/area/:id', { config: { may: 'area:manage' }, schema: { tags, summary: 'Edit an area', params: idParams, body: areaInput, response: { 200: envelopeOf(areaRow) } } }, async (request) => ({
    ...ok(request, await service.updateArea(db, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/area/:id', { config: { may: 'area:manage' }, schema: { tags, summary: 'Delete an area without stations', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteArea(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
