import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@ullage/contracts/settings-org';
import { stationDetail, stationInput, stationListQuery, stationRow, stationSaved, tankRow } from '@ullage/contracts/settings-more';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import type { MessageKey } from '../../i18n/en';
import { EXPORT_MAX_ROWS, sendXlsx, xlsxOf, viewerTimeColumn, viewerZoneOf } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { listStations } from './repo';
import * as service from './service';

const tags = ['settings: station'];
const config = { fieldLabels: { code: 'field.entityCode' } } as const;

export const stationRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus }> = async (app, { db, bus }) => {
  app.get('/station/list', { schema: { tags, summary: 'Stations in the caller’s scope', querystring: stationListQuery, response: { 200: envelopeOf(listResultOf(stationRow)) } } }, async (request) => {
    const user = userOf(request);
    const { list, total } = await listStations(db, scopeOf(user), request.query);
    return ok(request, { list: list.map((s) => service.withoutCodeFor(user, s)), total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.get('/station/export', { schema: { tags, summary: 'The filtered list as xlsx', querystring: stationListQuery } }, async (request, reply) => {
    const t = request.t;
    const user = userOf(request);
    const list = (await listStations(db, scopeOf(user), { ...request.query, page: 1, pageSize: EXPORT_MAX_ROWS })).list.map((s) => service.withoutCodeFor(user, s));
    const body = await xlsxOf(t('export.sheet.station'), [
      { header: t('field.name'), width: 26, value: (r) => r.name },
      { header: t('field.entityCode'), value: (r) => r.code },
      { header: t('field.taxNumber'), value: (r) => r.taxNumber },
      { header: t('field.companyName'), width: 24, value: (r) => r.companyName },
      { header: t('field.areaName'), value: (r) => r.areaName },
      { header: t('field.address'), width: 30, value: (r) => r.address },
      { header: t('field.phone'), value: (r) => r.phone },
      { header: t('field.timezone'), width: 20, value: (r) => r.timezone },
      { header: t('field.longitude'), value: (r) => r.longitude },
      { header: t('field.latitude'), value: (r) => r.latitude },
      { header: t('field.deviceType'), width: 26, value: (r) => (r.deviceType ? t(`value.deviceType.${r.deviceType}` as MessageKey) : '') },
      { header: t('field.deviceIp'), value: (r) => r.deviceIp },
      { header: t('field.devicePort'), value: (r) => r.devicePort },
      { header: t('field.atgPollSeconds'), width: 22, value: (r) => r.atgPollSeconds },
      { header: t('field.atgSecurityCode'), width: 20, value: (r) => r.atgSecurityCode },
      { header: t('field.tankCount'), value: (r) => r.tankCount },
      viewerTimeColumn(t('field.createdAt'), viewerZoneOf(request.headers), (r: { createdAt: string }) => r.createdAt),
    ], list, t.language);
    return sendXlsx(reply, t('export.sheet.station'), body);
  });

  app.get('/station/:id', { schema: { tags, summary: 'One station with its tanks', params: idParams, response: { 200: envelopeOf(stationDetail) } } }, async (request) =>
    ok(request, await service.getStation(db, userOf(request), request.params.id)),
  );

  app.get('/station/:id/tanks', { schema: { tags, summary: 'The tanks of a station', params: idParams, response: { 200: envelopeOf(z.array(tankRow)) } } }, async (request) =>
    ok(request, (await service.getStation(db, userOf(request), request.params.id)).tanks),
  );

  app.post('/station', { config: { ...config, may: 'station:manage' }, bodyLimit: 4 * 1024 * 1024, schema: { tags, summary: 'Create a station with its tanks; answers the device key once', body: stationInput, response: { 200: envelopeOf(stationSaved) } } }, async (request) => ({
    ...ok(request, await service.createStation(db, bus, userOf(request), request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.put('/station/:id', { config: { ...config, may: 'station:manage' }, bodyLimit: 4 * 1024 * 1024, schema: { tags, summary: 'Edit a station and its tanks', params: idParams, body: stationInput, response: { 200: envelopeOf(stationSaved) } } }, async (request) => ({
    ...ok(request, await service.updateStation(db, bus, userOf(request), request.params.id, request.body)),
    msg: request.t('common.settingSaved'),
  }));

  app.post('/station/:id/device-key', { config: { may: 'station:manage' }, schema: { tags, summary: 'Rotate the device key; the old one stops working', params: idParams, response: { 200: envelopeOf(z.object({ deviceKey: z.string() })) } } }, async (request) => ({
    ...ok(request, { deviceKey: await service.rotateDeviceKey(db, bus, userOf(request), request.params.id) }),
    msg: request.t('common.settingSaved'),
  }));

  app.delete('/station/:id', { config: { may: 'station:manage' }, schema: { tags, summary: 'Delete a station without accounts (its tanks go with it)', params: idParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await service.deleteStation(db, bus, userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });
};
