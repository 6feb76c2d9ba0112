import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleAlarmToUllage } from '@ullage/domain/atg/alarm-map';
import {
  parseActiveAlarms,
  parseAlarmHistory,
  parseConsoleClock,
  parseDeliveries,
  parseInventory,
  parseLiquidSensors,
  parseTankCapacities,
  parseTankDiameters,
  parseTankLabels,
  parseTankStatus,
  parseUnits,
} from '@ullage/domain/atg/computer-format';
import { parseDisplayAlarms, parseDisplayInventory, parseDisplayTankStatus } from '@ullage/domain/atg/display-format';
import { buildCommand, decodeFrame, ETX, findFrame, type CommandOptions, type FrameOutcome } from '@ullage/domain/atg/frame';
import { startFakeAtgConsole, type FakeAtgConsole, type FakeAtgConsoleOptions } from './fake-atg-console';
import { demoFakeTanks } from './fake-atg-console-tanks';

const CLOCK = new Date('2023-11-22T10:15:00Z');
const NOW = { year: 2023, month: 11, day: 22, hour: 10, minute: 15 };

/** A poller's view of one connection: send a command, read through ETX, decode. */
class Client {
  private buffer = new Uint8Array();
  private waiter: (() => void) | null = null;
  packets = 0;
  closed = false;
  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.packets++;
      this.buffer = Uint8Array.from([...this.buffer, ...chunk]);
      this.waiter?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiter?.();
    });
    socket.on('error', () => {});
  }

  static open(atg: FakeAtgConsole): Promise<Client> {
    return new Promise((resolve, reject) => {
      const socket = connect(atg.port, atg.host, () => resolve(new Client(socket)));
      socket.once('error', reject);
    });
  }

  /** The decoded reply, or null when none came within `timeoutMs` (or the connection closed first). */
  async ask(code: string, options: CommandOptions & { timeoutMs?: number; etx?: number } = {}): Promise<FrameOutcome | null> {
    this.packets = 0;
    this.socket.write(buildCommand(code, options));
    const deadline = Date.now() + (options.timeoutMs ?? 2000);
    for (;;) {
      const found = findFrame(this.buffer, options.etx ?? ETX);
      if (found) {
        this.buffer = this.buffer.slice(found.end);
        return decodeFrame(found.frame, code);
      }
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

let atg: FakeAtgConsole | undefined;
const clients: Client[] = [];
async function start(options: FakeAtgConsoleOptions = {}): Promise<Client> {
  atg = await startFakeAtgConsole({ clock: CLOCK, ...options });
  const client = await Client.open(atg);
  clients.push(client);
  return client;
}
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await atg?.close();
  atg = undefined;
});

function data(outcome: FrameOutcome | null): string {
  if (outcome?.kind !== 'computer') throw new Error(`expected a computer reply, got ${JSON.stringify(outcome)}`);
  return outcome.data;
}

