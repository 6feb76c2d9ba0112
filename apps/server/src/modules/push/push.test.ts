import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pushSubscriptions, users } from '../../db/schema';
import { en } from '../../i18n/en';
import { es } from '../../i18n/es';
import { zh_CN } from '../../i18n/zh_CN';
import { rawRows } from '../../lib/raw-sql';
import { browserSubscription, FakePushService, verifyVapid } from '../../test/fake-push-service';
import { backend } from '../../test/databases';
import { ADMIN_PASSWORD, DEMO_PASSWORD, deviceReport, signIn, startPeerApp, startTestApp, type TestContext } from '../../test/harness';
import { addSecondOrganisation, SECOND_ORGANISATION_PASSWORD } from '../../test/second-organisation';
import { stationTime } from '../alarm-feed/message';
import { PushNotifier, PushSender, VapidKeyStore } from './service';

let ctx: TestContext;
let pushService: FakePushService;
const cookie: Record<string, string> = {};
const userId: Record<string, number> = {};
const SUBJECT = 'mailto:ops@example.com';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

beforeAll(async () => {
  ctx = await startTestApp({ config: { pushLoopbackEndpoints: true, vapidSubject: SUBJECT } });
  pushService = await FakePushService.start();
  await addSecondOrganisation(ctx.db);
  for (const [name, password] of [['admin', ADMIN_PASSWORD], ['demo-station', DEMO_PASSWORD], ['pampa-company', SECOND_ORGANISATION_PASSWORD]] as const) {
    cookie[name] = await signIn(ctx.app, name, password);
    userId[name] = (await ctx.app.inject({ method: 'GET', url: '/api/login/getInfo', headers: { cookie: cookie[name]! } })).json().data.userId;
  }
  // Notifications are in the language each user last used the app in.
  await ctx.db.update(users).set({ language: 'es' }).where(eq(users.username, 'admin'));
  await ctx.db.update(users).set({ language: 'zh_CN' }).where(eq(users.username, 'demo-station'));
  // Whatever the seed left in the alarm feed is not these tests' to send.
  await ctx.app.push.runOnce();
});
afterAll(async () => {
  await ctx.close();
  await pushService.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: cookie[who]!, language: 'en', 'user-agent': PHONE_UA } }).then((r) => r.json());
const subscribe = (who: string, body: object) => call(who, 'POST', '/api/push/subscribe', body);
const devices = async (who: string) => (await call(who, 'GET', '/api/push/devices')).data as { id: number; device: string; endpoint: string; lastSuccessAt: string | null }[];

/** Opens an alarm through the device path, then runs the sender's round as its job would, and waits for the pushes. */
async function alarmAndPush(station: string, alarm: object): Promise<void> {
  const res = await deviceReport(ctx.app, station, { alarms: [{ ts: new Date(Date.now() - 2000).toISOString(), ...alarm }] });
  expect(res.json().code).toBe(1000);
  await ctx.app.push.runOnce();
  await ctx.app.push.idle();
}

async function subscribed(who: string, path: string) {
  const browser = browserSubscription(pushService.endpoint(path));
  const res = await subscribe(who, browser.subscription);
  expect(res).toMatchObject({ code: 1000, data: { id: expect.any(Number) } });
  return browser;
}

