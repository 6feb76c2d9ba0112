import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orgNode } from '@ullage/contracts/auth';
import { envelopeOf } from '@ullage/contracts/envelope';
import { stationSummary, tankSummary } from '@ullage/contracts/org';
import type { Db } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { notFound } from '../../plugins/errors';
import { ok } from '../../plugins/envelope';
import { findUserById } from '../user/repo';
import { buildSessionUser } from '../auth/session-user';
import { scopeOf } from '../scope/scope';
import { findStation, listStations, listTanksOfStation } from './repo';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Read-only views of the organisation tree; the settings pages come with their own issue. */
export const orgRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/org/tree',
    { schema: { tags: ['organisation'], summary: 'The distributors, companies and stations the caller may see', response: { 200: envelopeOf(z.array(orgNode)) } } },
    async (request) => {
      const user = await findUserById(db, userOf(request).id);
      return ok(request, user ? (await buildSessionUser(db, user)).companyTree : []);
    },
  );

  app.get(
    '/station/list',
    {
      schema: {
        tags: ['organisation'],
        summary: 'Stations within the caller’s scope',
        querystring: z.object({ q: z.string().max(100).optional(), companyId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(z.array(stationSummary)) },
      },
    },
    async (request) => ok(request, await listStations(db, scopeOf(userOf(request)), request.query)),
  );

  app.get(
    '/station/:id',
    { schema: { tags: ['organisation'], summary: 'One station, if within the caller’s scope', params: idParams, response: { 200: envelopeOf(stationSummary) } } },
    async (request) => {
      const station = await findStation(db, scopeOf(userOf(request)), request.params.id);
      if (!station) throw notFound();
      return ok(request, station);
    },
  );

  app.get(
    '/station/:id/tanks',
    { schema: { tags: ['organisation'], summary: 'The tanks of a station within the caller’s scope', params: idParams, response: { 200: envelopeOf(z.array(tankSummary)) } } },
    async (request) => {
      const scope = scopeOf(userOf(request));
      if (!(await findStation(db, scope, request.params.id))) throw notFound();
      return ok(request, await listTanksOfStation(db, scope, request.params.id));
    },
  );
};
