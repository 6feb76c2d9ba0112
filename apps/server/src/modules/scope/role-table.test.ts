import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CODES, SUCCESS_CODES } from '@ullage/contracts/codes';
import { ACCOUNT_TYPES, type AccountType } from '@ullage/domain/organisation';
import { ACTIONS, ROLES, ROLE_TABLE, actionsOf, basisOf, may, type Action } from '@ullage/domain/roles';
import { alarms, deliveries, offlineRecords } from '../../db/schema';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

/**
 * The role table (packages/domain/src/roles.ts, issue 32) through the API: every action, for
 * every role, on a target that lies in that role's scope. Allowed: the calls work. Refused:
 * 80003 and nothing written. The OpenAPI document's `x-may` names each route's action, and every
 * route that writes names one or is listed here as open to every signed-in user.
 */
let ctx: TestContext;
const cookie = new Map<AccountType, string>();
const ROLE_NAME: Record<AccountType, string> = { 0: 'admin', 1: 'distributor', 2: 'company', 3: 'station', 4: 'attendant' };
const ATTENDANT = { username: 'walk-attendant', password: 'Attendant#2026' };
/** The demo station account's station, company and distributor: in every role's scope. */
let station: number;
let company: number;
let distributor: number;
let tank: number;
let delivery: number;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Or made from the previous call's answer (`data`), which a refused role does not have. */
  url: string | ((previous: { id?: number } | undefined) => string);
  payload?: object | Buffer;
  /** A file download (xlsx) answers 200 and the file, not the envelope. */
  file?: boolean;
}
type Answer = { status: number; code: number | null; body: string; data?: { id?: number } };

