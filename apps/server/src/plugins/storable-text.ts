import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unstorableTextPath } from '@ullage/domain/storable-text';
import { ValidationError, type FieldRule } from './errors';

/**
 * Text PostgreSQL cannot store — a NUL, an unpaired surrogate (domain/storable-text.ts) — is
 * refused with 91011 naming the field, before any route sees it (issue 32 item 4: it answered
 * 500 on every text filter, sign-in, POST /api/tag…).
 *
 * One hook on every route rather than a refinement on every zod string: the API's strings are
 * declared in some 340 places (contracts and route-local schemas), some bodies are records or
 * `z.unknown()` whose keys and values reach jsonb columns, and a refinement left off one new
 * field would bring the 500 back. A hook covers every route by construction, the ones to come
 * included. It runs at preValidation — after the body is parsed, before the schema — so the
 * refusal is the same envelope as a schema's, in the request's language.
 *
 * Device reports are parsed where they are prepared (their body reaches this hook as the JSON
 * text, whose escapes are still text): a bad string there refuses only its item, named by its
 * path in the answer's `refused` (modules/ingest/validate-batch.ts), over HTTP and MQTT alike.
 */
export const storableTextPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const problem = firstUnstorable(request);
    if (problem) throw new ValidationError([problem]);
  });
});

function firstUnstorable(request: FastifyRequest): FieldRule | null {
  for (const part of [request.params, request.query, request.body]) {
    const path = unstorableTextPath(part);
    if (path === null) continue;
    const field = path.join('.') || 'request';
    const labelKey = request.routeOptions.config.fieldLabels?.[field];
    return { field, rule: 'rule.storableText', ...(labelKey ? { labelKey } : {}) };
  }
  return null;
}
