import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CODES } from '@ullage/contracts/codes';
import { apiTokens, auditLog, serviceAccounts, users } from '../../db/schema';
import { apiTokenApp } from '../../test/api-tokens';

/**
 * API tokens (issue 38) through the API, against the real database: shown once and kept as a
 * hash; refused at once when revoked, expired or its account deleted; limited per minute; writes
 * with it in the audit log; declared in the OpenAPI document; and the refusals of managing them.
 * The scope matrix is in api-token-scopes.test.ts.
 */
const CALLS_PER_MINUTE = 40;
const { ctx, fixture, as, withToken, tokenOf } = apiTokenApp({ callsPerMinute: CALLS_PER_MINUTE });

describe('a token’s life', () => {
  it('is shown once and stored only as a hash; the list shows its hint, scopes and last use', async () => {
    const { token, account, tokenId } = await tokenOf('demo-company', ['read']);
    expect(token).toMatch(/^ullage_[A-Za-z0-9_-]{43}$/);
    const [stored] = await ctx().db.select().from(apiTokens).where(eq(apiTokens.id, tokenId));
    expect(JSON.stringify(stored)).not.toContain(token.slice(7));
    await withToken(token, 'GET', '/api/station/list');
    const list = await as<{ list: { id: number; tokens: { id: number; hint: string; scopes: string[]; lastUsedAt: string | null; lastUsedIp: string | null; state: string }[] }[] }>('demo-company', 'GET', '/api/service-accounts/list');
    expect(JSON.stringify(list)).not.toContain(token.slice(7));
    const row = list.data.list.find((a) => a.id === account)!.tokens[0]!;
    expect(row).toMatchObject({ id: tokenId, hint: token.slice(0, 13), scopes: ['read'], lastUsedIp: '127.0.0.1', state: 'live' });
    expect(Date.now() - Date.parse(row.lastUsedAt!)).toBeLessThan(60_000);
  });

  it('revoked, expired, unknown, or of a deleted account: refused at once with 30001', async () => {
    const invalid = 'The API token is not valid: it is unknown, expired or revoked';
    const revoked = await tokenOf('demo-company', ['read']);
    expect((await withToken(revoked.token, 'GET', '/api/station/list')).code).toBe(CODES.ok);
    expect((await as('demo-company', 'DELETE', `/api/service-accounts/${revoked.account}/tokens/${revoked.tokenId}`)).code).toBe(CODES.okInfo);
    expect(await withToken(revoked.token, 'GET', '/api/station/list')).toMatchObject({ status: 401, code: CODES.sessionInvalid, msg: invalid });
    // Revoking again finds no live token.
    expect((await as('demo-company', 'DELETE', `/api/service-accounts/${revoked.account}/tokens/${revoked.tokenId}`)).code).toBe(CODES.notFound);

    const expired = await tokenOf('demo-company', ['read'], 1);
    await ctx().db.update(apiTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, expired.tokenId));
    expect(await withToken(expired.token, 'GET', '/api/station/list')).toMatchObject({ status: 401, code: CODES.sessionInvalid, msg: invalid });

    const deleted = await tokenOf('demo-company', ['read'], null);
    expect((await as('demo-company', 'DELETE', `/api/service-accounts/${deleted.account}`)).code).toBe(CODES.okInfo);
    expect(await withToken(deleted.token, 'GET', '/api/station/list')).toMatchObject({ status: 401, code: CODES.sessionInvalid });
    expect(await ctx().db.select().from(serviceAccounts).where(eq(serviceAccounts.id, deleted.account))).toEqual([]);

    expect(await withToken('ullage_not-a-token', 'GET', '/api/station/list')).toMatchObject({ status: 401, code: CODES.sessionInvalid, msg: invalid });
    expect((await withToken(revoked.token, 'GET', '/api/station/list', undefined, 'es')).msg).toBe('El token de API no es válido: es desconocido, ha caducado o fue revocado');
  });

  it('a service account cannot sign in and is not among the people’s accounts', async () => {
    const { account } = await tokenOf('admin', ['read']);
    const [row] = await ctx().db.select({ username: users.username }).from(users).innerJoin(serviceAccounts, eq(serviceAccounts.userId, users.id)).where(eq(serviceAccounts.id, account));
    const login = await ctx().app.inject({ method: 'POST', url: '/api/login/auth', payload: { username: row!.username, password: '!' } });
    expect(login.json().code).toBe(CODES.loginFailed);
    const accounts = await as<{ list: { username: string }[]; total: number }>('admin', 'GET', `/api/account/list?q=${row!.username}`);
    expect(accounts.data.total).toBe(0);
  });

  it('each token has its own budget of calls a minute: the next is refused with 429 and Retry-After', async () => {
    const busy = await tokenOf('demo-company', ['read']);
    const quiet = await tokenOf('demo-company', ['read']);
    for (let i = 0; i < CALLS_PER_MINUTE; i++) expect((await withToken(busy.token, 'GET', '/api/station/list?pageSize=1')).code).toBe(CODES.ok);
    const refused = await withToken(busy.token, 'GET', '/api/station/list?pageSize=1');
    expect([refused.status, refused.code, refused.msg]).toEqual([429, CODES.locked, `Too many calls with this API token: at most ${CALLS_PER_MINUTE} a minute`]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await withToken(quiet.token, 'GET', '/api/station/list?pageSize=1')).code).toBe(CODES.ok);
  });

  it('every use of a write scope is in the audit log under the service account; reading is not', async () => {
    const { token, tokenId, name } = await tokenOf('demo-company', ['read', 'tickets:write']);
    const [account] = await ctx().db.select({ username: users.username }).from(apiTokens).innerJoin(serviceAccounts, eq(serviceAccounts.id, apiTokens.serviceAccountId)).innerJoin(users, eq(users.id, serviceAccounts.userId)).where(eq(apiTokens.id, tokenId));
    await withToken(token, 'GET', '/api/station/list');
    const saved = await withToken(token, 'PUT', `/api/delivery/${fixture.delivery}/ticket`, { volumeL: 4_100, ticketNo: 'BOL-8' });
    expect(saved.code).toBe(CODES.ok);
    const refused = await withToken(token, 'PUT', `/api/delivery/${fixture.delivery}/ticket`, { volumeL: -5, ticketNo: 'BOL-9' });
    expect(refused.code).toBe(CODES.validation);
    const rows = await ctx().db.select().from(auditLog).where(and(eq(auditLog.entity, 'apiToken'), eq(auditLog.action, 'apiCall'), eq(auditLog.entityId, tokenId))).orderBy(auditLog.id);
    expect(rows.map((r) => [r.username, r.changes])).toEqual([
      [account!.username, { token: name, scope: 'tickets:write', method: 'PUT', route: `/api/delivery/${fixture.delivery}/ticket`, status: 200 }],
      [account!.username, { token: name, scope: 'tickets:write', method: 'PUT', route: `/api/delivery/${fixture.delivery}/ticket`, status: 400 }],
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme and, on each operation, the scope a token needs', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { 'x-scope'?: string; security?: unknown }>>;
    };
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    expect(op('/api/station/list', 'get')).toMatchObject({ 'x-scope': 'read', security: [{ session: [] }, { bearer: ['read'] }] });
    expect(op('/api/alarm/list', 'get')['x-scope']).toBe('alarms:read');
    expect(op('/api/alarm/process', 'post')['x-scope']).toBe('alarms:process');
    expect(op('/api/delivery/{id}/ticket', 'put')['x-scope']).toBe('tickets:write');
    expect(op('/api/device-commands/clock', 'post')['x-scope']).toBe('devices:command');
    expect(op('/api/area', 'post')['x-scope']).toBe('settings:manage');
    expect(op('/api/user/updatePwd', 'put')).toMatchObject({ 'x-scope': 'none', security: [{ session: [] }] });
    expect(op('/api/service-accounts', 'post')['x-scope']).toBe('none');
    // Every operation that is not public says whether a token may call it.
    const unsaid = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, o]) => o.security !== undefined && !('x-scope' in o))
        .map(([method]) => `${method} ${path}`),
    );
    expect(unsaid).toEqual([]);
    expect(op('/api/login/auth', 'post').security).toBeUndefined();
  });
});

