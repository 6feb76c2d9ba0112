import { createHash } from 'node:crypto';
import fs from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttCommandAckTopic, mqttCommandTopic, type DeviceCommand } from '@ullage/contracts/device';
import type { CommandRow, DeviceOverview } from '@ullage/contracts/device-commands';
import { ADMIN_PASSWORD, signIn, startTestApp, type TestContext } from '../../test/harness';
import { startEmbeddedBroker, type MqttService } from '../ingest/mqtt';
import { asUser, testDevice } from './test-device';

/**
 * The command lifecycle end to end (issue 7): issued → handed to the device with its next
 * report (HTTP) or on its command topic (MQTT) → success, failed with the device's reason,
 * cancelled by a user or by the timeout; firmware fetched with the device key and checked.
 */
let ctx: TestContext;
let admin: ReturnType<typeof asUser>;
let broker: MqttService;
let offsetMs = 0;
const stations: Record<string, DeviceOverview> = {};

const data = <T>(res: { json(): unknown }) => (res.json() as { data: T }).data;
const overview = async (code: string) => {
  const id = (data<{ list: { id: number; code: string }[] }>(await admin.get(`/api/station/list?q=${code}`)).list.find((s) => s.code === code)!).id;
  return data<DeviceOverview>(await admin.get(`/api/device-params/station/${id}`));
};
const command = async (id: number) => data<{ list: CommandRow[] }>(await admin.get('/api/device-commands?pageSize=200')).list.find((c) => c.id === id)!;

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(Date.now() + offsetMs) });
  admin = asUser(ctx.app, await signIn(ctx.app, 'admin', ADMIN_PASSWORD));
  for (const code of ['NWP-SH01', 'NWP-SZ02', 'NWP-DX03', 'LSF-HO01']) stations[code] = await overview(code);
  broker = await startEmbeddedBroker(ctx.app.ingest, 0, '127.0.0.1', ctx.app.log, ctx.app.deviceCommands.mqttHooks());
});
afterAll(async () => {
  ctx.app.deviceCommands.attachMqtt(null);
  await broker.close();
  await ctx.close();
  fs.rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

describe('over HTTP push: commands ride on the answer to the next report', () => {
  it('issued → success: the device acknowledges and the thresholds are stored on the tank', async () => {
    const sh01 = stations['NWP-SH01']!;
    const tank = sh01.tanks[0]!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/thresholds', { stationId: sh01.station.id, tankId: tank.id, highOilAlarmMm: 2450, highOilWarnMm: 2300, lowOilWarnMm: 500, lowOilAlarmMm: 350, highWaterAlarmMm: 120 }));
    expect(issued).toMatchObject({ state: 'issuing', issuedBy: 'admin', deliveredAt: null, endedAt: null, stationCode: 'NWP-SH01', tankCode: '1' });

    const device = testDevice(ctx.app, 'NWP-SH01');
    const [handed, ...rest] = await device.report();
    expect(rest).toEqual([]);
    expect(handed).toEqual({
      id: issued.id,
      kind: 'thresholds',
      issuedAt: issued.issuedAt,
      expiresAt: issued.deadlineAt,
      params: { tank: '1', highOilAlarmMm: 2450, highOilWarnMm: 2300, lowOilWarnMm: 500, lowOilAlarmMm: 350, highWaterAlarmMm: 120 },
    } satisfies DeviceCommand);
    expect((await command(issued.id)).deliveredAt).not.toBeNull();
    // Not yet answered: handed over again with the next report (the device knows it by its id).
    expect((await device.report()).map((c) => c.id)).toEqual([issued.id]);

    const ack = await device.ack(issued.id, { status: 'success', device: { firmwareVersion: '20250101', serverHost: 'ullage.example.com', serverPort: 8080 } });
    expect(ack.json()).toMatchObject({ code: 1000, data: { id: issued.id, state: 'success', applied: true } });
    expect(await command(issued.id)).toMatchObject({ state: 'success', endedBy: 'device', reason: null, progress: 100 });
    const after = await overview('NWP-SH01');
    expect(after.tanks[0]).toMatchObject({ highOilAlarmMm: 2450, highOilWarnMm: 2300, lowOilWarnMm: 500, lowOilAlarmMm: 350, highWaterAlarmMm: 120 });
    expect(after.device).toMatchObject({ firmwareVersion: '20250101', serverHost: 'ullage.example.com', serverPort: 8080 });
    expect(after.contact.online).toBe(true);
    // Nothing waits any more; a second answer changes nothing.
    expect(await device.report()).toEqual([]);
    expect((await device.ack(issued.id, { status: 'failed', reason: 'late' })).json()).toMatchObject({ data: { state: 'success', applied: false } });
  });

  it('issued → failed: the device refuses with its reason; the tank keeps its table', async () => {
    const sz02 = stations['NWP-SZ02']!;
    const tank = sz02.tanks[1]!;
    const points = [{ heightMm: 0, volumeL: 0 }, { heightMm: 1200, volumeL: 15000 }, { heightMm: 2400, volumeL: 29000 }];
    const issued = data<CommandRow>(await admin.post('/api/device-commands/strapping', { stationId: sz02.station.id, tankId: tank.id, points }));
    const device = testDevice(ctx.app, 'NWP-SZ02');
    const [handed] = await device.report();
    expect(handed).toMatchObject({ id: issued.id, kind: 'strapping', params: { tank: '2', points } });
    await device.ack(issued.id, { status: 'failed', reason: 'EEPROM write failed' });
    expect(await command(issued.id)).toMatchObject({ state: 'failed', endedBy: 'device', reason: 'EEPROM write failed' });
    expect((await overview('NWP-SZ02')).tanks[1]!.strapping).toEqual(tank.strapping);
  });

  it('issued → cancelled after the timeout when the device never answers; a late answer is ignored', async () => {
    const dx03 = stations['NWP-DX03']!;
    const tank = dx03.tanks[0]!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/tilt', { stationId: dx03.station.id, tankId: tank.id, tiltDeg: 0.8, probeOffsetMm: 2500 }));
    const device = testDevice(ctx.app, 'NWP-DX03');
    expect((await device.report()).map((c) => c.id)).toEqual([issued.id]);
    expect(await ctx.app.deviceCommands.sweep()).toBe(0);
    offsetMs = 10 * 60_000 + 1000; // past the 10 minutes a parameter command may take
    try {
      expect(await ctx.app.deviceCommands.sweep()).toBe(1);
    } finally {
      offsetMs = 0;
    }
    expect(await command(issued.id)).toMatchObject({ state: 'cancelled', endedBy: 'timeout', cancelledBy: null });
    expect(await device.report()).toEqual([]);
    expect((await device.ack(issued.id, { status: 'success' })).json()).toMatchObject({ data: { state: 'cancelled', applied: false } });
    expect((await overview('NWP-DX03')).tanks[0]).toMatchObject({ tiltDeg: 0, probeOffsetMm: 0 });
  });

  it('issued → cancelled by a user: the history says who; the device is not handed it again', async () => {
    const dx03 = stations['NWP-DX03']!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: dx03.station.id, mode: 'set', time: new Date(Date.now() + 3_600_000).toISOString() }));
    const cancelled = await admin.post(`/api/device-commands/${issued.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ code: 1000, msg: 'Command cancelled', data: { state: 'cancelled', endedBy: 'user', cancelledBy: 'admin' } });
    expect(await testDevice(ctx.app, 'NWP-DX03').report()).toEqual([]);
    const again = await admin.post(`/api/device-commands/${issued.id}/cancel`);
    expect(again.json()).toMatchObject({ code: 91011, msg: 'Id: has already ended: only a command that is issuing can be cancelled' });
    const history = data<{ list: CommandRow[] }>(await admin.get(`/api/device-commands?stationId=${dx03.station.id}`)).list;
    expect(history.map((c) => `${c.kind}:${c.state}:${c.endedBy}`)).toEqual(['clock:cancelled:user', 'tilt:cancelled:timeout']);
  });

  it('a clock sync carries the server time when handed over; the answer’s device time sets the clock shown', async () => {
    const ho01 = stations['LSF-HO01']!;
    const device = testDevice(ctx.app, 'LSF-HO01');
    await device.report();
    const issued = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: ho01.station.id, mode: 'sync' }));
    const before = Date.now();
    const [handed] = await device.report();
    expect(handed!.kind).toBe('clock');
    const sent = Date.parse((handed!.params as { time: string }).time);
    expect(sent).toBeGreaterThanOrEqual(before - 5);
    expect(sent).toBeLessThanOrEqual(Date.now());
    await device.ack(issued.id, { status: 'success', device: { time: new Date(Date.now() + 120_000).toISOString() } });
    const after = await overview('LSF-HO01');
    expect(after.contact.clockSkewSeconds).toBe(120);
    expect(Date.parse(after.contact.deviceTime!) - Date.parse(after.serverTime)).toBe(120_000);
  });

  it('devices answer only their own station’s commands, with their key', async () => {
    const sh01 = stations['NWP-SH01']!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'sync' }));
    expect((await testDevice(ctx.app, 'NWP-SZ02').ack(issued.id, { status: 'success' })).json()).toMatchObject({ code: 80001 });
    const wrongKey = testDevice(ctx.app, 'NWP-SH01', 'demo-device-key:NWP-SZ02');
    expect((await wrongKey.pending()).json()).toMatchObject({ code: 30001 });
    expect((await wrongKey.ack(issued.id, { status: 'success' })).json()).toMatchObject({ code: 30001 });
    const pending = await testDevice(ctx.app, 'NWP-SH01').pending();
    expect(pending.json()).toMatchObject({ code: 1000, data: { commands: [{ id: issued.id, kind: 'clock' }] } });
    const bad = await testDevice(ctx.app, 'NWP-SH01').ack(issued.id, { status: 'done' as 'success' });
    expect(bad.json()).toMatchObject({ code: 91011, msg: 'Status: is not valid' });
    await admin.post(`/api/device-commands/${issued.id}/cancel`);
  });
});

describe('firmware upgrade: issued to many stations, fetched with the device key, checked by checksum', () => {
  const image = Buffer.from('ULLAGE-COLLECTOR-IMAGE '.repeat(2000));
  let firmwareId: number;

  it('uploads a file and issues it to two stations; each device downloads only its own command’s file', async () => {
    const uploaded = await admin.upload(`/api/device-firmware?fileName=collector-20261122.bin&version=20261122&deviceType=ullage-collector&description=${encodeURIComponent('Faster polling')}`, image);
    expect(uploaded.json()).toMatchObject({ code: 1000, data: { version: '20261122', sha256: createHash('sha256').update(image).digest('hex') } });
    firmwareId = data<{ id: number }>(uploaded).id;
    const [sh01, sz02] = [stations['NWP-SH01']!, stations['NWP-SZ02']!];
    const issued = data<CommandRow[]>(await admin.post('/api/device-commands/firmware', { firmwareId, stationIds: [sh01.station.id, sz02.station.id] }));
    expect(issued.map((c) => `${c.stationCode}:${c.kind}:${c.state}:${c.firmwareId}`)).toEqual([`NWP-SH01:firmware:issuing:${firmwareId}`, `NWP-SZ02:firmware:issuing:${firmwareId}`]);

    const device = testDevice(ctx.app, 'NWP-SH01');
    const [handed] = (await device.report()).filter((c) => c.kind === 'firmware');
    expect(handed!.params).toEqual({ firmwareId, version: '20261122', deviceType: 'ullage-collector', fileName: 'collector-20261122.bin', sizeBytes: image.length, sha256: createHash('sha256').update(image).digest('hex'), url: `/api/device/v1/stations/NWP-SH01/firmware/${issued[0]!.id}` });
    const file = await device.download((handed!.params as { url: string }).url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['x-firmware-sha256']).toBe(createHash('sha256').update(image).digest('hex'));
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(createHash('sha256').update(image).digest('hex'));
    // Another station's device, or no key, gets nothing; nor does a command that is not an upgrade.
    expect((await testDevice(ctx.app, 'NWP-SZ02').download(`/api/device/v1/stations/NWP-SZ02/firmware/${issued[0]!.id}`)).json()).toMatchObject({ code: 80001 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/device/v1/stations/NWP-SH01/firmware/${issued[0]!.id}` })).json()).toMatchObject({ code: 30001 });

    await device.ack(issued[0]!.id, { status: 'progress', progress: 60 });
    expect((await command(issued[0]!.id)).progress).toBe(60);
    await device.ack(issued[0]!.id, { status: 'success' });
    expect((await overview('NWP-SH01')).device.firmwareVersion).toBe('20261122');
    // Once the upgrade has ended the file is no longer this device's to take.
    expect((await device.download(`/api/device/v1/stations/NWP-SH01/firmware/${issued[0]!.id}`)).json()).toMatchObject({ code: 80001 });

    const list = data<{ list: { id: number; issuing: number; succeeded: number; lastIssuedAt: string | null }[] }>(await admin.get('/api/device-firmware'));
    expect(list.list.find((f) => f.id === firmwareId)).toMatchObject({ issuing: 1, succeeded: 1 });
    expect((await admin.delete(`/api/device-firmware/${firmwareId}`)).json()).toMatchObject({ code: 80007 });
    await admin.post(`/api/device-commands/${issued[1]!.id}/cancel`);
  });

  it('a file outside its authorisation period is not issued', async () => {
    const past = await admin.upload('/api/device-firmware?fileName=old.exe&version=20200101&deviceType=ullage-collector&validFrom=2020-01-01T00:00:00Z&validTo=2020-12-31T00:00:00Z', Buffer.from('old'));
    expect(past.json()).toMatchObject({ code: 1000, data: { status: 'expired' } });
    const res = await admin.post('/api/device-commands/firmware', { firmwareId: data<{ id: number }>(past).id, stationIds: [stations['NWP-SH01']!.station.id] });
    expect(res.json()).toMatchObject({ code: 91011, msg: 'Firmware: is not authorised at this time (outside its authorisation period)' });
    expect((await admin.delete(`/api/device-firmware/${data<{ id: number }>(past).id}`)).json()).toMatchObject({ code: 100 });
  });
});

