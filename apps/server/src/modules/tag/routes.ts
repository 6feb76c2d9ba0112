import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagInput, tagListQuery, tagRow } from '@ullage/contracts/settings-more';
import { idParams, statusInput } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerTimeColumn, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { listTags } from './repo';
import * as service from './service';

const tags = ['settings: tag'];

export const tagRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/tag/list', { config: { may: 'tag:manage' }, schema: { tags, summary: 'Tags (administrator only)', querystring: tagListQuery, response: { 200: envelopeOf(listResultOf(tagRow)) } } }, async (request) => {
    const { list, total } = await listTags(db, request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/tag/export', { config: { may: 'tag:manage' }, schema: { tags, summary: 'The filtered list as xlsx', querystring: tagListQuery } }, async (request, reply) => {
    const t = request.t;
    const { list } = await listTags(db, { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    const body = await xlsxOf(t('export.sheet.tag'), [
      { header: t('field.key'), width: 20, value: (r) => r.key },
      { header: t('field.value'), width: 24, value: (r) => r.value },
      { header: t('field.type'), value: (r) => r.type },
      { header: t('field.typeValue'), value: (r) => r.typeValue },
      { header: t('field.status'), value: (r) => t(r.disabled ? 'value.disabled' : 'value.enabled') },
      { header: t('field.remark'), width: 24, value: (r) => r.remark },
      { header: t('field.creator'), value: (r) => r.creator },
      viewerTimeColumn(t('field.createdAt'), viewerZoneOf(request.headers), (r: { createdAt: string }) => r.createdAt),
      { header: t('field.modifier'), value: (r) => r.modifier },
      viewerTimeColumn(t('field.modifiedAt'), viewerZoneOf(request.headers), (r: { modifiedAt: string | null }) => r.modifiedAt),
    ], list, t.language);
    return sendXlsx(reply, t('export.sheet.tag'), body);
  });

  app.get('/tag/:id', { config: { may: 'tag:manage' }, schema: { tags, summary: 'One tag', params: idParams, response: { 200: envelopeOf(tagRow) } } }, async (request) =>
    ok(request, await service.getTag(db, userOf(request), request.params.id)),
  );

  app.post('/tag', { config: { may: 'tag:manage' }, schema: { tags, summary: 'Create a tag', body: tagInput, response: { 200: envelopeOf(tagRow) } } }, async (request) => ({
    ...ok(request, await service.createTag(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/tag/:id', { config: { may: 'tag:manage' }, schema: { tags, summary: 'Edit a tag', params: idParams, body: tagInput, response: { 200: envelopeOf(tagRow) } } }, async (request) => ({
    ...ok(request, await service.updateTag(db, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/tag/:id/status', { config: { may: 'tag:manage' }, schema: { tags, summary: 'Enable or disable a tag', params: idParams, body: statusInput, response: { 200: envelopeOf(tagRow) } } }, async (request) => ({
    ...ok(request, await service.setTagStatus(db, userOf(request), request.params.id, request.body.disabled)),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/tag/:id', { config: { may: 'tag:manage' }, schema: { tags, summary: 'Delete a tag', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteTag(db, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
