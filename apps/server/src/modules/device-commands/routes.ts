import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES } from '@ullage/contracts/codes';
import { deviceCommand, deviceCommandAckResult } from '@ullage/contracts/device';
import {
  clockInput,
  commandIdParams,
  commandListQuery,
  commandRow,
  deviceOverview,
  firmwareIssueInput,
  firmwareListQuery,
  firmwareRow,
  firmwareUploadQuery,
  strappingImportQuery,
  strappingImportResult,
  strappingInput,
  strappingTemplateQuery,
  thresholdsInput,
  tiltInput,
} from '@ullage/contracts/device-commands';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { listResultOf } from '@ullage/contracts/list';
import { FIRMWARE_MAX_BYTES } from '@ullage/domain/firmware';
import { sendXlsx } from '../../lib/xlsx';
import { userOf } from '../../plugins/auth';
import { ok, okInfo } from '../../plugins/envelope';
import { AppError, ValidationError } from '../../plugins/errors';
import { DeviceRefusedKey, type DeviceCommands } from './service';
import { IMPORT_MAX_BYTES, templateOf } from './strapping-file';

const tags = ['device parameters'];
const deviceTags = ['device'];
const stationParams = z.object({ id: z.coerce.number().int().positive() });
const deviceParams = z.object({ code: z.string().min(1).max(64) });
const deviceCommandParams = deviceParams.extend({ id: z.coerce.number().int().positive() });

