import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkPwdBody, photoBody, updatePwdBody } from '@ullage/contracts/auth';
import { CODES } from '@ullage/contracts/codes';
import { envelopeOf, infoEnvelopeOf, resultInfo } from '@ullage/contracts/envelope';
import { mailAddressBody, mailAddressData } from '@ullage/contracts/mail-address';
import type { Db } from '../../db/client';
import type { LiveBus } from '../../live/bus';
import { userOf } from '../../plugins/auth';
import { AppError, notFound } from '../../plugins/errors';
import type { FileStore } from '../../lib/file-store';
import { sniffImage } from '../../lib/images';
import { ok, okInfo } from '../../plugins/envelope';
import { changePassword, changePhoto, checkPassword, getMailAddress, setMailAddress } from './service';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db; bus: LiveBus; files: FileStore }> = async (app, { db, bus, files }) => {
  app.put(
    '/user/checkPwd',
    { schema: { tags: ['user'], summary: 'Check the signed-in user’s current password', body: checkPwdBody, response: { 200: infoEnvelopeOf(resultInfo) } } },
    async (request) => {
      const matches = await checkPassword(db, userOf(request), request.body.username, request.body.pwd);
      if (!matches) throw new AppError(CODES.oldPasswordWrong, 'password.oldWrong', {}, undefined, { result: 'fail' });
      return okInfo(request, { result: 'success' as const });
    },
  );

  app.put(
    '/user/updatePwd',
    { schema: { tags: ['user'], summary: 'Change the signed-in user’s password', body: updatePwdBody, response: { 200: infoEnvelopeOf(resultInfo) } } },
    async (request) => {
      await changePassword(db, bus, userOf(request), request.sessionTokenHash!, request.body);
      return okInfo(request, { result: 'success' as const }, 'password.changed');
    },
  );

  app.post(
    '/user/photo',
    {
      bodyLimit: 512 * 1024,
      schema: { tags: ['user'], summary: 'Change the signed-in user’s photo', body: photoBody, response: { 200: envelopeOf(z.object({ photo: z.string() })) } },
    },
    async (request) => {
      const photo = await changePhoto(db, files, userOf(request), request.body.fileName, request.body.dataUrl);
      return { ...ok(request, { photo }), msg: request.t('photo.saved') };
    },
  );

  app.get(
    '/user/mail',
    { schema: { tags: ['user'], summary: 'The signed-in user’s own mail address (null when none)', response: { 200: envelopeOf(mailAddressData) } } },
    async (request) => ok(request, { mailAddress: await getMailAddress(db, userOf(request)) }),
  );

  app.put(
    '/user/mail',
    {
      config: { fieldLabels: { mailAddress: 'field.email' } },
      schema: {
        tags: ['user'],
        summary: 'Set the signed-in user’s own mail address; blank clears it and turns e-mail off in their alarm notification settings',
        body: mailAddressBody,
        response: { 200: envelopeOf(mailAddressData) },
      },
    },
    async (request) => {
      const mailAddress = await setMailAddress(db, bus, userOf(request), request.body.mailAddress);
      return { ...ok(request, { mailAddress }), msg: request.t('common.settingSaved') };
    },
  );

  app.get(
    '/user/photo/:name',
    { schema: { tags: ['user'], summary: 'A stored photo (signed-in users), with its real image type', params: z.object({ name: z.string().max(80) }) } },
    async (request, reply) => {
      const bytes = await files.get('photos', request.params.name);
      if (!bytes) throw notFound();
      const type = sniffImage(bytes);
      if (!type) throw notFound();
      // The type comes from the bytes, never from the upload; nosniff (helmet) keeps browsers to it.
      return reply.type(type).header('cache-control', 'private, max-age=31536000, immutable').header('content-disposition', 'inline').send(bytes);
    },
  );
};
