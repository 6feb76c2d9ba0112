import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@ullage/contracts/monitor';
import { collectSse } from '../../test/sse';
import { ADMIN_PASSWORD, DEMO_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let base = '';
const cookie: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  cookie.admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  cookie['demo-station'] = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

/** Opens the feed and collects its events until `count` arrived or `ms` passed. */
async function collect(who: string, query: string, act: () => Promise<unknown>, count: number, ms = 3000): Promise<LiveEvent[]> {
  return (await collectSse<LiveEvent>(`${base}/api/monitor/events${query}`, { cookie: cookie[who]! }, act, count, ms)).map((m) => m.data);
}

const send = (code: string, body: object) =>
  fetch(`${base}/api/device/v1/stations/${code}/report`, { method: 'POST', headers: { authorization: `Bearer demo-device-key:${code}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const reading = (tank: string, productHeightMm: number) => ({ tank, ts: new Date(Date.now() - 1000).toISOString(), productHeightMm, waterHeightMm: 10, temperatureC: 20 });

describe('live events feed', () => {
  it('pushes a station’s new inventory, status and alarms as they are committed', async () => {
    const events = await collect('admin', '', () => send('NWP-MD06', { readings: [reading('1', 1111)], alarms: [{ kind: 'level', tank: '1', code: 11, ts: new Date(Date.now() - 1000).toISOString() }] }), 3);
    expect(events.map((e) => e.type)).toEqual(['status', 'inventory', 'alarm']);
    const inventory = events[1] as Extract<LiveEvent, { type: 'inventory' }>;
    expect(inventory.tanks).toHaveLength(1);
    expect(inventory.tanks[0]).toMatchObject({ productHeightMm: 1111, waterHeightMm: 10, temperatureC: 20 });
    expect(events[2]).toMatchObject({ type: 'alarm', alarm: { kind: 'level', code: 11, tankCode: '1', stationName: 'Madrid Castellana' } });
  });

  it('a station account never receives another station’s events; the station filter narrows the feed', async () => {
    // demo-station is NWP-SH01's account.
    const others = await collect('demo-station', '', () => send('NWP-MD06', { readings: [reading('2', 1222)] }), 1, 1500);
    expect(others).toEqual([]);
    const own = await collect('demo-station', '', () => send('NWP-SH01', { readings: [reading('1', 1333)] }), 2);
    expect(own.map((e) => e.type)).toEqual(['status', 'inventory']);
    const filtered = await collect('admin', '?stationId=999999', () => send('NWP-MD06', { readings: [reading('3', 1444)] }), 1, 1500);
    expect(filtered).toEqual([]);
  });

  it('requires a session', async () => {
    const res = await fetch(`${base}/api/monitor/events`);
    expect(((await res.json()) as { code: number }).code).toBe(30001);
  });
});
