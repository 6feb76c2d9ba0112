import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@ullage/contracts/monitor';
import { rawRows } from '../lib/raw-sql';
import { testDevice } from '../modules/device-commands/test-device';
import { backend } from '../test/databases';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startPeerApp, startTestApp, testDeviceKey, type TestContext } from '../test/harness';
import { openSse, type OpenSse } from '../test/sse';

/**
 * Two instances of the app on one PostgreSQL database, as behind a load balancer (DESIGN §7):
 * what happens on A reaches B through the live bus, over Redis and over LISTEN/NOTIFY. The
 * embedded database serves one process, so there is no second instance to test there.
 */
const onPostgres = backend() === 'postgres';
/** CI runs Redis beside PostgreSQL. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Alarm = Record<string, string | number | null>;
interface Instance {
  ctx: TestContext;
  base: string;
  logs: { level: number; msg: string }[];
}

/** A logger that keeps what the bus says (the warn once per outage, the info when it is back). */
function keptLogger(logs: Instance['logs']) {
  return pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as Instance['logs'][number]) });
}

describe.skipIf(!onPostgres)(
  onPostgres ? 'live events across instances' : 'live events across instances — skipped: a second instance needs a PostgreSQL server (set TEST_DATABASE_URL)',
  () => {
    describe.each([['redis'], ['postgres']] as const)('over %s', (transport) => {
      let a: Instance;
      let b: Instance;
      let admin = '';
      let adminId = 0;

      beforeAll(async () => {
        const aLogs: Instance['logs'] = [];
        const bLogs: Instance['logs'] = [];
        const config = transport === 'redis' ? { redisUrl: REDIS_URL } : {};
        const first = await startTestApp({ config, logger: keptLogger(aLogs) });
        const second = await startPeerApp(first, { logger: keptLogger(bLogs) });
        a = { ctx: first, base: await first.app.listen({ port: 0, host: '127.0.0.1' }), logs: aLogs };
        b = { ctx: second, base: await second.app.listen({ port: 0, host: '127.0.0.1' }), logs: bLogs };
        for (const instance of [a, b]) {
          expect(instance.ctx.app.bus.kind).toBe(transport);
          // (expect.poll works in tests only.)
          for (const until = Date.now() + 5000; !instance.ctx.app.bus.connected && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
          expect(instance.ctx.app.bus.connected).toBe(true);
        }
        // Sessions live in the database: one sign-in serves both instances.
        admin = await signIn(a.ctx.app, 'admin', ADMIN_PASSWORD);
        adminId = (await b.ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: admin } })).json().data.userId;
      });
      afterAll(async () => {
        await b?.ctx.close();
        await a?.ctx.close();
      });

      const report = (at: Instance, code: string, body: object, key = testDeviceKey(code)) =>
        fetch(`${at.base}/api/device/v1/stations/${code}/report`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const ts = () => new Date(Date.now() - 1000).toISOString();
      const levelAlarms = (...list: [tank: string, code: number][]) => ({ alarms: list.map(([tank, code]) => ({ kind: 'level', tank, code, ts: ts() })) });
      const alarmFeed = (at: Instance, cookie = admin, userId = adminId, headers: Record<string, string> = {}) => openSse<Alarm>(`${at.base}/api/sse-msg/connect?userId=${userId}`, { cookie, ...headers });
      const monitorFeed = (at: Instance, cookie = admin) => openSse<LiveEvent>(`${at.base}/api/monitor/events`, { cookie });
      /** The alarm ids of a station's tank, oldest first. */
      /** The feed places (the event ids: migrations 0023, 0030) of a station's alarms, in feed order. */
      const alarmIds = async (stationCode: string, tankCode?: string) =>
        (
          await rawRows<{ feed_seq: string }>(
            a.ctx.db,
            sql`select f.seq as feed_seq from alarm_feed f join alarms a on a.id = f.alarm_id join stations s on s.id = a.station_id left join tanks t on t.id = a.tank_id where s.code = ${stationCode} and (${tankCode ?? null}::text is null or t.code = ${tankCode ?? null}) order by f.seq`,
          )
        ).map((r) => Number(r.feed_seq));
      const metric = async (at: Instance, series: string) => {
        const line = (await at.ctx.app.inject({ method: 'GET', url: '/metrics' })).body.split('\n').find((l) => l.startsWith(`${series} `));
        return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
      };
      const connectedGauge = (at: Instance) => metric(at, `ullage_live_bus_connected{transport="${transport}"}`);
      const messages = (at: Instance, outcome: 'published' | 'received' | 'dropped') => metric(at, `ullage_live_bus_messages_total{outcome="${outcome}"}`).then((n) => (Number.isNaN(n) ? 0 : n));
      const closeAll = (...feeds: OpenSse<unknown>[]) => feeds.forEach((f) => f.close());

      /** Cuts an instance's bus connection from the server side, as a Redis or PostgreSQL restart would. */
      async function cut(at: Instance) {
        const id = at.ctx.app.bus.instanceId;
        if (transport === 'redis') {
          const redis = new Redis(REDIS_URL);
          try {
            const clients = ((await redis.client('LIST')) as string).split('\n');
            // Both of its connections: it can neither publish nor hear.
            const ids = clients.filter((l) => l.includes(` name=ullage-live-pub-${id} `) || l.includes(` name=ullage-live-sub-${id} `)).map((l) => /\bid=(\d+)/.exec(l)![1]!);
            expect(ids).toHaveLength(2);
            for (const clientId of ids) await redis.client('KILL', 'ID', clientId);
          } finally {
            redis.disconnect();
          }
        } else {
          const killed = await rawRows<{ killed: boolean }>(a.ctx.db, sql`select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = ${`ullage-live-${id}`}`);
          expect(killed).toEqual([{ killed: true }]);
        }
      }

      it('a high-level reading reported to A: B’s alarm feed gets the alarms A’s gets, and B’s monitor feed the same events as A’s', async () => {
        const [tank] = await rawRows<{ height: number }>(a.ctx.db, sql`select t.height_mm as height from tanks t join stations s on s.id = t.station_id where s.code = 'LSF-DA02' and t.code = '1'`);
        const feeds = { alarmsA: await alarmFeed(a), alarmsB: await alarmFeed(b), eventsA: await monitorFeed(a), eventsB: await monitorFeed(b) };
        // Above the seeded high alarm (95% of the height) and high warning (90%).
        const res = await report(a, 'LSF-DA02', { readings: [{ tank: '1', ts: ts(), productHeightMm: Math.round(tank!.height * 0.97), waterHeightMm: 0, temperatureC: 20 }] });
        expect(((await res.json()) as { code: number }).code).toBe(1000);
        const ids = await alarmIds('LSF-DA02', '1');
        expect(ids).toHaveLength(2);
        await expect.poll(() => [feeds.alarmsA.messages.length, feeds.alarmsB.messages.length], { timeout: 3000 }).toEqual([2, 2]);
        expect(feeds.alarmsB.messages.map((m) => Number(m.id))).toEqual(ids);
        expect(feeds.alarmsB.messages.map((m) => m.data.alarmTypeDesc).sort()).toEqual(['High alarm', 'High warning']);
        expect(feeds.alarmsB.messages).toEqual(feeds.alarmsA.messages);
        // status (first contact), inventory, and the two alarms.
        await expect.poll(() => [feeds.eventsA.messages.length, feeds.eventsB.messages.length], { timeout: 3000 }).toEqual([4, 4]);
        expect(feeds.eventsB.messages.map((m) => m.data)).toEqual(feeds.eventsA.messages.map((m) => m.data));
        expect(feeds.eventsB.messages.map((m) => m.data.type)).toEqual(['status', 'inventory', 'alarm', 'alarm']);
        expect(feeds.eventsB.messages[1]!.data).toMatchObject({ type: 'inventory', tanks: [{ productHeightMm: Math.round(tank!.height * 0.97) }] });
        closeAll(...Object.values(feeds));
      });

      it('alarms raised through A reach B in feed order, so Last-Event-ID never skips one', async () => {
        const feed = await alarmFeed(b);
        await report(a, 'NWP-SZ02', levelAlarms(...['1', '2', '3', '4'].flatMap((tank) => [[tank, 3], [tank, 5]] as [string, number][])));
        await expect.poll(() => feed.messages.length, { timeout: 3000 }).toBe(8);
        expect(feed.messages.map((m) => Number(m.id))).toEqual(await alarmIds('NWP-SZ02'));
        feed.close();
      });

      it('notification settings changed on A apply to the feed open on B at once', async () => {
        const save = (byAlert: 0 | 1) =>
          a.ctx.app.inject({
            method: 'POST',
            url: '/api/userNoticeCfg/edit',
            payload: { userId: adminId, mailSendFrq: 30, typeReferList: [{ type: 1, referList: [{ remark: 4, byEmail: 0, byAlert }] }] },
            headers: { cookie: admin },
          });
        const feed = await alarmFeed(b);
        expect((await save(0)).json().data).toBe(true);
        await new Promise((r) => setTimeout(r, 300));
        await report(a, 'LSF-DE03', levelAlarms(['1', 4]));
        await new Promise((r) => setTimeout(r, 300));
        expect((await save(1)).json().data).toBe(true);
        await new Promise((r) => setTimeout(r, 300));
        await report(a, 'LSF-DE03', levelAlarms(['2', 4]));
        await expect.poll(() => feed.messages.length, { timeout: 3000 }).toBe(1);
        await new Promise((r) => setTimeout(r, 300));
        expect(feed.messages.map((m) => [m.data.tankCode, m.data.alarmTypeDesc])).toEqual([['2', 'No product float']]);
        feed.close();
      });

      it('a device key rotated on A: B drops its cached station at once, refusing the old key and taking the new one', async () => {
        const code = 'LSF-BG06';
        const reading = () => ({ readings: [{ tank: '1', ts: ts(), productHeightMm: 1000, temperatureC: 20 }] });
        expect((await report(b, code, reading())).status).toBe(200);
        const [station] = await rawRows<{ id: number }>(a.ctx.db, sql`select id from stations where code = ${code}`);
        const rotated = (await a.ctx.app.inject({ method: 'POST', url: `/api/station/${station!.id}/device-key`, headers: { cookie: admin } })).json();
        expect(rotated.code).toBe(1000);
        // B would keep its cached station for 5 s without the bus.
        await expect.poll(async () => (await report(b, code, reading(), rotated.data.deviceKey as string)).status, { timeout: 1500, interval: 100 }).toBe(200);
        expect((await report(b, code, reading())).status).toBe(401);
      });

      it('tank thresholds a device acknowledged through A apply to its next report on B at once', async () => {
        const code = 'LSF-MX05';
        const [tank] = await rawRows<{ id: number; station: number; height: number }>(
          a.ctx.db,
          sql`select t.id, t.station_id as station, t.height_mm as height from tanks t join stations s on s.id = t.station_id where s.code = ${code} and t.code = '1'`,
        );
        const h = tank!.height;
        const level = (at: Instance) => report(at, code, { readings: [{ tank: '1', ts: ts(), productHeightMm: Math.round(h * 0.5), waterHeightMm: 0, temperatureC: 20 }] });
        expect((await level(b)).status).toBe(200);
        expect(await alarmIds(code, '1')).toEqual([]);
        const issued = await a.ctx.app.inject({
          method: 'POST',
          url: '/api/device-commands/thresholds',
          headers: { cookie: admin },
          payload: { stationId: tank!.station, tankId: tank!.id, highOilAlarmMm: Math.round(h * 0.45), highOilWarnMm: Math.round(h * 0.4), lowOilWarnMm: Math.round(h * 0.15), lowOilAlarmMm: Math.round(h * 0.1), highWaterAlarmMm: 100 },
        });
        expect(issued.json().code).toBe(1000);
        expect((await testDevice(a.ctx.app, code).ack(issued.json().data.id as number, { status: 'success' })).json().data).toMatchObject({ state: 'success', applied: true });
        await new Promise((r) => setTimeout(r, 300));
        // Half full is now above the high alarm and the high warning.
        expect((await level(b)).status).toBe(200);
        const open = await rawRows<{ code: number }>(a.ctx.db, sql`select code from alarms where tank_id = ${tank!.id} and ended_at is null order by code`);
        expect(open.map((r) => r.code)).toEqual([10, 11]);
      });

      it('a logout on A ends the session’s stream open on B at once', async () => {
        const cookie = await signIn(a.ctx.app, 'demo-company', DEMO_PASSWORD);
        const stream = await monitorFeed(b, cookie);
        expect((await a.ctx.app.inject({ method: 'POST', url: '/api/login/logout', headers: { cookie } })).json().code).toBe(100);
        // B checks its streams' sessions every 15 s otherwise.
        const ended = await Promise.race([stream.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 1000))]);
        expect(ended).toBe(true);
      });

      it('replay: a client back on B with Last-Event-ID gets the alarms raised through A while it was away', async () => {
        const first = await alarmFeed(b);
        await report(a, 'LSF-HO01', levelAlarms(['1', 3]));
        await expect.poll(() => first.messages.length, { timeout: 3000 }).toBe(1);
        first.close();
        const lastId = first.messages[0]!.id!;
        await report(a, 'LSF-HO01', levelAlarms(['2', 3], ['3', 3]));
        const again = await alarmFeed(b, admin, adminId, { 'last-event-id': lastId });
        await expect.poll(() => again.messages.length, { timeout: 3000 }).toBe(2);
        expect(again.messages.map((m) => m.data.tankCode)).toEqual(['2', '3']);
        expect(again.messages.map((m) => Number(m.id))).toEqual((await alarmIds('LSF-HO01')).slice(1));
        again.close();
      });

      it('an event of more than 8000 bytes (NOTIFY’s limit) arrives whole', async () => {
        const sensors = Array.from({ length: 150 }, (_, i) => ({ sensorNo: `S${String(i).padStart(3, '0')}`, type: 'interstitial', ts: ts(), state: 'normal' }));
        const feeds = { eventsA: await monitorFeed(a), eventsB: await monitorFeed(b) };
        expect((await report(a, 'NWP-MD06', { sensors })).status).toBe(200);
        const sensorEvents = (feed: OpenSse<LiveEvent>) => feed.messages.filter((m) => m.data.type === 'sensors').length;
        await expect.poll(() => [sensorEvents(feeds.eventsA), sensorEvents(feeds.eventsB)], { timeout: 3000 }).toEqual([1, 1]);
        const event = feeds.eventsB.messages.find((m) => m.data.type === 'sensors')!.data as Extract<LiveEvent, { type: 'sensors' }>;
        expect(JSON.stringify(event).length).toBeGreaterThan(8000);
        expect(event.sensors.map((s) => s.sensorNo)).toEqual(sensors.map((s) => s.sensorNo));
        expect(feeds.eventsB.messages.map((m) => m.data)).toEqual(feeds.eventsA.messages.map((m) => m.data));
        // PostgreSQL sent it by id, through the table; Redis carries it as it is.
        const [stored] = await rawRows<{ n: string }>(a.ctx.db, sql`select count(*) as n from live_bus_payloads where payload like '%S149%'`);
        expect(Number(stored!.n)).toBe(transport === 'postgres' ? 1 : 0);
        closeAll(...Object.values(feeds));
      });

      it('B’s connection cut: its gauge says so, it reconnects, logs each once, and hears A again', async () => {
        const feed = await alarmFeed(b);
        await cut(b);
        await expect.poll(() => connectedGauge(b), { timeout: 2000, interval: 10 }).toBe(0);
        // Writes on A go on meanwhile.
        const during = await report(a, 'NWP-DX03', levelAlarms(['1', 3]));
        expect(((await during.json()) as { code: number }).code).toBe(1000);
        expect(await alarmIds('NWP-DX03', '1')).toHaveLength(1);
        await expect.poll(() => connectedGauge(b), { timeout: 10_000, interval: 50 }).toBe(1);
        await report(a, 'NWP-DX03', levelAlarms(['2', 3]));
        const [afterId] = await alarmIds('NWP-DX03', '2');
        await expect.poll(() => feed.messages.map((m) => Number(m.id)), { timeout: 3000 }).toContain(afterId);
        expect(feed.messages.at(-1)!.data).toMatchObject({ stationName: 'Dubai Sheikh Zayed Rd', tankCode: '2' });
        expect(b.logs.filter((l) => l.msg.startsWith('live bus lost')).map((l) => l.level)).toEqual([40]);
        expect(b.logs.filter((l) => l.msg.startsWith('live bus back'))).toHaveLength(1);
        feed.close();
      });

      it('A’s connection cut: A’s own feeds still get its alarms and the write succeeds; the unsent one is counted; B’s feed still gets it from the database within 5 s; then B hears A again', async () => {
        const feeds = { own: await alarmFeed(a), other: await alarmFeed(b) };
        const droppedBefore = await messages(a, 'dropped');
        await cut(a);
        await expect.poll(() => connectedGauge(a), { timeout: 2000, interval: 10 }).toBe(0);
        const during = await report(a, 'NWP-RY04', levelAlarms(['1', 3]));
        expect(((await during.json()) as { code: number }).code).toBe(1000);
        const [duringId] = await alarmIds('NWP-RY04', '1');
        await expect.poll(() => feeds.own.messages.map((m) => Number(m.id)), { timeout: 3000 }).toEqual([duringId]);
        expect(await messages(a, 'dropped')).toBeGreaterThan(droppedBefore);
        await expect.poll(() => connectedGauge(a), { timeout: 10_000, interval: 50 }).toBe(1);
        // No other alarm comes to wake B: its 5-second look in the database finds the one it never heard of.
        await expect.poll(() => feeds.other.messages.map((m) => Number(m.id)), { timeout: 7000, interval: 100 }).toEqual([duringId]);
        await report(a, 'NWP-RY04', levelAlarms(['2', 3]));
        const [afterId] = await alarmIds('NWP-RY04', '2');
        await expect.poll(() => feeds.other.messages.map((m) => Number(m.id)), { timeout: 3000 }).toEqual([duringId, afterId]);
        // A's own feed looks the alarm up on its own; it may come a moment after B's.
        await expect.poll(() => feeds.own.messages.map((m) => Number(m.id)), { timeout: 3000 }).toEqual([duringId, afterId]);
        expect(await messages(a, 'published')).toBeGreaterThan(0);
        expect(await messages(b, 'received')).toBeGreaterThan(0);
        expect(a.logs.filter((l) => l.msg.startsWith('live bus lost'))).toHaveLength(1);
        expect(a.logs.filter((l) => l.msg.startsWith('live bus back'))).toHaveLength(1);
        closeAll(...Object.values(feeds));
      });
    });

    describe('Redis unreachable from the start', () => {
      let ctx: TestContext;
      const logs: Instance['logs'] = [];
      beforeAll(async () => {
        // Nothing listens on port 1.
        ctx = await startTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' }, logger: keptLogger(logs) });
      });
      afterAll(() => ctx?.close());

      it('the app starts and works on its own: writes succeed, its own feeds hear them, the gauge says 0, the warning is logged once', async () => {
        const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        const cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
        const userId = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie } })).json().data.userId as number;
        const feed = await openSse<Alarm>(`${base}/api/sse-msg/connect?userId=${userId}`, { cookie });
        const res = await fetch(`${base}/api/device/v1/stations/NWP-SH01/report`, {
          method: 'POST',
          headers: { authorization: `Bearer ${testDeviceKey('NWP-SH01')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ alarms: [{ kind: 'level', tank: '1', code: 3, ts: new Date(Date.now() - 1000).toISOString() }] }),
        });
        expect(((await res.json()) as { code: number }).code).toBe(1000);
        await expect.poll(() => feed.messages.map((m) => m.data.stationName), { timeout: 3000 }).toEqual(['Shanghai Pudong']);
        feed.close();
        expect(ctx.app.bus.connected).toBe(false);
        const metrics = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
        expect(metrics).toContain('ullage_live_bus_connected{transport="redis"} 0');
        expect(metrics).toMatch(/ullage_live_bus_messages_total\{outcome="dropped"\} [1-9]/);
        // Several attempts have failed by now (0.5 s, 1 s, …): one warning for them all.
        await new Promise((r) => setTimeout(r, 2000));
        expect(logs.filter((l) => l.msg.startsWith('live bus cannot connect')).map((l) => l.level)).toEqual([40]);
        expect(logs.filter((l) => l.msg.startsWith('live events are not reaching'))).toHaveLength(1);
      });
    });
  },
);
