import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODES, HTTP_STATUS_OF } from '@ullage/contracts/codes';
import type { Language } from '@ullage/domain/languages';
import { fieldLabel, languageOf, translator, type Translate } from '../i18n/translate';
import type { MessageKey } from '../i18n/en';
import { AppError, ValidationError, type FieldRule } from './errors';
import { isDatabaseUnavailable } from '../lib/db-errors';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    t: Translate;
  }
  interface FastifyContextConfig {
    /** Labels for fields whose name alone is ambiguous, e.g. `{ code: 'field.entityCode' }`. */
    fieldLabels?: Record<string, MessageKey>;
  }
}

/** `{ code: 1000, msg, data }` */
export function ok<T>(request: FastifyRequest, data: T) {
  return { code: CODES.ok, msg: request.t('ok'), data };
}

/** `{ code: 100, msg, info }`: spec §8 "success, only the info part returned". */
export function okInfo<T>(request: FastifyRequest, info: T, messageKey: MessageKey = 'ok') {
  return { code: CODES.okInfo, msg: request.t(messageKey), info };
}

/**
 * Localises every answer and turns every failure into the envelope. Bad input of any kind
 * (schema, JSON syntax, media type, size) becomes 91011 naming the field and the rule; only
 * a genuine fault answers 500, and it is logged.
 */
export const envelopePlugin = fp(async (app) => {
  app.decorateRequest('language', 'en');
  app.decorateRequest('t', undefined as unknown as Translate);
  app.addHook('onRequest', async (request) => {
    request.language = languageOf(request.headers.language);
    request.t = translator(request.language);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const labels = request.routeOptions.config.fieldLabels ?? {};
      const fields: FieldRule[] = error.validation.map((issue) => {
        const rule = fieldRuleOfIssue(issue.keyword, issue.instancePath, issue.message ?? '', issue.params);
        const labelKey = labels[rule.field];
        return labelKey ? { ...rule, labelKey } : rule;
      });
      return sendAppError(request, reply, new ValidationError(fields));
    }
    if (error.statusCode === 429) {
      return sendAppError(request, reply, new AppError(CODES.locked, 'common.tooManyRequests'));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // The upload's own limit (the route's, or the server's 1 MB), named in the refusal.
      const limit = request.routeOptions.bodyLimit ?? 1024 * 1024;
      const max = limit >= 1024 * 1024 ? `${+(limit / 1024 / 1024).toFixed(1)} MB` : `${Math.round(limit / 1024)} KB`;
      request.log.info({ err: error, limit }, 'refused a body over its limit');
      return sendAppError(request, reply, new ValidationError([{ field: 'request', rule: 'rule.bodyTooLarge', params: { max } }]));
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong media type, body too large: the request itself is the field.
      request.log.info({ err: error }, 'refused malformed request');
      return sendAppError(request, reply, new ValidationError([{ field: 'request', rule: 'rule.invalid' }]));
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was committed (a report is answered only after its commit): the client tries
      // again, a device resends. The outage is logged once, by the app's DatabaseAvailability.
      request.server.database.failed(error);
      void reply.header('retry-after', '2');
      return sendAppError(request, reply, new AppError(CODES.unavailable, 'common.unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(reply, 500, { code: CODES.internal, msg: request.t('common.requestFailed') });
  });
});

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read — percent-encoding that is no UTF-8
 * (`%ED%A0%80`, a surrogate's bytes), a path parameter over its length — answered 400 in
 * Fastify's own shape, not the envelope. It is bad input like any other: 91011 naming the
 * request. This runs before any hook, so the request's language is read here.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.language = languageOf(request.headers.language);
  request.t = translator(request.language);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    request.log.info({ err: error }, 'refused an unreadable URL');
    return sendAppError(request, reply, new ValidationError([{ field: 'request', rule: 'rule.invalid' }]));
  }
  request.log.error({ err: error }, 'unhandled framework error');
  return sendEnvelope(reply, 500, { code: CODES.internal, msg: request.t('common.requestFailed') });
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const status = HTTP_STATUS_OF[error.code] ?? 200;
  if (error instanceof ValidationError) {
    const fields = error.fields.map((f) => ({
      field: f.field,
      rule: f.rule.replace(/^rule\./, ''),
      message: formatField(request.t, f),
    }));
    return sendEnvelope(reply, status, { code: error.code, msg: fields[0]?.message ?? request.t('rule.invalid'), data: { fields } });
  }
  const msg = request.t(error.messageKey, error.params);
  const body: Record<string, unknown> = { code: error.code, msg };
  if (error.data !== undefined) body.data = withFieldMessages(error.data, msg);
  if (error.info !== undefined) body.info = error.info;
  return sendEnvelope(reply, status, body);
}

/** Field problems attached to a refusal (80006 on `code`) carry the refusal's own sentence. */
function withFieldMessages(data: Record<string, unknown>, msg: string): Record<string, unknown> {
  const fields = data.fields as { field: string; rule: string; message?: string }[] | undefined;
  return fields ? { ...data, fields: fields.map((f) => ({ ...f, message: f.message ?? msg })) } : data;
}

/**
 * Refusals bypass the route's response schema: that schema describes the success body, and a
 * refusal answered with HTTP 200 (60005, 60008…) must not be forced into it.
 */
function sendEnvelope(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

export function formatField(t: Translate, f: FieldRule): string {
  return t('validation.format', { field: f.labelKey ? t(f.labelKey) : fieldLabel(t, f.field), rule: t(f.rule, f.params) });
}

/** Maps a zod issue (as fastify-type-provider-zod reports it) to our field and rule. */
function fieldRuleOfIssue(keyword: string, instancePath: string, message: string, params: Record<string, unknown>): FieldRule {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request';
  if (keyword === 'invalid_type' && /received undefined/.test(message)) return { field, rule: 'rule.required' };
  // Only a string's maximum is a length; a number out of range is simply not valid.
  if (keyword === 'too_big' && params.origin === 'string' && params.maximum !== undefined) return { field, rule: 'rule.tooLong', params: { max: Number(params.maximum) } };
  return { field, rule: 'rule.invalid' };
}
