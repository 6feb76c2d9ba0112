import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@ullage/contracts/envelope';
import { monitorOverview, stationMonitor } from '@ullage/contracts/monitor';
import { isValidTimezone } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import { EventStreams } from '../../live/event-streams';
import type { LiveHub } from '../../live/hub';
import type { Metrics } from '../../observability/metrics';
import { userOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { scopeOf } from '../scope/scope';
import { openLiveFeed } from './live-feed';
import * as service from './service';

const tags = ['monitor'];

export interface MonitorDeps {
  db: Db;
  hub: LiveHub;
  clock: () => Date;
  metrics: Metrics;
  mapTiles: service.MapTiles | null;
}

export const monitorRoutes: FastifyPluginAsyncZod<MonitorDeps> = async (app, { db, hub, clock, metrics, mapTiles }) => {
  const streams = new EventStreams(metrics, app.sessionWatch);
  app.addHook('preClose', async () => streams.endAll());
  app.get(
    '/monitor/overview',
    {
      schema: {
        tags,
        summary: 'Stations online/offline/in alarm, inventory by product, today’s alarms, the map',
        querystring: z.object({ tz: z.string().max(64).refine(isValidTimezone).optional() }),
        response: { 200: envelopeOf(monitorOverview) },
      },
      config: { fieldLabels: { tz: 'field.timezone' } },
    },
    async (request) => ok(request, await service.overview(db, scopeOf(userOf(request)), clock(), request.query.tz ?? 'UTC', mapTiles)),
  );

  app.get(
    '/monitor/station/:id',
    { schema: { tags, summary: 'One station: tanks with their latest reading, sensors, active alarms', params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: envelopeOf(stationMonitor) } } },
    async (request) => ok(request, await service.stationMonitor(db, scopeOf(userOf(request)), request.params.id, clock())),
  );

  app.get(
    '/monitor/events',
    {
      schema: {
        tags,
        summary: 'Server-sent live events (inventory, sensors, status, alarm) of the caller’s scope',
        querystring: z.object({ stationId: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request, reply) => {
      openLiveFeed(request, reply, { hub, streams, scope: scopeOf(userOf(request)), stationId: request.query.stationId });
    },
  );
};
