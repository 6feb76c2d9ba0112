import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_TIMEOUT_MS } from '@ullage/domain/device-commands';
import { WEBHOOK_EVENT_TYPES, webhookPayload, type StoredWebhookEvent } from '@ullage/domain/webhook-events';
import { rawRows } from '../../lib/raw-sql';
import { deviceReport, startTestApp, type TestContext } from '../../test/harness';
import { requestsAs, signInAll } from '../../test/signed-in';
import { endTankAlarm, openTankAlarm } from '../alarms/service';

/**
 * Where each event is recorded (issue 38): every producer writes its events with its change, to
 * the endpoints that hear them. One station of the demo's, its company set to US gallons and
 * °F, and an administrator's endpoint subscribed to everything (never sent to here).
 */
let ctx: TestContext;
const T0 = Date.parse('2026-11-22T06:00:00Z');
let now = T0 + 3 * 3_600_000;
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const STATION = 'NWP-DX03';
const cookie: Record<string, string> = {};
const { call } = requestsAs(() => ctx.app, cookie);
let station: { id: number; company_id: number; distributor_id: number; name: string; timezone: string };
let tank: { id: number; code: string };

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(now) });
  Object.assign(cookie, await signInAll(ctx.app, ['admin']));
  station = (await rawRows<typeof station>(ctx.db, sql`select id, company_id, distributor_id, name, timezone from stations where code = ${STATION}`))[0]!;
  tank = (await rawRows<typeof tank>(ctx.db, sql`select id, code from tanks where station_id = ${station.id} and code = '1'`))[0]!;
  await ctx.db.execute(sql`update companies set volume_unit = 2, temp_unit = 2 where id = ${station.company_id}`);
  const made = (await call('admin', 'POST', '/api/webhooks', { url: 'http://93.184.216.34/all', events: [...WEBHOOK_EVENT_TYPES] })).json();
  expect(made.code).toBe(1000);
});
afterAll(() => ctx?.close());