/** `Authorization: Bearer <key>`, or `X-Device-Key: <key>`, as for reports (docs/device-protocol.md). */
function deviceKeyOf(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim();
  const header = request.headers['x-device-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** A file sent as the raw body (application/octet-stream); anything else is no file. */
function fileBody(body: unknown, field: string): Buffer {
  if (Buffer.isBuffer(body)) return body;
  if (body === undefined || body === null) return Buffer.alloc(0);
  throw new ValidationError([{ field, rule: 'rule.octetStream' }]);
}

/**
 * Device parameter management (spec §2 deviceParamManage, issue 7): the station's device, the
 * commands issued to it and their history, firmware files, the height-volume import; and the
 * device side of commands (fetch, answer, download firmware), authenticated by the device key.
 */
export const deviceCommandRoutes: FastifyPluginAsyncZod<{ commands: DeviceCommands }> = async (app, { commands }) => {
  // Files (firmware images, filled templates) come as the raw body.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: FIRMWARE_MAX_BYTES }, (_request, body, done) => done(null, body));

  const authenticated = async (request: FastifyRequest) => {
    try {
      return await commands.authenticate((request.params as { code: string }).code, deviceKeyOf(request));
    } catch (error) {
      if (error instanceof DeviceRefusedKey) throw new AppError(CODES.sessionInvalid, 'device.keyRefused');
      throw error;
    }
  };

  // ---------- the pages ----------

  app.get('/device-params/station/:id', { schema: { tags, summary: 'A station’s device: identity, contact, clock, tanks and their parameters', params: stationParams, response: { 200: envelopeOf(deviceOverview) } } }, async (request) =>
    ok(request, await commands.overview(userOf(request), request.params.id)),
  );

  app.get('/device-commands', { schema: { tags, summary: 'Commands issued to devices, newest first: who, when, state', querystring: commandListQuery, response: { 200: envelopeOf(listResultOf(commandRow)) } } }, async (request) => {
    const { list, total } = await commands.list(userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  const issued = { 200: envelopeOf(commandRow) };
  app.post('/device-commands/thresholds', { config: { may: 'device:command' }, schema: { tags, summary: 'Issue a tank’s alarm thresholds; stored on the tank when the device acknowledges', body: thresholdsInput, response: issued } }, async (request) => ({
    ...ok(request, await commands.issueThresholds(userOf(request), request.body)),
    msg: request.t('deviceParams.issued'),
  }));
  app.post('/device-commands/strapping', { config: { may: 'device:command' }, bodyLimit: 1024 * 1024, schema: { tags, summary: 'Issue a tank’s height-volume table', body: strappingInput, response: issued } }, async (request) => ({
    ...ok(request, await commands.issueStrapping(userOf(request), request.body)),
    msg: request.t('deviceParams.issued'),
  }));
  app.post('/device-commands/tilt', { config: { may: 'device:command' }, schema: { tags, summary: 'Issue a tank’s tilt and probe offset', body: tiltInput, response: issued } }, async (request) => ({
    ...ok(request, await commands.issueTilt(userOf(request), request.body)),
    msg: request.t('deviceParams.issued'),
  }));
  app.post('/device-commands/clock', { config: { may: 'device:command' }, schema: { tags, summary: 'Set the device clock, or sync it to the server’s', body: clockInput, response: issued } }, async (request) => ({
    ...ok(request, await commands.issueClock(userOf(request), request.body)),
    msg: request.t('deviceParams.issued'),
  }));
  app.post('/device-commands/firmware', { config: { may: 'device:command' }, schema: { tags, summary: 'Issue a firmware upgrade to one or many stations (all or none)', body: firmwareIssueInput, response: { 200: envelopeOf(z.array(commandRow)) } } }, async (request) => ({
    ...ok(request, await commands.issueFirmware(userOf(request), request.body)),
    msg: request.t('deviceParams.issued'),
  }));
  app.post('/device-commands/:id/cancel', { config: { may: 'device:command' }, schema: { tags, summary: 'Cancel a command that is still issuing', params: commandIdParams, response: issued } }, async (request) => ({
    ...ok(request, await commands.cancel(userOf(request), request.params.id)),
    msg: request.t('deviceParams.cancelled'),
  }));

  app.get('/device-params/strapping-template', { schema: { tags, summary: 'The height-volume import template (xlsx) with the tank’s current table', querystring: strappingTemplateQuery } }, async (request, reply) => {
    const tank = await commands.tankForTemplate(userOf(request), request.query.tankId);
    return sendXlsx(reply, request.t('deviceParams.template.fileName', { code: tank.code }), await templateOf(request.t, tank));
  });

  app.post(
    '/device-params/strapping-import',
    {
      config: { may: 'device:command' }, bodyLimit: IMPORT_MAX_BYTES,
      schema: { tags, summary: 'Read a filled template (xlsx or csv, raw body): the points, or every problem with its row', querystring: strappingImportQuery, response: { 200: envelopeOf(strappingImportResult) } },
    },
    async (request) => ok(request, await commands.importStrapping(userOf(request), request.query.tankId, request.query.fileName, fileBody(request.body, 'importFile'))),
  );

  app.get('/device-firmware', { config: { may: 'device:command' }, schema: { tags, summary: 'Firmware files the caller may use', querystring: firmwareListQuery, response: { 200: envelopeOf(listResultOf(firmwareRow)) } } }, async (request) => {
    const { list, total } = await commands.listFirmware(userOf(request), request.query);
    return ok(request, { list, total, page: request.query.page, pageSize: request.query.pageSize });
  });

  app.post(
    '/device-firmware',
    {
      config: { may: 'device:command' }, bodyLimit: FIRMWARE_MAX_BYTES,
      schema: { tags, summary: 'Upload a firmware file (.bin or .exe, raw body); version exactly 8 digits', querystring: firmwareUploadQuery, response: { 200: envelopeOf(firmwareRow) } },
    },
    async (request) => ({ ...ok(request, await commands.uploadFirmware(userOf(request), request.query, fileBody(request.body, 'file'))), msg: request.t('common.settingSaved') }),
  );

  app.delete('/device-firmware/:id', { config: { may: 'device:command' }, schema: { tags, summary: 'Delete a firmware file no command has used', params: stationParams, response: { 200: infoEnvelopeOf(resultInfo) } } }, async (request) => {
    await commands.deleteFirmware(userOf(request), request.params.id);
    return okInfo(request, { result: 'success' as const }, 'settings.deleted');
  });

  // ---------- the device side ----------

  const device = { public: true } as const;
  app.get(
    '/device/v1/stations/:code/commands',
    { config: device, logLevel: 'warn', schema: { tags: deviceTags, summary: 'The commands waiting for this device (also in the answer to each report)', params: deviceParams, response: { 200: envelopeOf(z.object({ commands: z.array(deviceCommand) })) } } },
    async (request) => ok(request, { commands: await commands.pendingFor(await authenticated(request)) }),
  );

  app.post(
    '/device/v1/stations/:code/commands/:id/ack',
    { config: device, schema: { tags: deviceTags, summary: 'The device’s answer to a command: success, failed with its reason, or progress', params: deviceCommandParams, body: z.record(z.string(), z.unknown()), response: { 200: envelopeOf(deviceCommandAckResult) } } },
    async (request) => ok(request, await commands.acknowledge(await authenticated(request), { ...request.body, id: request.params.id })),
  );

  app.get(
    '/device/v1/stations/:code/firmware/:id',
    { config: device, schema: { tags: deviceTags, summary: 'The firmware file an issuing upgrade command told this device to take', params: deviceCommandParams } },
    async (request, reply) => {
      const file = await commands.firmwareForDevice(await authenticated(request), request.params.id);
      return reply
        .type('application/octet-stream')
        .header('content-length', String(file.size))
        .header('x-firmware-sha256', file.firmware.sha256)
        .header('x-firmware-version', file.firmware.version)
        .header('content-disposition', `attachment; filename="${file.firmware.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
