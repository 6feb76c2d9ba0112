import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '@ullage/domain/webhook-events';
import { auditLog, stations, tanks, users } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { deviceReport, signIn } from '../../test/harness';
import { addSecondOrganisation, SECOND_ORGANISATION_PASSWORD } from '../../test/second-organisation';
import { appWithSeededAccounts } from '../../test/signed-in';

// The endpoints' API (issue 38) on the default setting: private addresses refused. Public
// address literals need no look-up and nothing is sent here (the sender's tests: sender.test.ts).
const { ctx, call, cookie } = appWithSeededAccounts();

const PUBLIC = 'http://93.184.216.34/hooks';
const body = (overrides: object = {}) => ({ url: PUBLIC, description: 'Dispatch', events: ['alarm.opened', 'delivery.recorded'], ...overrides });
let station: { id: number; code: string; tankCode: string };

beforeAll(async () => {
  await addSecondOrganisation(ctx().db);
  cookie['pampa-company'] = await signIn(ctx().app, 'pampa-company', SECOND_ORGANISATION_PASSWORD);
  // A station with a tank of the demo company's (demo-company's own).
  const [company] = await ctx().db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'demo-company'));
  const [row] = await ctx().db
    .select({ id: stations.id, code: stations.code, tankCode: tanks.code })
    .from(stations)
    .innerJoin(tanks, eq(tanks.stationId, stations.id))
    .where(eq(stations.companyId, company!.companyId!))
    .limit(1);
  station = row!;
});