describe('managing service accounts and tokens: refusals', () => {
  it('bad input names the field and the rule', async () => {
    const made = await as<{ id: number }>('demo-company', 'POST', '/api/service-accounts', { name: 'refusals' });
    const cases: [object, string][] = [
      [{ name: '', scopes: ['read'], expiresInDays: 30 }, 'Name: is required'],
      [{ name: 'x', scopes: [], expiresInDays: 30 }, 'Scopes: is required'],
      [{ name: 'x', scopes: ['everything'], expiresInDays: 30 }, 'Scopes 1: is not valid'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 0 }, 'Expires in (days): is not valid'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 400 }, 'Expires in (days): is not valid'],
      [{ name: 'x', scopes: ['read'] }, 'Expires in (days): is required'],
    ];
    for (const [body, message] of cases) {
      const answer = await as('demo-company', 'POST', `/api/service-accounts/${made.data.id}/tokens`, body);
      expect([answer.status, answer.code], JSON.stringify(body)).toEqual([400, CODES.validation]);
      expect(answer.msg, JSON.stringify(body)).toContain(message);
    }
    expect((await as('demo-company', 'POST', '/api/service-accounts', { name: ' ' })).code).toBe(CODES.validation);
    const twice = await as('demo-company', 'POST', '/api/service-accounts', { name: 'REFUSALS' });
    expect([twice.code, twice.msg]).toEqual([CODES.conflict, 'A service account with this name already exists']);
    expect(await ctx().db.select().from(apiTokens).where(eq(apiTokens.serviceAccountId, made.data.id))).toEqual([]);
  });

  it('another organisation’s service accounts are not found, whatever id is sent; a station account manages none', async () => {
    const mine = await tokenOf('demo-company', ['read']);
    for (const [method, url, payload] of [
      ['POST', `/api/service-accounts/${mine.account}/tokens`, { name: 'x', scopes: ['read'], expiresInDays: 30 }],
      ['DELETE', `/api/service-accounts/${mine.account}/tokens/${mine.tokenId}`, undefined],
      ['DELETE', `/api/service-accounts/${mine.account}`, undefined],
    ] as const) {
      expect((await as('pampa-company', method, url, payload)).code, `${method} ${url}`).toBe(CODES.notFound);
      // A distributor does not reach its companies' machines either: each keeps its own keys.
      expect((await as('demo-distributor', method, url, payload)).code, `${method} ${url}`).toBe(CODES.notFound);
    }
    const theirs = await as<{ list: { id: number }[] }>('pampa-company', 'GET', '/api/service-accounts/list');
    expect(theirs.data.list.map((a) => a.id)).not.toContain(mine.account);
    expect((await withToken(mine.token, 'GET', '/api/station/list')).code).toBe(CODES.ok);
    expect((await as('demo-station', 'GET', '/api/service-accounts/list')).code).toBe(CODES.forbidden);
    // The administrator sees every organisation's.
    const all = await as<{ list: { id: number }[] }>('admin', 'GET', '/api/service-accounts/list');
    expect(all.data.list.map((a) => a.id)).toContain(mine.account);
  });
});
