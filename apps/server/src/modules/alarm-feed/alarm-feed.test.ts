import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ActiveAlarm } from '@ullage/contracts/monitor';
import { sql } from 'drizzle-orm';
import { rawRows } from '../../lib/raw-sql';
import { backend } from '../../test/databases';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { zh_CN } from '../../i18n/zh_CN';
import { collectSse, openSse, type OpenSse, type SseMessage } from '../../test/sse';
import { stationTime } from './message';

let ctx: TestContext;
let base = '';
const cookie: Record<string, string> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  for (const [name, password] of [['admin', ADMIN_PASSWORD], ['demo-station', DEMO_PASSWORD]] as const) {
    cookie[name] = await signIn(ctx.app, name, password);
    userId[name] = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: cookie[name]! } })).json().data.userId;
  }
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

type Received = SseMessage<Record<string, string | number | null>>;

/** Opens the feed, does `act`, and collects messages until `count` arrived or `ms` passed. */
function collect(who: string, query: string, act: () => Promise<unknown>, count: number, ms = 3000, headers: Record<string, string> = {}): Promise<Received[]> {
  return collectSse(`${base}/api/sse-msg/connect${query}`, { cookie: cookie[who]!, ...headers }, act, count, ms);
}

const ts = () => new Date(Date.now() - 2000).toISOString();
const send = (code: string, body: object) =>
  fetch(`${base}/api/device/v1/stations/${code}/report`, { method: 'POST', headers: { authorization: `Bearer demo-device-key:${code}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('live alarm feed (spec §7 sse-msg/connect)', () => {
  it('sends each new alarm with the spec fields, in the language asked for, time in the station’s zone', async () => {
    const startedAt = ts();
    const got = await collect('admin', `?userId=${userId.admin}&lang=zh_CN`, () => send('NWP-SZ02', { sensors: [{ sensorNo: 'S7', type: 'leak', ts: startedAt, state: 'alarm', code: 8 }] }), 1);
    expect(got).toHaveLength(1);
    // The event id is the alarm's place in the feed (alarm_feed.seq), the message names the alarm.
    const [row] = await rawRows<{ id: string }>(ctx.db, sql`select alarm_id as id from alarm_feed where seq = ${Number(got[0]!.id)}`);
    expect(got[0]!.data).toEqual({
      alarmId: Number(row!.id),
      stationId: expect.any(Number),
      kind: 'leak',
      startedAt,
      zone: 'GMT+8',
      stationName: 'Shenzhen Nanshan',
      classifyName: '泄漏报警',
      tankCode: null,
      sensorNo: 'S7',
      sensorTypeDesc: '泄漏传感器',
      alarmTypeDesc: zh_CN['alarm.code.leak.8'],
      startTime: stationTime(startedAt, 'Asia/Shanghai'),
    });
    expect(got[0]!.id).toMatch(/^\d+$/);
  });

  it('a level alarm in English by default, with its tank and no sensor', async () => {
    const got = await collect('admin', `?userId=${userId.admin}`, () => send('NWP-SZ02', { alarms: [{ kind: 'level', tank: '2', code: 2, ts: ts() }] }), 1);
    expect(got[0]!.data).toMatchObject({ classifyName: 'Level alarm', alarmTypeDesc: 'Data fault', tankCode: '2', sensorNo: null, sensorTypeDesc: null });
  });

  it('a station account hears only its own station', async () => {
    const other = await collect('demo-station', `?userId=${userId['demo-station']}`, () => send('NWP-MD06', { alarms: [{ kind: 'level', tank: '1', code: 2, ts: ts() }] }), 1, 1500);
    expect(other).toEqual([]);
    const own = await collect('demo-station', `?userId=${userId['demo-station']}&lang=es`, () => send('NWP-SH01', { alarms: [{ kind: 'level', tank: '1', code: 8, ts: ts() }] }), 1);
    expect(own[0]!.data).toMatchObject({ stationName: 'Shanghai Pudong', classifyName: 'Alarma de nivel' });
  });

  it('after a reconnect (Last-Event-ID) the client gets the alarms it missed', async () => {
    const first = await collect('admin', `?userId=${userId.admin}`, () => send('LSF-HO01', { alarms: [{ kind: 'level', tank: '1', code: 3, ts: ts() }] }), 1);
    const lastId = first[0]!.id!;
    await send('LSF-HO01', { alarms: [{ kind: 'level', tank: '2', code: 3, ts: ts() }, { kind: 'level', tank: '3', code: 3, ts: ts() }] });
    const replayed = await collect('admin', `?userId=${userId.admin}`, async () => {}, 2, 1500, { 'last-event-id': lastId });
    expect(replayed.map((r) => r.data.tankCode)).toEqual(['2', '3']);
    expect(replayed.every((r) => Number(r.id) > Number(lastId))).toBe(true);
  });

  it('a Last-Event-ID that is no feed place (text, negative, past 2^53, past the present) replays nothing and the feed works', async () => {
    const codes = [7, 8, 5, 4, 9];
    // The last is a place the feed has not reached (a browser that saw another database's feed).
    for (const [i, bad] of ['abc', '-5', '99999999999999999999', '1.5', '900000000'].entries()) {
      const got = await collect('admin', `?userId=${userId.admin}`, () => send('LSF-HO01', { alarms: [{ kind: 'level', tank: '1', code: codes[i], ts: ts() }] }), 1, 3000, { 'last-event-id': bad });
      expect(got.map((g) => [g.data.tankCode, Number(g.id) > 0])).toEqual([['1', true]]);
    }
  });

  it('alarms of one report arrive in the order they were raised, so Last-Event-ID never skips one', async () => {
    const alarms = ['1', '2', '3', '4'].flatMap((tank) => [3, 5].map((code) => ({ kind: 'level', tank, code, ts: ts() })));
    const got = await collect('admin', `?userId=${userId.admin}`, () => send('NWP-SZ02', { alarms }), alarms.length);
    expect(got).toHaveLength(alarms.length);
    const ids = got.map((g) => Number(g.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it.runIf(backend() === 'postgres')('an alarm that commits after a later-numbered one is sent after it, and replayed to a client that saw the later one', async () => {
    // Two writers (two instances, or the alarm lane and the bulk lane of one): alarm ids are taken
    // at insert, commits land in the other order. Event ids follow the commits (migration 0023).
    const url = ctx.config.databaseUrl!;
    const [early, late] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await early.connect();
    await late.connect();
    try {
      const [station] = (await early.query<{ id: number; distributor_id: number; company_id: number }>(`select id, distributor_id, company_id from stations where code = 'LSF-HO01'`)).rows;
      const origin = { distributorId: station!.distributor_id, companyId: station!.company_id, stationId: station!.id };
      const insert = async (client: pg.Client, tank: string) =>
        Number(
          (
            await client.query<{ id: string }>(
              `insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at)
               select $1, $2, $3, 'level', t.id, null, 6, 'device', now() from tanks t where t.station_id = $3 and t.code = $4 returning id`,
              [origin.distributorId, origin.companyId, origin.stationId, tank],
            )
          ).rows[0]!.id,
        );
      // What ingest publishes after its commit: "an alarm was raised".
      const announce = (id: number) => {
        const alarm: ActiveAlarm = { id, stationId: origin.stationId, stationName: 'Houston', timezone: 'America/Chicago', kind: 'level', code: 6, tankCode: null, sensorNo: null, startedAt: new Date().toISOString(), endedAt: null };
        ctx.app.live.publish(origin, { type: 'alarm', stationId: origin.stationId, alarm });
      };
      let earlyId = 0;
      let lateId = 0;
      const live = await collect('admin', `?userId=${userId.admin}`, async () => {
        await early.query('begin');
        earlyId = await insert(early, '1');
        await late.query('begin');
        lateId = await insert(late, '2');
        await late.query('commit');
        announce(lateId);
        await new Promise((r) => setTimeout(r, 300));
        await early.query('commit');
        announce(earlyId);
      }, 2);
      expect(earlyId).toBeLessThan(lateId);
      expect(live.map((m) => [m.data.alarmId, m.data.tankCode])).toEqual([[lateId, '2'], [earlyId, '1']]);
      expect(Number(live[1]!.id)).toBe(Number(live[0]!.id) + 1);
      // A client that saw only the later-numbered alarm and reconnected gets the other one.
      const replayed = await collect('admin', `?userId=${userId.admin}`, async () => {}, 1, 1500, { 'last-event-id': live[0]!.id! });
      expect(replayed.map((m) => [m.id, m.data.alarmId])).toEqual([[live[1]!.id, earlyId]]);
    } finally {
      await early.end();
      await late.end();
    }
  });

  it('refuses another user’s id (80003) and a missing session (30001)', async () => {
    const res = await fetch(`${base}/api/sse-msg/connect?userId=${userId['demo-station']}`, { headers: { cookie: cookie.admin! } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(80003);
    const anonymous = await fetch(`${base}/api/sse-msg/connect?userId=1`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(30001);
  });

  it('only alarms the user wants as in-app alerts, and a change applies to an open feed at once', async () => {
    const save = (byAlert: 0 | 1) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/userNoticeCfg/edit',
        payload: { userId: userId.admin, mailSendFrq: 30, typeReferList: [{ type: 1, referList: [{ remark: 4, byEmail: 0, byAlert }] }] },
        headers: { cookie: cookie.admin! },
      });
    expect((await save(0)).json().data).toBe(true);
    const got = await collect('admin', `?userId=${userId.admin}`, async () => {
      await send('LSF-DE03', { alarms: [{ kind: 'level', tank: '1', code: 4, ts: ts() }] });
      await new Promise((r) => setTimeout(r, 300));
      await save(1);
      await new Promise((r) => setTimeout(r, 300));
      await send('LSF-DE03', { alarms: [{ kind: 'level', tank: '2', code: 4, ts: ts() }, { kind: 'level', tank: '3', code: 5, ts: ts() }] });
    }, 2);
    expect(got.map((g) => [g.data.tankCode, g.data.alarmTypeDesc])).toEqual([
      ['2', 'No product float'],
      ['3', 'Product float fault'],
    ]);
  });

  it('a client back after 1,000 alarms, some with device times days old, gets every one once, in feed order', async () => {
    const [{ n: lastId }] = (await rawRows<{ n: string }>(ctx.db, sql`select n from alarm_feed_counter`)) as [{ n: string }];
    // Another feed stays open meanwhile, so this instance reads on to the present while the client is away.
    const watcher = await openSse<Record<string, string | number | null>>(`${base}/api/sse-msg/connect?userId=${userId.admin}`, { cookie: cookie.admin! });
    let missed: number[];
    try {
      // More than one page of the replay, as a collector emptying its buffer after an outage sends them,
      const ids = await insertAlarms('LSF-HO01', 1000);
      // then a device's alarm: ingest announces it, and the open feed is sent everything up to it at once.
      expect((await send('LSF-HO01', { alarms: [{ kind: 'level', tank: '1', code: 2, ts: ts() }] })).status).toBe(200);
      const [device] = await rawRows<{ id: string }>(ctx.db, sql`select max(id) as id from alarms`);
      missed = [...ids, Number(device!.id)];
      await receivedAll(watcher, missed);
    } finally {
      watcher.close();
    }
    const back = await openSse<Record<string, string | number | null>>(`${base}/api/sse-msg/connect?userId=${userId.admin}`, { cookie: cookie.admin!, 'last-event-id': lastId });
    try {
      await receivedAll(back, missed);
    } finally {
      back.close();
    }
  });

  it('the 5 s catch-up of an open feed sends every alarm it heard nothing of, more than a page of them, old device times too', async () => {
    const feed = await openSse<Record<string, string | number | null>>(`${base}/api/sse-msg/connect?userId=${userId.admin}`, { cookie: cookie.admin! });
    try {
      // Committed without the live event ingest publishes (as when the live bus was down): only the catch-up finds them.
      const ids = await insertAlarms('LSF-HO01', 600);
      await receivedAll(feed, ids, 8000);
    } finally {
      feed.close();
    }
  });

  it('station time is written as the station reads it', () => {
    expect(stationTime('2026-11-22T08:00:05Z', 'Asia/Shanghai')).toBe('2026-11-22 16:00:05');
    expect(stationTime('2026-11-22T08:00:05Z', 'America/Chicago')).toBe('2026-11-22 02:00:05');
  });
});

/**
 * `count` closed level alarms of a station straight into the table the feed reads, as ingest
 * commits them (their feed places are taken at commit), every fifth started days ago by its
 * device clock; their ids in the order they were inserted.
 */
async function insertAlarms(station: string, count: number): Promise<number[]> {
  const rows = await rawRows<{ id: string }>(
    ctx.db,
    sql`insert into alarms (distributor_id, company_id, station_id, kind, tank_id, sensor_no, code, source, started_at, ended_at)
        select s.distributor_id, s.company_id, s.id, 'level', null, null, (array[3, 5, 6])[1 + i % 3], 'device',
               now() - case when i % 5 = 0 then interval '3 days' + i * interval '1 minute' else i * interval '1 second' end, now()
        from stations s, generate_series(1, ${count}) i where s.code = ${station} order by i returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Waits until `feed` has `ids.length` alarms, then a little more: exactly those, each once, in feed order. */
async function receivedAll(feed: OpenSse<Record<string, string | number | null>>, ids: number[], ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (feed.messages.length < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300));
  const got = feed.messages;
  expect(got.length).toBe(ids.length);
  const places = got.map((m) => Number(m.id));
  expect(places).toEqual([...places].sort((a, b) => a - b));
  expect(new Set(places).size).toBe(places.length);
  const byPlace = new Map((await rawRows<{ id: string; feed_seq: string }>(ctx.db, sql`select alarm_id as id, seq as feed_seq from alarm_feed where alarm_id between ${Math.min(...ids)} and ${Math.max(...ids)}`)).map((r) => [Number(r.feed_seq), Number(r.id)]));
  expect(got.map((m) => m.data.alarmId)).toEqual(places.map((p) => byPlace.get(p)));
  expect(new Set(got.map((m) => m.data.alarmId))).toEqual(new Set(ids));
}
