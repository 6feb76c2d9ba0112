import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInput, companyListQuery, companyRow, idParams, statusInput } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { listCompanies } from './repo';
import { companyColumns } from './export';
import * as service from './service';

const config = { fieldLabels: { code: 'field.entityCode' } } as const;
const tags = ['settings: company'];

export const companyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/company/list', { schema: { tags, summary: 'Companies in the caller’s scope', querystring: companyListQuery, response: { 200: envelopeOf(listResultOf(companyRow)) } } }, async (request) => {
    const { list, total } = await listCompanies(db, scopeOf(userOf(request)), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/company/export', { schema: { tags, summary: 'The filtered list as xlsx, headers in the request’s language', querystring: companyListQuery } }, async (request, reply) => {
    const { list } = await listCompanies(db, scopeOf(userOf(request)), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    return sendXlsx(reply, request.t('export.sheet.company'), await xlsxOf(request.t('export.sheet.company'), companyColumns(request.t, viewerZoneOf(request.headers)), list, request.language));
  });

  app.get('/company/:id', { schema: { tags, summary: 'One company', params: idParams, response: { 200: envelopeOf(companyRow) } } }, async (request) =>
    ok(request, await service.getCompany(db, userOf(request), request.params.id)),
  );

  app.post('/company', { config: { ...config, may: 'company:manage' }, schema: { tags, summary: 'Create a company', body: companyInput, response: { 200: envelopeOf(companyRow) } } }, async (request) => ({
    ...ok(request, await service.createCompany(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/company/:id', { config: { ...config, may: 'company:manage' }, schema: { tags, summary: 'Edit a company', params: idParams, body: companyInput, response: { 200: envelopeOf(companyRow) } } }, async (request) => ({
    ...ok(request, await service.updateCompany(db, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/company/:id/status', { config: { may: 'company:manage' }, schema: { tags, summary: 'Enable or disable a company', params: idParams, body: statusInput, response: { 200: envelopeOf(companyRow) } } }, async (request) => ({
    ...ok(request, await service.setCompanyStatus(db, userOf(request), request.params.id, request.body.disabled)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/company/:id', { config: { may: 'company:manage' }, schema: { tags, summary: 'Delete a company nothing depends on', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteCompany(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