/** The station's events of these types since `after` (an event id), as payloads. */
async function payloads(types: string[], after = 0) {
  const rows = await rawRows<{ id: string; uid: string; type: string; occurred_at: string; data: Record<string, unknown>; context: StoredWebhookEvent['context'] }>(
    ctx.db,
    sql`select id, uid::text as uid, type, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at, data, context
        from webhook_events where station_id = ${station.id} and type = any(${`{${types.join(',')}}`}::text[]) and id > ${after} order by id`,
  );
  return rows.map((r) => webhookPayload({ uid: r.uid, type: r.type, occurredAt: r.occurred_at, data: r.data, context: r.context }));
}
const lastEventId = async () => Number((await rawRows<{ id: string | null }>(ctx.db, sql`select max(id) as id from webhook_events`))[0]!.id ?? 0);
const deliveriesOf = async (after: number) => (await rawRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from webhook_deliveries where event_id > ${after}`))[0]!.n;

describe('events at their source', () => {
  it('a device’s delivery: delivery.recorded once (a resend is not another), in the company’s units; a ticket beyond tolerance: delivery.ticket_variance', async () => {
    const since = await lastEventId();
    const delivery = { tank: '1', startedAt: at(3), endedAt: at(9), startVolumeL: 8_000, endVolumeL: 13_000 };
    expect((await deviceReport(ctx.app, STATION, { deliveries: [delivery] })).json().code).toBe(1000);
    await deviceReport(ctx.app, STATION, { deliveries: [delivery] });
    const recorded = await payloads(['delivery.recorded'], since);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      type: 'delivery.recorded',
      version: 1,
      timestamp: at(9),
      data: { station: { id: station.id, code: STATION, name: station.name }, stationZone: station.timezone, units: { volume: 'gal', temperature: '°F' }, tankCode: '1', source: 'device', startedAt: at(3), endedAt: at(9), startVolume: 2113.376, endVolume: 3434.237, rise: 1320.86 },
    });
    expect(await deliveriesOf(since)).toBe(1);

    const id = recorded[0]!.data.deliveryId as number;
    // Within tolerance: nothing; 1,000 L short of what arrived: the variance.
    expect((await call('admin', 'PUT', `/api/delivery/${id}/ticket`, { volumeL: 5_000 })).json().code).toBe(1000);
    expect(await payloads(['delivery.ticket_variance'], since)).toEqual([]);
    expect((await call('admin', 'PUT', `/api/delivery/${id}/ticket`, { volumeL: 6_000, ticketNo: 'BOL-7' })).json().code).toBe(1000);
    const [variance] = await payloads(['delivery.ticket_variance'], since);
    expect(variance!.data).toMatchObject({ deliveryId: id, tankCode: '1', ticketNo: 'BOL-7', ticketVolume: 1585.032, units: { volume: 'gal' } });
    expect(variance!.data.differencePct).toBeLessThan(-10);
  });

  it('sensors in alarm, then back to normal in one report: alarm.opened for each, then alarm.ended for each', async () => {
    const since = await lastEventId();
    const sensors = (state: 'alarm' | 'normal', minute: number) => ['S5', 'S6'].map((sensorNo) => ({ sensorNo, type: 'sump', ts: at(minute), state }));
    expect((await deviceReport(ctx.app, STATION, { sensors: sensors('alarm', 20) })).json().code).toBe(1000);
    expect((await deviceReport(ctx.app, STATION, { sensors: sensors('normal', 25) })).json().code).toBe(1000);
    const events = await payloads(['alarm.opened', 'alarm.ended'], since);
    // Both opened before either ended; the two ends come from one statement, in no set order.
    expect(events.map((e) => e.type)).toEqual(['alarm.opened', 'alarm.opened', 'alarm.ended', 'alarm.ended']);
    expect(events.map((e) => `${e.type} ${String(e.data.sensorNo)} ${e.timestamp}`).sort()).toEqual([
      `alarm.ended S5 ${at(25)}`,
      `alarm.ended S6 ${at(25)}`,
      `alarm.opened S5 ${at(20)}`,
      `alarm.opened S6 ${at(20)}`,
    ]);
  });

  it('a delivery the detector finds: delivery.recorded when it settles, not while it is rising', async () => {
    const since = await lastEventId();
    const readings = (start: number, volumes: number[]) => volumes.map((volumeL, i) => ({ tank: '2', ts: at(start + i), productHeightMm: volumeL / 10, temperatureC: 20, volumeL }));
    await deviceReport(ctx.app, STATION, { readings: readings(60, [6_000, 5_990, 5_980, 7_000, 8_000, 9_000, 11_000]) });
    expect(await payloads(['delivery.recorded'], since)).toEqual([]);
    await deviceReport(ctx.app, STATION, { readings: readings(67, Array(15).fill(11_000)) });
    const [recorded] = await payloads(['delivery.recorded'], since);
    expect(recorded!.data).toMatchObject({ source: 'detected', tankCode: '2', startedAt: at(62) });
    await deviceReport(ctx.app, STATION, { readings: readings(82, Array(5).fill(11_000)) });
    expect(await payloads(['delivery.recorded'], since)).toHaveLength(1);
  });

  it('the leak test’s alarm: alarm.opened and leak_test.failed, then alarm.ended and leak_test.passed; processing: alarm.processed', async () => {
    const since = await lastEventId();
    const alarmTank = { tankId: tank.id, tankCode: tank.code, stationId: station.id, stationName: station.name, companyId: station.company_id, distributorId: station.distributor_id, timezone: station.timezone };
    expect(await openTankAlarm(ctx.db, undefined, alarmTank, 60, at(100))).toBe(true);
    expect(await openTankAlarm(ctx.db, undefined, alarmTank, 60, at(101))).toBe(false);
    await endTankAlarm(ctx.db, alarmTank, 60, at(160));
    const events = await payloads(['alarm.opened', 'alarm.ended', 'leak_test.failed', 'leak_test.passed', 'alarm.processed'], since);
    expect(events.map((e) => e.type)).toEqual(['alarm.opened', 'leak_test.failed', 'alarm.ended', 'leak_test.passed']);
    expect(events[1]!.data).toMatchObject({ code: 60, codeName: 'leak test failed', kind: 'level', tankCode: '1', startedAt: at(100), endedAt: null });
    expect(events[3]!.data).toMatchObject({ endedAt: at(160) });
    expect(events[1]!.id).not.toBe(events[0]!.id);
    const alarmId = events[0]!.data.alarmId as number;
    expect((await call('admin', 'POST', '/api/alarm/process', { ids: [alarmId], note: 'Meter recalibrated' })).json().code).toBe(1000);
    const [processed] = await payloads(['alarm.processed'], since);
    expect(processed!.data).toMatchObject({ alarmId, processed: true, note: 'Meter recalibrated' });
  });

  it('silence: station.offline; the next report: station.online', async () => {
    await deviceReport(ctx.app, STATION, { readings: [{ tank: '1', ts: new Date(now - 60_000).toISOString(), productHeightMm: 1200, temperatureC: 20, volumeL: 12_000 }] });
    const since = await lastEventId();
    now += 16 * 60_000;
    await ctx.app.ingest.sweepOffline();
    const [offline] = await payloads(['station.offline', 'station.online'], since);
    expect(offline).toMatchObject({ type: 'station.offline', timestamp: new Date(now).toISOString(), data: { station: { id: station.id } } });
    await deviceReport(ctx.app, STATION, { readings: [{ tank: '1', ts: new Date(now - 1_000).toISOString(), productHeightMm: 1200, temperatureC: 20, volumeL: 12_000 }] });
    expect((await payloads(['station.offline', 'station.online'], since)).map((e) => e.type)).toEqual(['station.offline', 'station.online']);
  });

  it('a device command that times out: device_command.failed', async () => {
    const since = await lastEventId();
    const issued = (await call('admin', 'POST', '/api/device-commands/clock', { stationId: station.id, mode: 'sync' })).json();
    expect(issued.code).toBe(1000);
    now += COMMAND_TIMEOUT_MS.clock + 60_000;
    await ctx.app.deviceCommands.sweep();
    const [failed] = await payloads(['device_command.failed', 'device_command.succeeded'], since);
    expect(failed).toMatchObject({ type: 'device_command.failed', data: { commandId: issued.data.id, kind: 'clock', status: 'cancelled', endedBy: 'timeout' } });
  });

  it('with no endpoint enabled, an alarm still opens and ends, and writes no event', async () => {
    await ctx.db.execute(sql`update webhook_endpoints set enabled = false`);
    try {
      const since = await lastEventId();
      expect((await deviceReport(ctx.app, STATION, { alarms: [{ kind: 'level', tank: '3', code: 9, ts: new Date(now - 5_000).toISOString() }] })).json().code).toBe(1000);
      expect((await deviceReport(ctx.app, STATION, { alarms: [{ kind: 'level', tank: '3', code: 9, ts: new Date(now - 4_000).toISOString(), state: 'cleared' }] })).json().code).toBe(1000);
      expect(await lastEventId()).toBe(since);
      // The alarm did open and end: only its events are missing.
      const rows = await rawRows<{ ended: boolean }>(ctx.db, sql`select ended_at is not null as ended from alarms where station_id = ${station.id} and kind = 'level' and code = 9 and source = 'device'`);
      expect(rows).toEqual([{ ended: true }]);
    } finally {
      await ctx.db.execute(sql`update webhook_endpoints set enabled = true`);
    }
  });
});
