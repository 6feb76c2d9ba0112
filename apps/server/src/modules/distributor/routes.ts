import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { distributorInput, distributorListQuery, distributorRow, idParams } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerTimeColumn, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { listDistributors } from './repo';
import * as service from './service';

const tags = ['settings: distributor'];

export const distributorRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/distributor/list', { schema: { tags, summary: 'Distributors in the caller’s scope', querystring: distributorListQuery, response: { 200: envelopeOf(listResultOf(distributorRow)) } } }, async (request) => {
    const { list, total } = await listDistributors(db, scopeOf(userOf(request)), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/distributor/export', { schema: { tags, summary: 'The filtered list as xlsx', querystring: distributorListQuery } }, async (request, reply) => {
    const t = request.t;
    const { list } = await listDistributors(db, scopeOf(userOf(request)), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    const body = await xlsxOf(t('export.sheet.distributor'), [
      { header: t('field.name'), width: 28, value: (r) => r.name },
      { header: t('field.area'), value: (r) => r.area },
      { header: t('field.country'), value: (r) => r.country },
      { header: t('field.contactName'), value: (r) => r.contactName },
      { header: t('field.phone'), value: (r) => r.phone },
      { header: t('field.position'), value: (r) => r.position },
      { header: t('field.companyCount'), value: (r) => r.companyCount },
      { header: t('field.tankTypes'), width: 40, value: (r) => r.tankTypes.map((k) => `${k.code} ${k.oil} ${k.maxVolumeL} L ${k.heightMm} mm`).join('; ') },
      viewerTimeColumn(t('field.createdAt'), viewerZoneOf(request.headers), (r: { createdAt: string }) => r.createdAt),
    ], list, t.language);
    return sendXlsx(reply, t('export.sheet.distributor'), body);
  });

  app.get('/distributor/:id', { schema: { tags, summary: 'One distributor', params: idParams, response: { 200: envelopeOf(distributorRow) } } }, async (request) =>
    ok(request, await service.getDistributor(db, userOf(request), request.params.id)),
  );

  app.post('/distributor', { config: { may: 'distributor:manage' }, bodyLimit: 2 * 1024 * 1024, schema: { tags, summary: 'Create a distributor (administrator)', body: distributorInput, response: { 200: envelopeOf(distributorRow) } } }, async (request) => ({
    ...ok(request, await service.createDistributor(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/distributor/:id', { config: { may: 'distributor:edit' }, bodyLimit: 2 * 1024 * 1024, schema: { tags, summary: 'Edit a distributor', params: idParams, body: distributorInput, response: { 200: envelopeOf(distributorRow) } } }, async (request) => ({
    ...ok(request, await service.updateDistributor(db, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/distributor/:id', { config: { may: 'distributor:manage' }, schema: { tags, summary: 'Delete a distributor nothing depends on (administrator)', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteDistributor(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