describe('over MQTT: commands on the command topic, answers on the ack topic', () => {
  const connect = (code: string) => mqtt.connectAsync(`mqtt://127.0.0.1:${broker.port}`, { username: code, password: `demo-device-key:${code}`, reconnectPeriod: 0, connectTimeout: 5000 });
  /** Every command a client receives; `arrived(id)` waits for one (others waiting for the station may come first). */
  const inbox = (client: mqtt.MqttClient) => {
    const received: DeviceCommand[] = [];
    client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString()) as DeviceCommand));
    return async (id: number) => {
      for (let i = 0; i < 100; i++) {
        const found = received.find((c) => c.id === id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`command ${id} did not arrive; got ${received.map((c) => c.id).join(', ')}`);
    };
  };
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('a command waiting when the device subscribes is handed over at once; the ack ends it', async () => {
    ctx.app.deviceCommands.attachMqtt(broker.publish);
    const sz02 = stations['NWP-SZ02']!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/tilt', { stationId: sz02.station.id, tankId: sz02.tanks[0]!.id, tiltDeg: -0.5, probeOffsetMm: 1800 }));
    const client = await connect('NWP-SZ02');
    const arrived = inbox(client);
    await client.subscribeAsync(mqttCommandTopic('NWP-SZ02'), { qos: 1 });
    expect(await arrived(issued.id)).toMatchObject({ id: issued.id, kind: 'tilt', params: { tank: '1', tiltDeg: -0.5, probeOffsetMm: 1800 } });
    await client.publishAsync(mqttCommandAckTopic('NWP-SZ02'), JSON.stringify({ id: issued.id, status: 'success' }), { qos: 1 });
    expect(await command(issued.id)).toMatchObject({ state: 'success', endedBy: 'device' });
    expect((await overview('NWP-SZ02')).tanks[0]).toMatchObject({ tiltDeg: -0.5, probeOffsetMm: 1800 });

    // Issued while the device listens: published at once. Refused over MQTT: failed with the reason.
    const second = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: sz02.station.id, mode: 'sync' }));
    expect(await arrived(second.id)).toMatchObject({ id: second.id, kind: 'clock', params: { mode: 'sync' } });
    await client.publishAsync(mqttCommandAckTopic('NWP-SZ02'), JSON.stringify({ id: second.id, status: 'failed', reason: 'RTC battery flat' }), { qos: 1 });
    await until(async () => (await command(second.id)).state !== 'issuing');
    expect(await command(second.id)).toMatchObject({ state: 'failed', reason: 'RTC battery flat' });
    await client.endAsync();
  });

  it('a device cannot answer for another station over MQTT', async () => {
    const sh01 = stations['NWP-SH01']!;
    const issued = data<CommandRow>(await admin.post('/api/device-commands/clock', { stationId: sh01.station.id, mode: 'sync' }));
    const client = await connect('NWP-SZ02');
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(mqttCommandAckTopic('NWP-SH01'), JSON.stringify({ id: issued.id, status: 'success' }), { qos: 1 });
    await closed;
    expect((await command(issued.id)).state).toBe('issuing');
    client.end(true);
  });
});