describe('fake Veeder-Root console over TCP (atg-protocol §5)', () => {
  it("answers i20100 with NWP-SH01's tanks, which the domain decoders read back", async () => {
    const client = await start();
    const { time, tanks } = parseInventory(data(await client.ask('i20100')));
    expect(time).toEqual(NOW);
    const expected = demoFakeTanks(3, 'metric');
    expect(tanks.map((t) => t.tank)).toEqual([1, 2, 3]);
    for (const [i, t] of tanks.entries()) {
      const want = expected[i]!;
      expect(t.volume).toBeCloseTo(want.volume, 0);
      expect(t.height).toBeCloseTo(want.height, 2);
      expect(t.temperature).toBeCloseTo(want.temperature, 2);
      // Inside the tank: below its diameter, volume + water + ullage = capacity.
      expect(t.height!).toBeLessThan(want.diameter!);
      expect(t.volume! + t.waterVolume! + t.ullage!).toBeCloseTo(want.capacity!, -1);
    }
    expect(atg!.received).toEqual(['i20100']);
  });

  it('a display-only console answers 9999FF1B to i20100, and the display report to I20100', async () => {
    const client = await start({ displayOnly: true });
    expect(await client.ask('i20100')).toEqual({ kind: 'unsupported' });
    const report = await client.ask('I20100');
    if (report?.kind !== 'display') throw new Error(JSON.stringify(report));
    expect(parseDisplayInventory(report.lines).tanks.map((t) => [t.tank, t.label])).toEqual([
      [1, '92# GASOLINE'],
      [2, '95# GASOLINE'],
      [3, '0# DIESEL'],
    ]);
  });

  it('a reply split into packets reassembles', async () => {
    const client = await start({ faults: { splitInto: 5 } });
    expect(parseInventory(data(await client.ask('i20100'))).tanks).toHaveLength(3);
    expect(client.packets).toBeGreaterThan(1);
  });

  it('a wrong or missing security code gets silence; the right one an answer', async () => {
    const client = await start({ securityCode: '123456' });
    expect(await client.ask('i20100', { securityCode: '654321', timeoutMs: 300 })).toBeNull();
    expect(await client.ask('i20100', { timeoutMs: 300 })).toBeNull();
    expect((await client.ask('i20100', { securityCode: '123456' }))?.kind).toBe('computer');
    expect(atg!.rejected).toEqual(['654321i20100', 'i20100']);
    expect(atg!.received).toEqual(['i20100']);
  });

  it('commands with or without CR/LF, one after another on one connection', async () => {
    const client = await start();
    expect((await client.ask('i50100', { terminator: '\r\n' }))?.kind).toBe('computer');
    expect((await client.ask('i51700', { terminator: '\n' }))?.kind).toBe('computer');
    expect((await client.ask('i60200'))?.kind).toBe('computer');
    expect(atg!.received).toEqual(['i50100', 'i51700', 'i60200']);
  });

  it('serves several connections at once', async () => {
    await start();
    const others = await Promise.all([Client.open(atg!), Client.open(atg!)]);
    clients.push(...others);
    const replies = await Promise.all(others.map((c, i) => c.ask(i === 0 ? 'i20100' : 'i60400')));
    expect(replies.map((r) => r?.kind === 'computer' && r.code)).toEqual(['i20100', 'i60400']);
  });

  it('every function it knows decodes with the domain parsers', async () => {
    const client = await start({
      units: 'us',
      tanks: demoFakeTanks(2, 'us'),
      activeAlarms: [
        { category: 2, type: 4, device: 2 },
        { category: 3, type: 3, device: 1 },
      ],
      alarmHistory: [{ category: 2, sensorCategory: 0, type: 5, device: 1, state: 'occurred', time: new Date('2023-11-22T09:31:00Z') }],
      sensors: [
        { sensor: 1, status: 2 },
        { sensor: 2, status: 0 },
      ],
      deliveries: [
        { tank: 1, start: new Date('2023-11-21T14:00:00Z'), end: new Date('2023-11-21T14:20:00Z'), startVolume: 1000, startTcVolume: 990, startWater: 0.5, startTemperature: 60, endVolume: 5000, endTcVolume: 4950, endWater: 0.5, endTemperature: 61, startHeight: 20, endHeight: 60 },
      ],
    });
    expect(parseUnits(data(await client.ask('i51700'))).units).toBe('us');
    expect(parseConsoleClock(data(await client.ask('i50100')))).toEqual({ time: NOW, clock: NOW });
    expect(parseTankLabels(data(await client.ask('i60200'))).tanks).toEqual([
      { tank: 1, label: '92# GASOLINE' },
      { tank: 2, label: '95# GASOLINE' },
    ]);
    expect(parseTankCapacities(data(await client.ask('i60401'))).tanks).toEqual([{ tank: 1, capacity: demoFakeTanks(1, 'us')[0]!.capacity }]);
    expect(parseTankDiameters(data(await client.ask('i60700'))).tanks[0]!.diameter).toBeCloseTo(102.36, 2);
    const deliveries = parseDeliveries(data(await client.ask('i20200'))).tanks;
    expect(deliveries.map((t) => t.deliveries.length)).toEqual([1, 0]);
    expect(deliveries[0]!.deliveries[0]).toMatchObject({ start: { day: 21, hour: 14, minute: 0 }, startVolume: 1000, endVolume: 5000, endHeight: 60 });
    expect(parseTankStatus(data(await client.ask('i20500'))).tanks).toEqual([
      { tank: 1, alarms: [] },
      { tank: 2, alarms: [4] },
    ]);
    expect(parseActiveAlarms(data(await client.ask('i10100'))).alarms.map(consoleAlarmToUllage)).toEqual([
      { kind: 'level', tank: 2, code: 21 },
      { kind: 'leak', category: 3, sensor: 1, code: 2 },
    ]);
    expect(parseAlarmHistory(data(await client.ask('i11100'))).entries).toEqual([{ category: 2, sensorCategory: 0, type: 5, device: 1, state: 'occurred', time: { ...NOW, hour: 9, minute: 31 } }]);
    expect(parseLiquidSensors(data(await client.ask('i30100'))).sensors.map((s) => s.statusName)).toEqual(['fuel alarm', 'normal']);
    const display = await client.ask('I10100');
    expect(display?.kind === 'display' && parseDisplayAlarms(display.lines).alarms.map((a) => [a.prefix, a.device, a.type])).toEqual([
      ['T', 2, 4],
      ['L', 1, 3],
    ]);
  });

  it('I20500 reports the tank alarms i20500 does (issue 34 #12); an emulator-style I10100 lists none', async () => {
    const client = await start({
      displaySystemStatus: 'emulator',
      activeAlarms: [
        { category: 2, type: 4, device: 1 },
        { category: 2, type: 5, device: 2 },
        { category: 2, type: 10, device: 2 },
        { category: 3, type: 3, device: 1 },
      ],
    });
    const computer = parseTankStatus(data(await client.ask('i20500'))).tanks;
    expect(computer).toEqual([
      { tank: 1, alarms: [4] },
      { tank: 2, alarms: [5, 10] },
      { tank: 3, alarms: [] },
    ]);
    const display = await client.ask('I20500');
    if (display?.kind !== 'display') throw new Error(JSON.stringify(display));
    expect(parseDisplayTankStatus(display.lines).tanks.map((t) => ({ tank: t.tank, alarms: t.alarms.map((a) => a.type) }))).toEqual(computer);
    const systemStatus = await client.ask('I10100');
    if (systemStatus?.kind !== 'display') throw new Error(JSON.stringify(systemStatus));
    expect(parseDisplayAlarms(systemStatus.lines)).toEqual({ allNormal: false, alarms: [] });
  });

  it('an absent tank addressed explicitly comes back ?-filled', async () => {
    const client = await start();
    expect(parseInventory(data(await client.ask('i20109'))).tanks).toMatchObject([{ tank: 9, product: null, status: null, volume: null, waterVolume: null }]);
  });

  it('the clock is formatted in the console time zone', async () => {
    const client = await start({ timeZone: 'Asia/Shanghai' });
    expect(parseConsoleClock(data(await client.ask('i50100'))).time).toEqual({ ...NOW, hour: 18 });
  });

  it('faults change at run time: junk before SOH, a bad checksum, unsupported codes, silence', async () => {
    const client = await start();
    atg!.setFaults({ junkBeforeSoh: true });
    expect((await client.ask('i20100'))?.kind).toBe('computer');
    atg!.setFaults({ badChecksum: true });
    expect((await client.ask('i20100'))?.kind).toBe('checksum');
    atg!.setFaults({ unsupported: ['i202'] });
    expect(await client.ask('i20200')).toEqual({ kind: 'unsupported' });
    atg!.setFaults({ silent: true });
    expect(await client.ask('i20100', { timeoutMs: 300 })).toBeNull();
    atg!.setFaults({});
    expect((await client.ask('i20100'))?.kind).toBe('computer');
  });

  it('a late reply after a delay is a mismatch for the next command', async () => {
    const client = await start({ faults: { delayMs: 400 } });
    expect(await client.ask('i20100', { timeoutMs: 100 })).toBeNull();
    atg!.setFaults({});
    expect(await client.ask('i60200')).toEqual({ kind: 'mismatch', code: 'i20100' });
  });

  it('a reset mid-reply closes the connection with no frame', async () => {
    const client = await start({ faults: { resetMidReply: true } });
    expect(await client.ask('i20100')).toBeNull();
    expect(client.closed).toBe(true);
  });

  it('a reprogrammed ETX', async () => {
    const client = await start({ etx: 0x04 });
    expect((await client.ask('i20100', { etx: 0x04 }))?.kind).toBe('computer');
  });

  it('refuses tank 100: TT has 2 digits', async () => {
    await start();
    expect(() => atg!.setTanks(demoFakeTanks(100))).toThrow(RangeError);
  });
});
