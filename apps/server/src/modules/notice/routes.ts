import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { noticeEdit, noticeListQuery, noticeRow } from '@ullage/contracts/notice';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import * as service from './service';

const tags = ['alarms'];

/** Spec §7: `GET /userNoticeCfg/list?userId`, `POST /userNoticeCfg/edit` (truthy means saved). */
export const noticeRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus }> = async (app, { db, bus }) => {
  app.get(
    '/userNoticeCfg/list',
    { schema: { tags, summary: 'The caller’s alarm notification settings, one row per alarm code', querystring: noticeListQuery, response: { 200: envelopeOf(z.array(noticeRow)) } } },
    async (request) => ok(request, await service.listSettings(db, userOf(request), request.query.userId)),
  );
  app.post(
    '/userNoticeCfg/edit',
    { schema: { tags, summary: 'Save the caller’s alarm notification settings', body: noticeEdit, response: { 200: envelopeOf(z.literal(true)) } } },
    async (request) => ok(request, await service.editSettings(db, bus, userOf(request), request.body)),
  );
};
