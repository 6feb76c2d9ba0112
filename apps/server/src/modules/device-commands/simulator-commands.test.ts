import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandRow, DeviceOverview } from '@ullage/contracts/device-commands';
import { startFleet, type CommandBehaviour, type Fleet, type SimStation } from '@ullage/simulator/fleet';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startEmbeddedBroker, type MqttService } from '../ingest/mqtt';
import { asUser } from './test-device';

/**
 * The command lifecycle against the simulated fleet (issue 7: "the simulator obeys it, and
 * now and then fails or never answers, so every state is reachable"): a real server on a
 * port, simulated devices reporting over HTTP or MQTT, commands issued as a user would.
 */
let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
let baseUrl: string;
let broker: MqttService;
let offsetMs = 0;
let fleet: Fleet | null = null;

const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const overview = async (code: string) => {
  const id = (data<{ list: { id: number; code: string }[] }>(await admin.get(`/api/station/list?q=${code}`)).list.find((s) => s.code === code)!).id;
  return data<DeviceOverview>(await admin.get(`/api/device-params/station/${id}`));
};
const command = async (id: number) => data<{ list: CommandRow[] }>(await admin.get('/api/device-commands?pageSize=200')).list.find((c) => c.id === id)!;
const ended = async (id: number) => {
  await vi.waitFor(async () => expect((await command(id)).state).not.toBe('issuing'), { timeout: 10_000, interval: 100 });
  return command(id);
};

