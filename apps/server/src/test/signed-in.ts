import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from './harness';
import { SECOND_ORGANISATION_PASSWORD } from './second-organisation';

/** The administrator and the demo organisation's accounts, one of each type, as the seed makes them. */
export const SEEDED_ACCOUNTS = ['admin', 'demo-distributor', 'demo-company', 'demo-station'] as const;

/** A test account's password: the administrator's, the second organisation's company's (second-organisation.ts), or the demo one. */
const passwordOf = (username: string) => (username === 'admin' ? ADMIN_PASSWORD : username === 'pampa-company' ? SECOND_ORGANISATION_PASSWORD : DEMO_PASSWORD);

/** Signs the accounts in, one after another: each one's Cookie header, by username. */
export async function signInAll(app: FastifyInstance, usernames: readonly string[]): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const username of usernames) cookies[username] = await signIn(app, username, passwordOf(username));
  return cookies;
}

/**
 * Requests as the accounts whose Cookie headers `cookie` holds, by username, in a language. Both
 * are read at each request: a test file starts its app and signs in in beforeAll, after it
 * defines these.
 */
export function requestsAs(app: () => FastifyInstance, cookie: Record<string, string>) {
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, language = 'en') =>
    app().inject({ method, url, payload, headers: { cookie: cookie[who]!, language } });
  const get = (who: string, url: string, language = 'en') => call(who, 'GET', url, undefined, language);
  return { call, get };
}

/**
 * A test file's app with the seeded accounts signed in (SEEDED_ACCOUNTS), as a settings API test
 * starts: this call registers the beforeAll that starts it and the afterAll that closes it, so it
 * is made at the file's top level. `ctx()` is the running app, once beforeAll has run.
 */
export function appWithSeededAccounts() {
  let ctx: TestContext | undefined;
  const cookie: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await startTestApp();
    Object.assign(cookie, await signInAll(ctx.app, SEEDED_ACCOUNTS));
  });
  afterAll(() => ctx!.close());
  const current = () => ctx!;
  return { ctx: current, cookie, ...requestsAs(() => current().app, cookie) };
}