const inject = async (role: AccountType, call: Call, previous?: { id?: number }): Promise<Answer> => {
  const raw = Buffer.isBuffer(call.payload);
  const response = await ctx.app.inject({
    method: call.method,
    url: typeof call.url === 'string' ? call.url : call.url(previous),
    headers: { cookie: cookie.get(role)!, language: 'en', ...(raw ? { 'content-type': 'application/octet-stream' } : {}) },
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
  const json = response.headers['content-type']?.toString().includes('application/json') ? (response.json() as { code?: number; data?: { id?: number } }) : null;
  return { status: response.statusCode, code: json?.code ?? null, body: response.body.slice(0, 300), ...(json?.data ? { data: json.data } : {}) };
};

const adminData = async <T>(call: Call & { url: string }): Promise<T> => {
  const raw = Buffer.isBuffer(call.payload);
  const response = await ctx.app.inject({
    method: call.method,
    url: call.url,
    headers: { cookie: cookie.get(ACCOUNT_TYPES.admin)!, ...(raw ? { 'content-type': 'application/octet-stream' } : {}) },
    ...(call.payload === undefined ? {} : { payload: call.payload }),
  });
  const body = response.json() as { code: number; data: T };
  if (!SUCCESS_CODES.includes(body.code)) throw new Error(`${call.method} ${call.url}: ${response.body}`);
  return body.data;
};

/** Everything an action could write, as one fingerprint: unchanged means nothing was written. */
const TABLES = ['service_accounts', 'api_tokens', 'alarms', 'offline_records', 'deliveries', 'device_commands', 'device_firmware', 'station_shifts', 'stations', 'tanks', 'areas', 'companies', 'distributors', 'products', 'users', 'tags', 'audit_log', 'webhook_endpoints', 'webhook_deliveries'];
async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of TABLES) {
    const rows = await ctx.db.execute(sql.raw(`select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`));
    const row = (rows as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join(' ');
}

let serial = 0;
const unique = (prefix: string) => `${prefix}${++serial}`;
const ok = (answer: Answer, call: Call) => (call.file ? answer.status === 200 && answer.code === null : answer.code !== null && SUCCESS_CODES.includes(answer.code));

/**
 * For each action: what the administrator prepares before a role's turn (its targets, fresh and
 * in every role's scope), then the calls of the action, in order, each of which must work for an
 * allowed role and answer 80003 to a refused one.
 */
const WALK: Record<Action, () => Promise<Call[]>> = {
  'alarm:process': async () => {
    const [row] = await ctx.db
      .insert(alarms)
      .values({ distributorId: distributor, companyId: company, stationId: station, kind: 'level', tankId: tank, code: 10, source: 'device', startedAt: new Date(Date.now() - 3_600_000 - serial * 1000), endedAt: new Date() })
      .returning({ id: alarms.id });
    return [{ method: 'POST', url: '/api/alarm/process', payload: { ids: [row!.id], note: 'Float cleaned' } }];
  },
  'offline:process': async () => {
    const at = Date.now() - 86_400_000 - ++serial * 60_000;
    const [row] = await ctx.db
      .insert(offlineRecords)
      .values({ distributorId: distributor, companyId: company, stationId: station, startedAt: new Date(at), endedAt: new Date(at + 30_000) })
      .returning({ id: offlineRecords.id });
    return [{ method: 'POST', url: '/api/report/offline/process', payload: { ids: [row!.id], handler: 'Li Wei', type: 'shutdown', content: 'Power cut' } }];
  },
  'delivery:ticket': async () => [
    { method: 'PUT', url: `/api/delivery/${delivery}/ticket`, payload: { volumeL: 4_000 + serial++, ticketNo: 'BOL-1' } },
    { method: 'DELETE', url: `/api/delivery/${delivery}/ticket` },
  ],
  'device:command': async () => {
    const tilt = await adminData<{ id: number }>({ method: 'POST', url: '/api/device-commands/tilt', payload: { stationId: station, tankId: tank, tiltDeg: 1, probeOffsetMm: 0 } });
    const file = await adminData<{ id: number }>({ method: 'POST', url: `/api/device-firmware?${new URLSearchParams({ fileName: 'walk.bin', version: String(20260000 + ++serial), deviceType: 'ullage-collector' })}`, payload: Buffer.from(`image ${serial}`) });
    return [
      { method: 'POST', url: `/api/device-commands/${tilt.id}/cancel` },
      { method: 'POST', url: '/api/device-commands/clock', payload: { stationId: station, mode: 'sync' } },
      { method: 'GET', url: '/api/device-firmware' },
      { method: 'POST', url: `/api/device-firmware?${new URLSearchParams({ fileName: 'own.bin', version: String(20270000 + serial), deviceType: 'ullage-collector' })}`, payload: Buffer.from(`own ${serial}`) },
      // Only a file's owner deletes it: an allowed role its own upload; a refused one tries the administrator's.
      { method: 'DELETE', url: (uploaded) => `/api/device-firmware/${uploaded?.id ?? file.id}` },
    ];
  },
  'station:manage': async () => [
    { method: 'PUT', url: `/api/station/${station}/shifts`, payload: { shifts: [{ name: 'Day', start: '06:00' }, { name: `Night ${++serial}`, start: '18:00' }] } },
    { method: 'POST', url: `/api/station/${station}/device-key` },
  ],
  'area:manage': async () => {
    const area = await adminData<{ id: number }>({ method: 'POST', url: '/api/area', payload: { name: unique('Walk area '), companyId: company } });
    return [
      { method: 'POST', url: '/api/area', payload: { name: unique('New area '), companyId: company } },
      { method: 'PUT', url: `/api/area/${area.id}`, payload: { name: unique('Renamed area '), companyId: company } },
      { method: 'DELETE', url: `/api/area/${area.id}` },
    ];
  },
  'company:manage': async () => {
    const body = (code: string) => ({ name: `Walk ${code}`, code, distributorId: distributor, tempUnit: 1, volumeUnit: 1, contactName: 'Camila Ríos', contactPhone: '57-4-555-0101' });
    const made = await adminData<{ id: number }>({ method: 'POST', url: '/api/company', payload: body(unique('WLK')) });
    return [
      { method: 'POST', url: '/api/company', payload: body(unique('NEW')) },
      { method: 'PUT', url: `/api/company/${made.id}`, payload: body(unique('EDT')) },
      { method: 'PUT', url: `/api/company/${made.id}/status`, payload: { disabled: true } },
      { method: 'DELETE', url: `/api/company/${made.id}` },
    ];
  },
  'distributor:edit': async () => [{ method: 'PUT', url: `/api/distributor/${distributor}`, payload: { name: 'Northwind Energy Group', contactName: 'Walk', phone: '1-555-0100', tankTypes: [], position: unique('Director ') } }],
  'distributor:manage': async () => {
    const made = await adminData<{ id: number }>({ method: 'POST', url: '/api/distributor', payload: { name: unique('Walk distributor '), contactName: 'Walk', phone: '1-555-0101' } });
    return [
      { method: 'POST', url: '/api/distributor', payload: { name: unique('New distributor '), contactName: 'Walk', phone: '1-555-0102' } },
      { method: 'DELETE', url: `/api/distributor/${made.id}` },
    ];
  },
  'product:manage': async () => {
    const body = (code: string) => ({ name: `Walk ${code}`, code, type: 'diesel', distributorId: distributor, companyId: null, color: '#336699' });
    const made = await adminData<{ id: number }>({ method: 'POST', url: '/api/product', payload: body(unique('WP')) });
    return [
      { method: 'POST', url: '/api/product', payload: body(unique('NP')) },
      { method: 'PUT', url: `/api/product/${made.id}`, payload: body(unique('EP')) },
      { method: 'DELETE', url: `/api/product/${made.id}` },
    ];
  },
  'user:manage': async () => {
    const body = (username: string) => ({ username, nickname: 'Walk', password: 'Walking#2026', accountType: 4, unitId: station, email: null, casUser: null });
    const made = await adminData<{ id: number }>({ method: 'POST', url: '/api/account', payload: body(unique('walk-account-')) });
    return [
      { method: 'GET', url: '/api/account/list' },
      { method: 'GET', url: '/api/account/export', file: true },
      { method: 'GET', url: `/api/account/${made.id}` },
      { method: 'POST', url: '/api/account', payload: body(unique('new-account-')) },
      { method: 'PUT', url: `/api/account/${made.id}`, payload: { ...body(unique('edited-account-')), password: undefined } },
      { method: 'PUT', url: `/api/account/${made.id}/status`, payload: { disabled: true } },
      { method: 'POST', url: `/api/account/${made.id}/reset-password` },
      { method: 'DELETE', url: `/api/account/${made.id}` },
    ];
  },
  'tag:manage': async () => {
    const body = (key: string) => ({ key, value: 'https://example.invalid/a.apk', type: 'download' });
    const made = await adminData<{ id: number }>({ method: 'POST', url: '/api/tag', payload: body(unique('walk.tag.')) });
    return [
      { method: 'GET', url: '/api/tag/list' },
      { method: 'GET', url: '/api/tag/export', file: true },
      { method: 'GET', url: `/api/tag/${made.id}` },
      { method: 'POST', url: '/api/tag', payload: body(unique('new.tag.')) },
      { method: 'PUT', url: `/api/tag/${made.id}`, payload: body(unique('edited.tag.')) },
      { method: 'PUT', url: `/api/tag/${made.id}/status`, payload: { disabled: true } },
      { method: 'DELETE', url: `/api/tag/${made.id}` },
    ];
  },
  'audit:read': async () => [{ method: 'GET', url: '/api/audit/list' }],
  // Each organisation makes its own service accounts (another's are not found), so the role's
  // own calls make the targets; a refused role has none (0).
  'token:manage': async () => {
    // A refused role never gets an id of its own; any valid one is refused before it is looked up.
    let account = 1;
    return [
      { method: 'GET', url: '/api/service-accounts/list' },
      { method: 'POST', url: '/api/service-accounts', payload: { name: unique('walk-machine-') } },
      {
        method: 'POST',
        // The label of a failed call builds the URL again, without the answer: the id is kept.
        url: (previous) => `/api/service-accounts/${(account = previous?.id ?? account)}/tokens`,
        payload: { name: 'walk', scopes: ['read'], expiresInDays: 30 },
      },
      { method: 'DELETE', url: (previous) => `/api/service-accounts/${account}/tokens/${(previous as { row?: { id: number } } | undefined)?.row?.id ?? 1}` },
      { method: 'DELETE', url: () => `/api/service-accounts/${account}` },
    ];
  },
  // Each organisation makes its own endpoints (issue 38), as with service accounts; a public address, so no look-up.
  'webhook:manage': async () => {
    const body = { url: 'http://93.184.216.34/walk', events: ['alarm.opened'] };
    // A refused role aims at the administrator's endpoint; an allowed one at the endpoint it made.
    let endpoint = (await adminData<{ id: number }>({ method: 'POST', url: '/api/webhooks', payload: body })).id;
    return [
      { method: 'GET', url: '/api/webhooks/list' },
      { method: 'POST', url: '/api/webhooks', payload: body },
      { method: 'GET', url: (previous) => `/api/webhooks/${(endpoint = previous?.id ?? endpoint)}` },
      { method: 'PUT', url: () => `/api/webhooks/${endpoint}`, payload: { ...body, description: unique('walk ') } },
      { method: 'POST', url: () => `/api/webhooks/${endpoint}/rotate-secret` },
      { method: 'POST', url: () => `/api/webhooks/${endpoint}/test` },
      { method: 'GET', url: () => `/api/webhooks/${endpoint}/deliveries` },
      { method: 'DELETE', url: () => `/api/webhooks/${endpoint}` },
    ];
  },
};

/** What the administrator tidies after a role's turn, so the next role starts alike. */
async function tidy() {
  await ctx.db.execute(sql`update device_commands set state = 'cancelled', ended_at = now() where state = 'issuing'`);
}

beforeAll(async () => {
  ctx = await startTestApp();
  cookie.set(ACCOUNT_TYPES.admin, await signIn(ctx.app, 'admin', ADMIN_PASSWORD));
  cookie.set(ACCOUNT_TYPES.distributor, await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD));
  cookie.set(ACCOUNT_TYPES.company, await signIn(ctx.app, 'demo-company', DEMO_PASSWORD));
  cookie.set(ACCOUNT_TYPES.station, await signIn(ctx.app, 'demo-station', DEMO_PASSWORD));
  const own = await adminData<{ list: { stationId: number; companyId: number; distributorId: number; username: string }[] }>({ method: 'GET', url: '/api/account/list?q=demo-station' });
  ({ stationId: station, companyId: company, distributorId: distributor } = own.list.find((a) => a.username === 'demo-station')!);
  tank = (await adminData<{ id: number }[]>({ method: 'GET', url: `/api/station/${station}/tanks` }))[0]!.id;
  await adminData({ method: 'POST', url: '/api/account', payload: { ...ATTENDANT, nickname: 'Attendant', accountType: 4, unitId: station } });
  cookie.set(ACCOUNT_TYPES.stationAttendant, await signIn(ctx.app, ATTENDANT.username, ATTENDANT.password));
  const at = Date.now() - 2 * 86_400_000;
  const [row] = await ctx.db
    .insert(deliveries)
    .values({ distributorId: distributor, companyId: company, stationId: station, tankId: tank, startedAt: new Date(at), lastRiseAt: new Date(at + 1_800_000), endedAt: new Date(at + 2_400_000), startVolumeL: 2_000, endVolumeL: 6_000 })
    .returning({ id: deliveries.id });
  delivery = row!.id;
}, 120_000);
afterAll(() => ctx?.close());

describe('the role table through the API', () => {
  const cells = ACTIONS.flatMap((action) => ROLES.map((role) => [action, ROLE_NAME[role], role, may(role, action)] as const));

  it.each(cells)('%s by %s (account type %i): allowed %s', async (action, _name, role, allowed) => {
    const calls = await WALK[action]();
    const before = allowed ? '' : await fingerprint();
    let previous: { id?: number } | undefined;
    for (const call of calls) {
      const answer = await inject(role, call, previous);
      previous = answer.data;
      const label = `${call.method} ${typeof call.url === 'string' ? call.url : call.url(undefined)} → ${answer.status} ${answer.body}`;
      if (allowed) expect(ok(answer, call), label).toBe(true);
      else expect([answer.status, answer.code], label).toEqual([403, CODES.forbidden]);
    }
    if (!allowed) expect(await fingerprint()).toBe(before);
  });
  afterEach(tidy);

  it.each(ROLES.map((role) => [ROLE_NAME[role], role] as const))('getInfo sends %s exactly its row of the table as permissionList', async (_name, role) => {
    const info = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: cookie.get(role)! } })).json().data as { permissionList: string[]; userPermission: { permissionList: string[] } };
    expect(info.permissionList).toEqual(actionsOf(role));
    expect(info.userPermission.permissionList).toEqual(actionsOf(role));
  });
});