describe('Web Push keys', () => {
  it('gives signed-in users the one public key, made once and kept', async () => {
    const first = await call('admin', 'GET', '/api/push/key');
    const second = await call('demo-station', 'GET', '/api/push/key');
    expect(first.data.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(second.data.publicKey).toBe(first.data.publicKey);
    const rows = await rawRows<{ public_key: string }>(ctx.db, sql`select public_key from push_keys`);
    expect(rows).toEqual([{ public_key: first.data.publicKey }]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/push/key' })).json().code).toBe(30001);
  });
});

describe('subscriptions: bad input is refused naming the field', () => {
  const keys = browserSubscription('x').subscription.keys;
  it.each([
    [{ endpoint: 'https://10.0.0.5/push/1', keys }, 'endpoint', 'Push endpoint: must not be a loopback or private network address'],
    [{ endpoint: 'https://169.254.169.254/latest', keys }, 'endpoint', 'Push endpoint: must not be a loopback or private network address'],
    [{ endpoint: 'http://push.example.org/1', keys }, 'endpoint', 'Push endpoint: must be an https address of a push service'],
    [{ endpoint: 'push.example.org', keys }, 'endpoint', 'Push endpoint: must be a URL without a user name or password, at most 2048 characters'],
    [{ endpoint: 'http://10.0.0.5/push/1', keys }, 'endpoint', 'Push endpoint: must be an https address of a push service'],
    [{ endpoint: 'https://push.example.org/1', keys: { ...keys, p256dh: 'abc' } }, 'keys.p256dh', "Subscription key (p256dh): is not a key of a browser's push subscription"],
    [{ endpoint: 'https://push.example.org/1', keys: { ...keys, auth: 'A'.repeat(30) } }, 'keys.auth', "Subscription secret (auth): is not a key of a browser's push subscription"],
    [{ endpoint: 'https://push.example.org/1', keys: { p256dh: keys.p256dh } }, 'keys.auth', 'Subscription secret (auth): is required'],
    [{ keys }, 'endpoint', 'Push endpoint: is required'],
  ])('%j → %s', async (body, field, message) => {
    const res = await subscribe('admin', body);
    expect(res.code).toBe(91011);
    expect(res.data.fields[0]).toMatchObject({ field, message });
    expect(res.msg).toBe(message);
    expect(await devices('admin')).toEqual([]);
  });
});

describe('an alarm pushed to the devices of the users who may see it', () => {
  it('is encrypted for the subscription, signed by VAPID, in the user’s language, and opens the station', async () => {
    const admin = await subscribed('admin', 'admin-phone');
    const station = await subscribed('demo-station', 'station-phone');
    const pampa = await subscribed('pampa-company', 'pampa-phone');
    const before = pushService.received.length;
    await alarmAndPush('NWP-SZ02', { kind: 'level', tank: '2', code: 2 });
    expect(pushService.received.length - before).toBe(1);
    // The station account and the other organisation's company do not see Shenzhen: nothing for them.
    expect(pushService.to('station-phone')).toEqual([]);
    expect(pushService.to('pampa-phone')).toEqual([]);

    const [request] = pushService.to('admin-phone');
    expect(request!.headers).toMatchObject({ ttl: '3600', urgency: 'high', 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream' });
    const vapid = verifyVapid(request!.headers.authorization);
    expect(vapid.publicKey).toBe((await call('admin', 'GET', '/api/push/key')).data.publicKey);
    expect(vapid.claims.aud).toBe(pushService.origin);
    expect(vapid.claims.sub).toBe(SUBJECT);
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    const message = JSON.parse(admin.decrypt(request!.body));
    const [alarm] = await rawRows<{ id: number; station_id: number; started_at: string }>(
      ctx.db,
      sql`select al.id, al.station_id, al.started_at from alarms al join stations s on s.id = al.station_id where s.code = 'NWP-SZ02' and al.kind = 'level' and al.code = 2 order by al.id desc limit 1`,
    );
    const startedAt = new Date(alarm!.started_at).toISOString();
    expect(message).toEqual({
      title: `${es['alarm.code.level.2']} · Shenzhen Nanshan`,
      body: `Tanque 2 · desde ${stationTime(startedAt, 'Asia/Shanghai')} GMT+8`,
      url: `/single_monitor?stationId=${alarm!.station_id}`,
      tag: `alarm-${alarm!.id}`,
      alarmId: Number(alarm!.id),
      stationId: alarm!.station_id,
      stationName: 'Shenzhen Nanshan',
      tankCode: '2',
      kind: 'level',
      code: 2,
      alarmName: es['alarm.code.level.2'],
      startedAt,
      startTime: stationTime(startedAt, 'Asia/Shanghai'),
      zone: 'GMT+8',
      lang: 'es',
    });
    expect(request!.headers.topic).toBe(`alarm-${alarm!.id}`);
    expect((await devices('admin'))[0]!.lastSuccessAt).not.toBeNull();

    // The station's own alarm reaches its account, in Chinese, and the administrator.
    await alarmAndPush('NWP-SH01', { kind: 'level', tank: '1', code: 8 });
    const [own] = pushService.to('station-phone');
    expect(JSON.parse(station.decrypt(own!.body))).toMatchObject({ title: `${zh_CN['alarm.code.level.8']} · Shanghai Pudong`, lang: 'zh_CN' });
    expect(pushService.to('admin-phone')).toHaveLength(2);
    expect(pushService.to('pampa-phone')).toEqual([]);
    // A message is for its own subscription's keys only.
    expect(() => pampa.decrypt(own!.body)).toThrow();
  });

  it('sends each alarm once: a second round finds nothing new', async () => {
    const before = pushService.received.length;
    expect(await ctx.app.push.runOnce()).toBe(0);
    await ctx.app.push.idle();
    expect(pushService.received.length).toBe(before);
  });

  it('follows the notice settings: byPush off for a code sends nothing of it; other codes still go', async () => {
    const saved = await call('admin', 'POST', '/api/userNoticeCfg/edit', { userId: userId.admin, mailSendFrq: 30, typeReferList: [{ type: 1, referList: [{ remark: 3, byEmail: 0, byAlert: 1, byPush: 0 }] }] });
    expect(saved).toMatchObject({ code: 1000, data: true });
    const before = pushService.to('admin-phone').length;
    await alarmAndPush('NWP-SZ02', { kind: 'level', tank: '1', code: 3 });
    expect(pushService.to('admin-phone')).toHaveLength(before);
    await alarmAndPush('NWP-SZ02', { kind: 'level', tank: '1', code: 4 });
    expect(pushService.to('admin-phone')).toHaveLength(before + 1);
  });

  it.runIf(backend() === 'postgres')('two instances reading at once send each alarm once, with the same key', async () => {
    const peer = await startPeerApp(ctx);
    try {
      expect((await peer.app.inject({ method: 'GET', url: '/api/push/key', headers: { cookie: cookie.admin! } })).json().data.publicKey).toBe((await call('admin', 'GET', '/api/push/key')).data.publicKey);
      const before = pushService.to('admin-phone').length;
      expect((await deviceReport(ctx.app, 'NWP-SZ02', { alarms: [{ kind: 'level', tank: '4', code: 7, ts: new Date(Date.now() - 2000).toISOString() }] })).json().code).toBe(1000);
      const queued = await Promise.all([ctx.app.push.runOnce(), peer.app.push.runOnce()]);
      await Promise.all([ctx.app.push.idle(), peer.app.push.idle()]);
      expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
      expect(pushService.to('admin-phone')).toHaveLength(before + 1);
      verifyVapid(pushService.to('admin-phone').at(-1)!.headers.authorization);
    } finally {
      await peer.close();
    }
  });

  it('a push service answering 410 loses the subscription; other devices are kept', async () => {
    const gone = await subscribed('admin', 'admin-old-tablet');
    expect(gone).toBeDefined();
    pushService.answer('admin-old-tablet', 410);
    expect((await devices('admin')).map((d) => d.endpoint)).toContain(pushService.endpoint('admin-old-tablet'));
    await alarmAndPush('NWP-SZ02', { kind: 'level', tank: '3', code: 5 });
    expect(pushService.to('admin-old-tablet')).toHaveLength(1);
    expect((await devices('admin')).map((d) => d.endpoint)).toEqual([pushService.endpoint('admin-phone')]);
  });

  it('another failure is noted on the device, which is kept', async () => {
    pushService.answer('admin-phone', 500);
    await alarmAndPush('NWP-SZ02', { kind: 'level', tank: '3', code: 6 });
    const [device] = await devices('admin');
    expect(device).toMatchObject({ endpoint: pushService.endpoint('admin-phone'), lastFailure: 'HTTP 500' });
    pushService.answer('admin-phone', 201);
  });
});

describe('the sender', () => {
  it('bounds a push service that never answers: the device notes it, the others are not held up', async () => {
    const hanging = browserSubscription(pushService.endpoint('hanging'));
    const quick = browserSubscription(pushService.endpoint('quick'));
    pushService.answer('hanging', 0);
    const ids: number[] = [];
    for (const b of [hanging, quick]) ids.push((await subscribe('demo-station', b.subscription)).data.id);
    const sender = new PushSender({ db: ctx.db, keys: new VapidKeyStore(ctx.db), logger: ctx.app.log }, { subject: SUBJECT, loopback: true, timeoutMs: 300, concurrency: 1 });
    const target = (b: ReturnType<typeof browserSubscription>, id: number) => ({ id, endpoint: b.subscription.endpoint, p256dh: b.subscription.keys.p256dh, auth: b.subscription.keys.auth });
    const started = Date.now();
    sender.enqueue(target(hanging, ids[0]!), '{"title":"x"}', 'alarm-1');
    sender.enqueue(target(quick, ids[1]!), '{"title":"y"}', 'alarm-1');
    await sender.idle();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(JSON.parse(quick.decrypt(pushService.to('quick')[0]!.body))).toEqual({ title: 'y' });
    const mine = await devices('demo-station');
    expect(mine.find((d) => d.id === ids[0])).toMatchObject({ lastFailure: 'no answer in 0.3 s', lastSuccessAt: null });
    expect(mine.find((d) => d.id === ids[1])!.lastSuccessAt).not.toBeNull();
    for (const id of ids) await call('demo-station', 'DELETE', `/api/push/devices/${id}`);
  });

  it('the lease holder sends as soon as the live bus tells of an alarm; an instance without the lease does not', async () => {
    const device = await subscribed('admin', 'admin-laptop');
    const make = (holdsLease: boolean) => {
      const sender = new PushSender({ db: ctx.db, keys: new VapidKeyStore(ctx.db), logger: ctx.app.log }, { subject: SUBJECT, loopback: true });
      return new PushNotifier({ db: ctx.db, hub: ctx.app.live, sender, logger: ctx.app.log, defaultLanguage: 'en', holdsLease: () => holdsLease });
    };
    const idle = make(false);
    const holder = make(true);
    try {
      expect((await deviceReport(ctx.app, 'NWP-SZ02', { alarms: [{ kind: 'level', tank: '4', code: 9, ts: new Date(Date.now() - 2000).toISOString() }] })).json().code).toBe(1000);
      await expect.poll(() => pushService.to('admin-laptop').length, { timeout: 5000 }).toBe(1);
      await Promise.all([holder.idle(), idle.idle()]);
      expect(JSON.parse(device.decrypt(pushService.to('admin-laptop')[0]!.body))).toMatchObject({ code: 9, kind: 'level', tankCode: '4' });
    } finally {
      await holder.stop();
      await idle.stop();
    }
    // Sent once: the app's own notifier (no lease in tests) finds the mark moved past it.
    expect(await ctx.app.push.runOnce()).toBe(0);
    const laptop = (await devices('admin')).find((d) => d.endpoint === pushService.endpoint('admin-laptop'));
    expect((await call('admin', 'DELETE', `/api/push/devices/${laptop!.id}`)).code).toBe(1000);
  });

});

describe('a user’s devices', () => {
  it('lists only the caller’s own, named by their browser', async () => {
    const mine = await devices('demo-station');
    expect(mine).toEqual([expect.objectContaining({ device: 'Chrome · Android', endpoint: pushService.endpoint('station-phone') })]);
    expect((await devices('admin')).map((d) => d.endpoint)).not.toContain(pushService.endpoint('station-phone'));
  });

  it('another user’s device cannot be removed (80001) nor unsubscribed; the caller’s own can', async () => {
    const [adminDevice] = await devices('admin');
    expect((await call('demo-station', 'DELETE', `/api/push/devices/${adminDevice!.id}`)).code).toBe(80001);
    expect(await call('demo-station', 'POST', '/api/push/unsubscribe', { endpoint: adminDevice!.endpoint })).toMatchObject({ code: 1000 });
    expect((await devices('admin')).map((d) => d.id)).toEqual([adminDevice!.id]);
    expect((await call('admin', 'DELETE', '/api/push/devices/abc')).code).toBe(91011);

    expect(await call('admin', 'DELETE', `/api/push/devices/${adminDevice!.id}`)).toMatchObject({ code: 1000, data: true });
    expect(await devices('admin')).toEqual([]);
    const [stationDevice] = await devices('demo-station');
    expect(await call('demo-station', 'POST', '/api/push/unsubscribe', { endpoint: stationDevice!.endpoint })).toMatchObject({ code: 1000, data: true });
    expect(await devices('demo-station')).toEqual([]);
  });

  it('an endpoint subscribed again by another user is theirs now, not both', async () => {
    const shared = browserSubscription(pushService.endpoint('kiosk'));
    await subscribe('admin', shared.subscription);
    await subscribe('demo-station', shared.subscription);
    expect(await devices('admin')).toEqual([]);
    expect((await devices('demo-station')).map((d) => d.endpoint)).toEqual([pushService.endpoint('kiosk')]);
    const rows = await ctx.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, pushService.endpoint('kiosk')));
    expect(rows).toEqual([{ userId: userId['demo-station'] }]);
  });

  it('the notice settings list byPush beside the spec’s channels', async () => {
    const rows = (await call('admin', 'GET', `/api/userNoticeCfg/list?userId=${userId.admin}`)).data as { type: number; remark: number; byPush: number }[];
    expect(rows.find((r) => r.type === 1 && r.remark === 3)).toMatchObject({ byAlert: 1, byPush: 0 });
    expect(rows.find((r) => r.type === 1 && r.remark === 4)).toMatchObject({ byAlert: 1, byPush: 1 });
    expect(en['push.title']).toBe('{alarm} · {station}');
  });
});

// Last: it removes every subscription.
describe('no device subscribed', () => {
  it('while no device is subscribed anywhere, an alarm starts no round: the periodic round moves the mark and finds the first subscriber', async () => {
    await ctx.db.execute(sql`delete from push_subscriptions`);
    const sender = new PushSender({ db: ctx.db, keys: new VapidKeyStore(ctx.db), logger: ctx.app.log }, { subject: SUBJECT, loopback: true });
    const holder = new PushNotifier({ db: ctx.db, hub: ctx.app.live, sender, logger: ctx.app.log, defaultLanguage: 'en', holdsLease: () => true });
    const alarm = (code: number) => deviceReport(ctx.app, 'NWP-SZ02', { alarms: [{ kind: 'level', tank: '4', code, ts: new Date(Date.now() - 2000).toISOString() }] });
    try {
      expect((await alarm(10)).json().code).toBe(1000);
      // The round this alarm started (no round had found the table empty yet) is over.
      await new Promise((resolve) => setTimeout(resolve, 600));
      await holder.idle();
      expect(await holder.runOnce()).toBe(0);
      const device = await subscribed('admin', 'first-subscriber');
      expect((await alarm(11)).json().code).toBe(1000);
      // Past the quarter-second an alarm's round would wait for its burst: none started.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(pushService.to('first-subscriber')).toHaveLength(0);
      expect(await holder.runOnce()).toBe(1);
      await holder.idle();
      expect(JSON.parse(device.decrypt(pushService.to('first-subscriber')[0]!.body))).toMatchObject({ code: 11 });
    } finally {
      await holder.stop();
    }
  });
});
