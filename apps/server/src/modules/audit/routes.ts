import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { listQuery, listResultOf } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { pageOf } from '../../lib/list';
import { ok } from '../../plugins/envelope';
import { listAudit } from './repo';

const auditRow = z.object({
  id: z.number().int(),
  at: z.date(),
  userId: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  changes: z.unknown(),
});

/** The settings audit log, newest first; the administrator's to browse. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/audit/list',
    { config: { may: 'audit:read' }, schema: { tags: ['settings: audit'], summary: 'Who changed what in settings (administrator)', querystring: listQuery.extend({ entity: z.string().max(30).optional() }), response: { 200: envelopeOf(listResultOf(auditRow)) } } },
    async (request) => {
      const { rows, total } = await listAudit(db, { entity: request.query.entity, ...pageOf(request.query) });
      return ok(request, { list: rows, total, page: request.query.page, pageSize: request.query.pageSize });
    },
  );
};