/** Writes that are no role's action: one's own session, password, photo, mail and notices; the devices'. */
const EVERY_SIGNED_IN_USER = new Set([
  'POST /api/login/auth',
  'POST /api/login/logout',
  'POST /api/cas/callback',
  'PUT /api/user/checkPwd',
  'PUT /api/user/updatePwd',
  'POST /api/user/photo',
  'PUT /api/user/mail',
  'POST /api/userNoticeCfg/edit',
  // One's own devices' push subscriptions (issue 38).
  'POST /api/push/subscribe',
  'POST /api/push/unsubscribe',
  'DELETE /api/push/devices/{id}',
  'POST /api/device/v1/stations/{code}/report',
  'POST /api/device/v1/stations/{code}/commands/{id}/ack',
]);

describe('every route names its action', () => {
  it('the OpenAPI document’s x-may: each write is an action of the table or one’s own; reads are actions only where the table says', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { 'x-may'?: string }>> };
    const named = new Map<string, string>();
    const unnamedWrites: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${url}`;
        if (operation['x-may']) named.set(route, operation['x-may']);
        else if (method !== 'get' && !EVERY_SIGNED_IN_USER.has(route)) unnamedWrites.push(route);
      }
    }
    expect(unnamedWrites).toEqual([]);
    for (const action of new Set(named.values())) expect(ACTIONS).toContain(action);
    // Every action of the table is taken by some route, and the walk above calls routes of each.
    expect([...new Set(named.values())].sort()).toEqual([...ACTIONS].sort());
    expect(Object.fromEntries([...named].filter(([route]) => route.startsWith('GET ')))).toEqual({
      'GET /api/account/list': 'user:manage',
      'GET /api/account/export': 'user:manage',
      'GET /api/account/{id}': 'user:manage',
      'GET /api/tag/list': 'tag:manage',
      'GET /api/tag/export': 'tag:manage',
      'GET /api/tag/{id}': 'tag:manage',
      'GET /api/audit/list': 'audit:read',
      'GET /api/device-firmware': 'device:command',
      'GET /api/service-accounts/list': 'token:manage',
      'GET /api/webhooks/list': 'webhook:manage',
      'GET /api/webhooks/{id}': 'webhook:manage',
      'GET /api/webhooks/{id}/deliveries': 'webhook:manage',
    });
  });
});

describe('docs/roles.md prints the table', () => {
  it('one row per action, a cell per role, each marked as the spec’s or chosen', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/roles.md'), 'utf8');
    const rows = new Map<string, string[]>();
    for (const line of doc.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      const action = /^`([a-z]+:[a-z]+)`$/.exec(cells[1] ?? '')?.[1];
      if (action) rows.set(action, cells.slice(2, 2 + ROLES.length));
    }
    expect([...rows.keys()]).toEqual([...ACTIONS]);
    for (const action of ACTIONS) {
      const expected = ROLES.map((role) => `${may(role, action) ? 'yes' : 'no'}${basisOf(role, action) === 'spec' ? ' (§6)' : ''}`);
      expect(rows.get(action), action).toEqual(expected);
    }
    expect(Object.keys(ROLE_TABLE)).toHaveLength(ACTIONS.length);
  });
});