function simStation(o: DeviceOverview): SimStation {
  return { code: o.station.code, deviceKey: `demo-device-key:${o.station.code}`, timezone: o.station.timezone, tanks: o.tanks.map((t) => ({ code: t.code, heightMm: t.heightMm, capacityL: t.volumeL, strapping: t.strapping })) };
}
const run = (o: DeviceOverview, commands: Partial<CommandBehaviour>, transport: 'http' | 'mqtt' = 'http') => {
  fleet = startFleet({ transport, baseUrl, mqttUrl: `mqtt://127.0.0.1:${broker.port}`, stations: [simStation(o)], intervalMs: 100, events: false, commands, logger: () => {} });
  return fleet;
};
const obedient = { refuseRate: 0, silentRate: 0 };

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(Date.now() + offsetMs) });
  admin = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  broker = await startEmbeddedBroker(ctx.app.ingest, 0, '127.0.0.1', ctx.app.log, ctx.app.deviceCommands.mqttHooks());
  ctx.app.deviceCommands.attachMqtt(broker.publish);
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});
afterAll(async () => {
  ctx.app.deviceCommands.attachMqtt(null);
  await broker.close();
  // The fleets are stopped; their HTTP keep-alive sockets (this process's own fetch pool) would hold the close open.
  ctx.app.server.closeAllConnections();
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

describe('commands to the simulated fleet', () => {
  it('issued → success over HTTP: a threshold change reaches the device and is stored on the tank', async () => {
    const sh01 = await overview('NWP-SH01');
    run(sh01, obedient);
    const tank = sh01.tanks[0]!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/thresholds', { stationId: sh01.station.id, tankId: tank.id, highOilAlarmMm: 2480, highOilWarnMm: 2340, lowOilWarnMm: 390, lowOilAlarmMm: 260, highWaterAlarmMm: 100 }));
    expect(await ended(issued.id)).toMatchObject({ state: 'success', endedBy: 'device' });
    const after = await overview('NWP-SH01');
    expect(after.tanks[0]).toMatchObject({ highOilAlarmMm: 2480, highOilWarnMm: 2340, lowOilWarnMm: 390 });
    expect(after.device).toMatchObject({ firmwareVersion: '20250101', serverHost: '127.0.0.1', serverPort: Number(new URL(baseUrl).port) });
    expect(fleet!.stats().commands).toMatchObject({ received: 1, succeeded: 1 });
  });

  it('issued → success: a height-volume table is applied by the device, which then reports heights by it', async () => {
    const sz02 = await overview('NWP-SZ02');
    run(sz02, obedient);
    const tank = sz02.tanks[0]!;
    const points = [{ heightMm: 0, volumeL: 0 }, { heightMm: 1300, volumeL: 20000 }, { heightMm: 2600, volumeL: 42000 }];
    const issued = data<CommandRow>(await admin.post('/api/device-commands/strapping', { stationId: sz02.station.id, tankId: tank.id, points }));
    expect(await ended(issued.id)).toMatchObject({ state: 'success' });
    expect((await overview('NWP-SZ02')).tanks[0]!.strapping).toEqual(points);
  });

  it('the device refuses → failed with its reason', async () => {
    const dx03 = await overview('NWP-DX03');
    run(dx03, { refuseRate: 1, silentRate: 0 });
    const issued = data<CommandRow>(await admin.post('/api/device-commands/tilt', { stationId: dx03.station.id, tankId: dx03.tanks[0]!.id, tiltDeg: 1, probeOffsetMm: 2000 }));
    const done = await ended(issued.id);
    expect(done).toMatchObject({ state: 'failed', endedBy: 'device' });
    expect(['EEPROM write failed', 'probe bus busy, try again later', 'parameter checksum error', 'console in calibration mode']).toContain(done.reason);
    expect((await overview('NWP-DX03')).tanks[0]).toMatchObject({ tiltDeg: 0 });
  });

  it('a clock far off is refused by the device itself (a reproducible failure)', async () => {
    const ca05 = await overview('NWP-CA05');
    run(ca05, obedient);
    const issued = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: ca05.station.id, mode: 'set', time: new Date(Date.now() + 3 * 86_400_000).toISOString() }));
    expect(await ended(issued.id)).toMatchObject({ state: 'failed', reason: 'clock out of range: at most 24 h from the current time' });
    const synced = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: ca05.station.id, mode: 'set', time: new Date(Date.now() + 2 * 3_600_000).toISOString() }));
    expect(await ended(synced.id)).toMatchObject({ state: 'success' });
    // The device's clock, as its answer and its next reports tell, is now two hours ahead.
    await vi.waitFor(async () => expect((await overview('NWP-CA05')).contact.clockSkewSeconds).toBeGreaterThan(7190), { timeout: 5000 });
    expect((await overview('NWP-CA05')).contact.clockFlagged).toBe(true);
  });

  it('no answer → cancelled after the timeout; or a user cancels first', async () => {
    const ry04 = await overview('NWP-RY04');
    run(ry04, { refuseRate: 0, silentRate: 1 });
    const slow = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: ry04.station.id, mode: 'sync' }));
    const byUser = data<CommandRow>(await admin.post('/api/device-commands/tilt', { stationId: ry04.station.id, tankId: ry04.tanks[0]!.id, tiltDeg: 0.5, probeOffsetMm: 100 }));
    await vi.waitFor(() => expect(fleet!.stats().commands.ignored).toBe(2), { timeout: 5000 });
    expect((await command(slow.id)).deliveredAt).not.toBeNull();
    expect((await admin.post(`/api/device-commands/${byUser.id}/cancel`)).json()).toMatchObject({ data: { state: 'cancelled', endedBy: 'user', cancelledBy: 'admin' } });
    offsetMs = 11 * 60_000;
    try {
      expect(await ctx.app.deviceCommands.sweep()).toBe(1);
    } finally {
      offsetMs = 0;
    }
    expect(await command(slow.id)).toMatchObject({ state: 'cancelled', endedBy: 'timeout' });
  });

  it('a firmware upgrade: the device downloads with its key, checks the checksum and reports its new version; a corrupted file fails', async () => {
    const [ho01, da02] = [await overview('LSF-HO01'), await overview('LSF-DA02')];
    const image = Buffer.alloc(300_000, 7);
    const up = data<{ id: number; sha256: string }>(await admin.upload('/api/device-firmware?fileName=collector.bin&version=20261201&deviceType=ullage-collector', image));
    fleet = startFleet({ transport: 'http', baseUrl, stations: [simStation(ho01), simStation(da02)], intervalMs: 100, events: false, commands: obedient, logger: () => {} });
    // The stored file is damaged before the second station downloads it.
    const issued = data<CommandRow[]>(await admin.post('/api/device-commands/firmware', { firmwareId: up.id, stationIds: [ho01.station.id] }));
    expect(await ended(issued[0]!.id)).toMatchObject({ state: 'success', progress: 100 });
    expect((await overview('LSF-HO01')).device.firmwareVersion).toBe('20261201');
    fs.writeFileSync(`${ctx.config.dataDir}/files/firmware/${up.sha256}.bin`, Buffer.alloc(300_000, 8));
    const second = data<CommandRow[]>(await admin.post('/api/device-commands/firmware', { firmwareId: up.id, stationIds: [da02.station.id] }));
    expect(await ended(second[0]!.id)).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^checksum mismatch/) });
    expect((await overview('LSF-DA02')).device.firmwareVersion).toBe('20250101');
  });

  it('issued → success over MQTT: the device gets the command on its topic and answers on its ack topic', async () => {
    const de03 = await overview('LSF-DE03');
    run(de03, obedient, 'mqtt');
    await vi.waitFor(() => expect(fleet!.stats().batchesSent).toBeGreaterThan(0), { timeout: 5000 });
    const issued = data<CommandRow>(await admin.post('/api/device-commands/tilt', { stationId: de03.station.id, tankId: de03.tanks[1]!.id, tiltDeg: -1.2, probeOffsetMm: 3100 }));
    expect(await ended(issued.id)).toMatchObject({ state: 'success', endedBy: 'device' });
    expect((await overview('LSF-DE03')).tanks[1]).toMatchObject({ tiltDeg: -1.2, probeOffsetMm: 3100 });
  });
});