describe('webhook endpoints: create, read, edit, rotate, delete', () => {
  let id: number;
  let secret: string;

  it('a company creates an endpoint of its own; the secret is answered once, never listed', async () => {
    const answer = (await call('demo-company', 'POST', '/api/webhooks', body())).json();
    expect(answer).toMatchObject({ code: 1000, msg: 'Setting saved', data: { url: PUBLIC, description: 'Dispatch', events: ['alarm.opened', 'delivery.recorded'], enabled: true, disabledReason: null, companyId: expect.any(Number) } });
    expect(answer.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    ({ id, secret } = answer.data);
    const listed = (await call('demo-company', 'GET', '/api/webhooks/list')).json().data;
    expect(listed.list.map((e: { id: number }) => e.id)).toEqual([id]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify((await call('demo-company', 'GET', `/api/webhooks/${id}`)).json())).not.toContain(secret);
  });

  it('edits; rotating answers a new secret once; the audit log has the changes, never a secret', async () => {
    const edited = (await call('demo-company', 'PUT', `/api/webhooks/${id}`, body({ description: 'ERP', events: ['alarm.opened'], enabled: false }))).json();
    expect(edited.data).toMatchObject({ description: 'ERP', events: ['alarm.opened'], enabled: false });
    await call('demo-company', 'PUT', `/api/webhooks/${id}`, body({ events: ['alarm.opened', 'alarm.ended'] }));
    const rotated = (await call('demo-company', 'POST', `/api/webhooks/${id}/rotate-secret`)).json();
    expect(rotated.msg).toBe('New secret made: copy it now, it is not shown again');
    expect(rotated.data.secret).toMatch(/^whsec_/);
    expect(rotated.data.secret).not.toBe(secret);
    const audit = await ctx().db.select().from(auditLog).where(and(eq(auditLog.entity, 'webhook'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update']);
    expect(audit[1]!.changes).toMatchObject({ description: ['Dispatch', 'ERP'], enabled: [true, false] });
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(rotated.data.secret);
  });

  it('a test event queues one delivery for this endpoint, listed newest first', async () => {
    const queued = (await call('demo-company', 'POST', `/api/webhooks/${id}/test`)).json();
    expect(queued).toMatchObject({ code: 1000, data: { deliveryId: expect.any(Number) } });
    const list = (await call('demo-company', 'GET', `/api/webhooks/${id}/deliveries`)).json().data;
    expect(list).toMatchObject({ total: 1, list: [{ id: queued.data.deliveryId, eventType: 'test.ping', status: 'pending', attempts: 0, lastStatusCode: null }] });
    expect((await call('demo-company', 'POST', `/api/webhooks/${id}/deliveries/${queued.data.deliveryId}/redeliver`)).json()).toMatchObject({ code: 100, info: { result: 'success' } });
  });

  it('deletes with its deliveries; the id then answers 80001', async () => {
    expect((await call('demo-company', 'DELETE', `/api/webhooks/${id}`)).json()).toMatchObject({ code: 100 });
    expect((await call('demo-company', 'GET', `/api/webhooks/${id}`)).json().code).toBe(80001);
    const [left] = await rawRows<{ n: number }>(ctx().db, sql`select count(*)::int as n from webhook_deliveries where endpoint_id = ${id}`);
    expect(left!.n).toBe(0);
  });
});

describe('webhook endpoints: bad input is 91011 naming the field', () => {
  const refusals: [string, object, string][] = [
    ['a text that is not a URL', { url: 'hooks at our place' }, 'URL: must be a URL such as https://example.com/hooks/ullage'],
    ['another scheme', { url: 'ftp://93.184.216.34/x' }, 'URL: must start with http:// or https://'],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'URL: must start with http:// or https://'],
    ['credentials in the URL', { url: 'https://me:pw@93.184.216.34/x' }, 'URL: must not contain a user name or password (the signature authenticates each delivery)'],
    ['loopback', { url: 'http://127.0.0.1:8080/x' }, 'URL: must not point to a private'],
    ['localhost', { url: 'http://localhost/x' }, 'URL: must not point to a private'],
    ['an RFC 1918 address', { url: 'http://192.168.1.10/x' }, 'URL: must not point to a private'],
    ['cloud metadata (link-local)', { url: 'http://169.254.169.254/latest' }, 'URL: must not point to a private'],
    ['CGNAT', { url: 'http://100.64.1.1/x' }, 'URL: must not point to a private'],
    ['IPv6 loopback', { url: 'http://[::1]/x' }, 'URL: must not point to a private'],
    ['IPv4-mapped private IPv6', { url: 'http://[::ffff:10.0.0.1]/x' }, 'URL: must not point to a private'],
    ['a decimal loopback host', { url: 'http://2130706433/x' }, 'URL: must not point to a private'],
    ['a missing URL', { url: undefined }, 'URL: is required'],
    ['no events', { events: [] }, 'Event: is not valid'],
    ['an unknown event', { events: ['alarm.opened', 'tank.exploded'] }, 'Event 2: is not valid'],
    ['a description over 200 characters', { description: 'd'.repeat(201) }, 'Description: must be at most 200 characters'],
  ];
  for (const [name, overrides, msg] of refusals) {
    it(`refuses ${name}`, async () => {
      const answer = (await call('demo-company', 'POST', '/api/webhooks', body(overrides))).json();
      expect(answer.code).toBe(91011);
      expect(answer.msg.startsWith(msg)).toBe(true);
    });
  }

  it('an edit is checked alike, in the caller’s language', async () => {
    const { id } = (await call('demo-company', 'POST', '/api/webhooks', body())).json().data;
    expect((await call('demo-company', 'PUT', `/api/webhooks/${id}`, body({ url: 'http://10.0.0.1/x' }), 'es')).json().msg).toMatch(/^URL: no debe apuntar a una dirección privada/);
    expect((await call('demo-company', 'GET', `/api/webhooks/${id}`)).json().data.url).toBe(PUBLIC);
    await call('demo-company', 'DELETE', `/api/webhooks/${id}`);
  });
});

describe('webhook endpoints: each organisation its own', () => {
  it('another organisation’s endpoint is not found, whatever it asks; a station account is refused', async () => {
    const { id } = (await call('demo-company', 'POST', '/api/webhooks', body())).json().data;
    const delivery = (await call('demo-company', 'POST', `/api/webhooks/${id}/test`)).json().data.deliveryId;
    const notFound = { code: 80001 };
    for (const [method, url, payload] of [
      ['GET', `/api/webhooks/${id}`],
      ['PUT', `/api/webhooks/${id}`, body({ url: 'http://93.184.216.35/stolen' })],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
      ['POST', `/api/webhooks/${id}/test`],
      ['GET', `/api/webhooks/${id}/deliveries`],
      ['POST', `/api/webhooks/${id}/deliveries/${delivery}/redeliver`],
      ['DELETE', `/api/webhooks/${id}`],
    ] as const) {
      expect((await call('pampa-company', method, url, payload)).json(), `${method} ${url}`).toMatchObject(notFound);
      expect((await call('demo-station', method, url, payload)).json(), `${method} ${url}`).toMatchObject({ code: 80003 });
    }
    expect((await call('pampa-company', 'GET', '/api/webhooks/list')).json().data.list).toEqual([]);
    // Its own endpoint does not open another's delivery either.
    const own = (await call('pampa-company', 'POST', '/api/webhooks', body())).json().data.id;
    expect((await call('pampa-company', 'POST', `/api/webhooks/${own}/deliveries/${delivery}/redeliver`)).json()).toMatchObject(notFound);
    // The demo distributor sees its company's endpoint; the administrator sees both.
    expect((await call('demo-distributor', 'GET', '/api/webhooks/list')).json().data.list.map((e: { id: number }) => e.id)).toEqual([id]);
    expect((await call('admin', 'GET', '/api/webhooks/list')).json().data.list.map((e: { id: number }) => e.id)).toEqual([own, id]);
    expect((await call('demo-company', 'GET', `/api/webhooks/${id}`)).json().data.url).toBe(PUBLIC);
    await call('pampa-company', 'DELETE', `/api/webhooks/${own}`);
    await call('demo-company', 'DELETE', `/api/webhooks/${id}`);
  });

  it('an alarm is heard by the endpoints whose organisation holds its station and that subscribed to it, only', async () => {
    const make = async (who: string, events: string[]) => (await call(who, 'POST', '/api/webhooks', body({ events }))).json().data.id as number;
    const company = await make('demo-company', ['alarm.opened']);
    const distributor = await make('demo-distributor', ['alarm.opened', 'alarm.ended']);
    const admin = await make('admin', [...WEBHOOK_EVENT_TYPES]);
    const foreign = await make('pampa-company', ['alarm.opened']);
    const unsubscribed = await make('demo-company', ['delivery.recorded']);
    const disabled = (await call('demo-company', 'POST', '/api/webhooks', body({ events: ['alarm.opened'], enabled: false }))).json().data.id as number;
    const at = new Date(Date.now() - 60_000).toISOString();
    const sent = await deviceReport(ctx().app, station.code, { alarms: [{ kind: 'level', tank: station.tankCode, code: 13, ts: at }] });
    expect(sent.json().code).toBe(1000);
    const heard = async (id: number) => ((await call('admin', 'GET', `/api/webhooks/${id}/deliveries`)).json().data.list as { eventType: string }[]).map((d) => d.eventType);
    expect(await heard(company)).toEqual(['alarm.opened']);
    expect(await heard(distributor)).toEqual(['alarm.opened']);
    expect(await heard(admin)).toEqual(['alarm.opened']);
    expect(await heard(foreign)).toEqual([]);
    expect(await heard(unsubscribed)).toEqual([]);
    expect(await heard(disabled)).toEqual([]);
    // The same alarm ending: alarm.ended to those that subscribed to it.
    await deviceReport(ctx().app, station.code, { alarms: [{ kind: 'level', tank: station.tankCode, code: 13, ts: new Date(Date.now() - 30_000).toISOString(), state: 'cleared' }] });
    expect(await heard(distributor)).toEqual(['alarm.ended', 'alarm.opened']);
    expect(await heard(company)).toEqual(['alarm.opened']);
    // One event row per event, shared by its deliveries; its payload data in SI with the station's context.
    const events = await rawRows<{ type: string; data: { code: number; tankId: number }; context: { stationZone: string; tankCode: string } }>(ctx().db, sql`select type, data, context from webhook_events where type like 'alarm.%' order by id`);
    expect(events.map((e) => e.type)).toEqual(['alarm.opened', 'alarm.ended']);
    expect(events[0]).toMatchObject({ data: { code: 13, kind: 'level' }, context: { tankCode: station.tankCode, stationZone: expect.stringMatching(/\//) } });
  });

  it('nothing is written for an event no endpoint hears', async () => {
    await ctx().db.execute(sql`delete from webhook_endpoints`);
    const [before] = await rawRows<{ n: number }>(ctx().db, sql`select count(*)::int as n from webhook_events`);
    await deviceReport(ctx().app, station.code, { alarms: [{ kind: 'level', tank: station.tankCode, code: 12, ts: new Date(Date.now() - 20_000).toISOString() }] });
    const [after] = await rawRows<{ n: number }>(ctx().db, sql`select count(*)::int as n from webhook_events`);
    expect(after!.n).toBe(before!.n);
  });
});

describe('the OpenAPI document declares the events (3.1 `webhooks`)', () => {
  it('one POST per event type with its payload, and the signature headers', async () => {
    const doc = (await ctx().app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'test.ping'].sort());
    const opened = doc.webhooks['alarm.opened'].post;
    expect(opened.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(opened.requestBody.content['application/json'].schema.properties).toMatchObject({ type: { const: 'alarm.opened' }, version: { const: 1 } });
    expect(doc.paths['/api/webhooks/{id}/rotate-secret'].post['x-may'] ?? 'webhook:manage').toBe('webhook:manage');
  });
});
