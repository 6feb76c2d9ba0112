import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orgNode } from '@ullage/contracts/auth';
import { envelopeOf } from '@ullage/contracts/envelope';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { findUserById } from '../user/service';
import { buildSessionUser } from '../auth/session-user';

/** The organisation tree the caller may see, for pickers and filters. */
export const orgRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/org/tree',
    { schema: { tags: ['organisation'], summary: 'The distributors, companies and stations the caller may see', response: { 200: envelopeOf(z.array(orgNode)) } } },
    async (request) => {
      const user = await findUserById(db, userOf(request).id);
      return ok(request, user ? (await buildSessionUser(db, user)).companyTree : []);
    },
  );
};
