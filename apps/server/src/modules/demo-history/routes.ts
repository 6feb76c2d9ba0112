import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoHistory } from '@ullage/contracts/demo-history';
import { envelopeOf } from '@ullage/contracts/envelope';
import { ok } from '../../plugins/envelope';
import type { DemoHistoryProgress } from './progress';

/**
 * GET /api/demo/history: the replay's progress, for the banner every page shows while it runs.
 * Public (the sign-in page shows it too) and free of the database: it answers at once however
 * busy the replay keeps the embedded database.
 */
export const demoHistoryRoutes: FastifyPluginAsyncZod<{ progress: DemoHistoryProgress }> = async (app, { progress }) => {
  app.get(
    '/demo/history',
    {
      config: { public: true },
      schema: { tags: ['health'], summary: "The demo history replay's progress (first start of the embedded default)", response: { 200: envelopeOf(demoHistory) } },
    },
    async (request) => ok(request, progress.get()),
  );
};
