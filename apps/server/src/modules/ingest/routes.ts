import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '@ullage/contracts/codes';
import { deviceReportAnswer } from '@ullage/contracts/device';
import { envelopeOf } from '@ullage/contracts/envelope';
import { ok } from '../../plugins/envelope';
import { AppError } from '../../plugins/errors';
import type { DeviceCommands } from '../device-commands/service';
import { DeviceRefused, type Ingest } from './ingest';

/** `Authorization: Bearer <key>`, or `X-Device-Key: <key>` for collectors that cannot set Authorization. */
function deviceKeyOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const header = request.headers['x-device-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** HTTP push of the device protocol (docs/device-protocol.md). */
export const ingestRoutes: FastifyPluginAsync<{ ingest: Ingest; commands: DeviceCommands }> = async (base, { ingest, commands }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Device batches are parsed where they are prepared (prepare.ts, often a worker thread), so
  // this plugin's JSON parser hands on the text as it came.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post(
    '/device/v1/stations/:code/report',
    {
      // Devices have no session: the device key authenticates them.
      config: { public: true },
      // Browser security headers (CSP and the rest) mean nothing to a collector, and building
      // them was a few per cent of the device path's CPU.
      helmet: false,
      // A fleet reports every few seconds; its requests are counted in /metrics, not logged one by one.
      logLevel: 'warn',
      // 5000 readings of ~250 bytes each.
      bodyLimit: 8 * 1024 * 1024,
      // The answer is built here from typed parts; checking it against its schema on every report
      // (zod's encode, then JSON) was a few per cent of the device path's CPU. The schema still
      // describes it in the API's documentation.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['device'],
        summary: 'A device reports readings, sensor states, alarms and events (answered after commit, with the commands waiting for it)',
        params: z.object({ code: z.string().min(1).max(64) }),
        body: z.unknown(),
        response: { 200: envelopeOf(deviceReportAnswer) },
      },
    },
    async (request) => {
      try {
        const result = await ingest.report(request.params.code, deviceKeyOf(request), request.body, request.language, 'http');
        // Commands waiting for an HTTP-push device go back with the answer to its report (docs/device-protocol.md "Commands").
        const waiting = await commands.forReport(request.params.code);
        return ok(request, waiting.length > 0 ? { ...result, commands: waiting } : result);
      } catch (error) {
        if (error instanceof DeviceRefused) throw new AppError(CODES.sessionInvalid, 'device.keyRefused');
        throw error;
      }
    },
  );
};
