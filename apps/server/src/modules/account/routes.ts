import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountInput, accountListQuery, accountRow, resetPasswordResult } from '@ullage/contracts/settings-more';
import { idParams, statusInput } from '@ullage/contracts/settings-org';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { accountColumns } from './export';
import { listAccounts } from './repo';
import * as service from './service';

const tags = ['settings: account'];

export const accountRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus }> = async (app, { db, bus }) => {
  app.get('/account/list', { config: { may: 'user:manage' }, schema: { tags, summary: 'Accounts the caller may manage', querystring: accountListQuery, response: { 200: envelopeOf(listResultOf(accountRow)) } } }, async (request) => {
    const { list, total } = await listAccounts(db, scopeOf(userOf(request)), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/account/export', { config: { may: 'user:manage' }, schema: { tags, summary: 'The filtered list as xlsx', querystring: accountListQuery } }, async (request, reply) => {
    const t = request.t;
    const { list } = await listAccounts(db, scopeOf(userOf(request)), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS });
    return sendXlsx(reply, t('export.sheet.account'), await xlsxOf(t('export.sheet.account'), accountColumns(t, viewerZoneOf(request.headers)), list, t.language));
  });

  app.get('/account/:id', { config: { may: 'user:manage' }, schema: { tags, summary: 'One account', params: idParams, response: { 200: envelopeOf(accountRow) } } }, async (request) =>
    ok(request, await service.getAccount(db, userOf(request), request.params.id)),
  );

  app.post('/account', { config: { may: 'user:manage' }, schema: { tags, summary: 'Create an account', body: accountInput, response: { 200: envelopeOf(accountRow) } } }, async (request) => ({
    ...ok(request, await service.createAccount(db, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/account/:id', { config: { may: 'user:manage' }, schema: { tags, summary: 'Edit an account (not its password)', params: idParams, body: accountInput, response: { 200: envelopeOf(accountRow) } } }, async (request) => ({
    ...ok(request, await service.updateAccount(db, bus, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/account/:id/status', { config: { may: 'user:manage' }, schema: { tags, summary: 'Enable or disable an account; disabling ends its sessions', params: idParams, body: statusInput, response: { 200: envelopeOf(accountRow) } } }, async (request) => ({
    ...ok(request, await service.setAccountStatus(db, bus, userOf(request), request.params.id, request.body.disabled)),
    msg: request.t('common.settingSaved'),
  }));

  app.post('/account/:id/reset-password', { config: { may: 'user:manage' }, schema: { tags, summary: 'Set a temporary password, answered once; ends the account’s sessions', params: idParams, response: { 200: envelopeOf(resetPasswordResult) } } }, async (request) => ({
    ...ok(request, await service.resetPassword(db, bus, userOf(request), request.params.id)),
    msg: request.t('settings.passwordReset'),
  }));

  app.delete('/account/:id', { config: { may: 'user:manage' }, schema: { tags, summary: 'Delete an account', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteAccount(db, bus, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
