import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productInput, productListQuery, productRow } from '@ullage/contracts/settings-more';
import { idParams } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { productColumns } from './export';
import { listProducts } from './repo';
import * as service from './service';

const config = { fieldLabels: { code: 'field.entityCode' } } as const;
const tags = ['settings: product'];

export const productRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus }> = async (app, { db, bus }) => {
  app.get('/product/list', { schema: { tags, summary: 'Products in the caller’s scope', querystring: productListQuery, response: { 200: envelopeOf(listResultOf(productRow)) } } }, async (request) => {
    const { list, total } = await listProducts(db, scopeOf(userOf(request)), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/product/export', { schema: { tags, summary: 'The filtered list as xlsx, headers in the request’s language', querystring: productListQuery } }, async (request, reply) => {
    const t = request.t;
    const { list } = await listProducts(db, scopeOf(userOf(request)), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    return sendXlsx(reply, t('export.sheet.product'), await xlsxOf(t('export.sheet.product'), productColumns(t, viewerZoneOf(request.headers)), list, t.language));
  });

  app.get('/product/:id', { schema: { tags, summary: 'One product', params: idParams, response: { 200: envelopeOf(productRow) } } }, async (request) =>
    ok(request, await service.getProduct(db, userOf(request), request.params.id)),
  );

  app.post('/product', { config: { ...config, may: 'product:manage' }, schema: { tags, summary: 'Create a product', body: productInput, response: { 200: envelopeOf(productRow) } } }, async (request) => ({
    ...ok(request, await service.createProduct(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/product/:id', { config: { ...config, may: 'product:manage' }, schema: { tags, summary: 'Edit a product', params: idParams, body: productInput, response: { 200: envelopeOf(productRow) } } }, async (request) => ({
    ...ok(request, await service.updateProduct(db, userOf(request), request.params.id, request.body, bus)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/product/:id', { config: { may: 'product:manage' }, schema: { tags, summary: 'Delete a product no tank uses', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteProduct(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
