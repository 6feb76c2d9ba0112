import { createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ConsoleAlarm } from '@ullage/domain/atg/computer-format';
import { encodeUnsupportedReply, ETX, SOH } from '@ullage/domain/atg/frame';
import { replyTo, twoDigits, type FakeAlarmHistoryEntry, type FakeAtgState, type FakeDelivery, type FakeSensor } from './fake-atg-console-replies';
import { demoFakeTanks, type FakeTank } from './fake-atg-console-tanks';

export type { FakeAlarmHistoryEntry, FakeDelivery, FakeSensor, FakeTank };

/**
 * A Veeder-Root TLS console on a real TCP socket, for tests and for trying the poller by hand
 * (`npm run fake-atg`). It speaks computer format (`i…`) and the emulator's display format
 * (`I…`) as atg-protocol.md §5 asks of a fake, and its faults reproduce what the reference says
 * real links do: silence, slow or split replies, telnet junk, bad checksums, resets.
 */
export interface FakeAtgFaults {
  /** Read commands, never answer. */
  silent?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Flip one data byte of computer replies (or of those to these codes or prefixes), keeping their checksum. */
  badChecksum?: boolean | string[];
  /** Send each reply in this many packets, with small pauses between them. */
  splitInto?: number;
  /** Telnet negotiation (`FF FB 01 FF FD 03`) before each reply: holds bytes equal to SOH and ETX. */
  junkBeforeSoh?: boolean;
  /** Function codes (or prefixes, `i202`) answered `9999FF1B`. */
  unsupported?: string[];
  /** Send half the reply, then reset the connection. */
  resetMidReply?: boolean;
  /** Answer with SOH and then printable bytes without end (a console that never finishes its frame). */
  streamForever?: boolean;
  /** Answer with one frame of this many bytes: SOH, printable filler, ETX (no valid reply). */
  hugeFrameBytes?: number;
}

export interface FakeAtgConsoleOptions {
  host?: string;
  /** 0 (any free port) by default. */
  port?: number;
  /** In the console's units; NWP-SH01's three demo tanks by default. */
  tanks?: FakeTank[];
  units?: 'us' | 'metric';
  /** When set, a command without exactly this code in front gets no reply at all (§1). */
  securityCode?: string;
  /** Every `i…`/`s…` answers 9999FF1B, as the public emulator does. */
  displayOnly?: boolean;
  /**
   * What I10100 prints: the manual's alarm lines (default), or the emulator's system report,
   * which lists none, so that the tank alarms show only in I20500. With `unsupported: ['i101',
   * 'i205']` that makes a console whose alarms only a display report tells.
   */
  displaySystemStatus?: 'alarms' | 'emulator';
  deliveries?: FakeDelivery[];
  activeAlarms?: ConsoleAlarm[];
  alarmHistory?: FakeAlarmHistoryEntry[];
  /** Two dry sump sensors by default. */
  sensors?: FakeSensor[];
  /** The console's clock; replies start with it as YYMMDDHHmm. The real time by default. */
  clock?: Date | (() => Date);
  /** The zone the console's local clock is in; UTC by default. */
  timeZone?: string;
  /** The station line of display reports. */
  stationName?: string;
  /** ETX can be reprogrammed (function 531). */
  etx?: number;
  faults?: FakeAtgFaults;
  /** Called with each accepted command, as `received` records it (the CLI prints them). */
  onCommand?: (command: string) => void;
}

export interface FakeAtgConsole {
  host: string;
  port: number;
  /** Accepted commands in arrival order: function code plus any set data, without SOH, security code or terminator. */
  received: string[];
  /** Commands dropped for a wrong or missing security code, as sent after SOH. */
  rejected: string[];
  setTanks(tanks: FakeTank[]): void;
  setAlarms(active: ConsoleAlarm[], history?: FakeAlarmHistoryEntry[]): void;
  setSensors(sensors: FakeSensor[]): void;
  setDeliveries(deliveries: FakeDelivery[]): void;
  /** Replaces all faults: `setFaults({})` clears them. */
  setFaults(faults: FakeAtgFaults): void;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

const TELNET_JUNK = [0xff, 0xfb, 0x01, 0xff, 0xfd, 0x03];
const PACKET_PAUSE_MS = 15;
const CODE_LENGTH = 6;
/** The set commands the fake knows, and the length of their data. */
const SET_DATA_LENGTH: Readonly<Record<string, number>> = { s50100: 10 };

export async function startFakeAtgConsole(options: FakeAtgConsoleOptions = {}): Promise<FakeAtgConsole> {
  const units = options.units ?? 'metric';
  let tanks = checkTanks(options.tanks ?? demoFakeTanks(3, units));
  let activeAlarms = options.activeAlarms ?? [];
  let alarmHistory = options.alarmHistory ?? [];
  let sensors = options.sensors ?? [
    { sensor: 1, status: 0 },
    { sensor: 2, status: 0 },
  ];
  let deliveries = options.deliveries ?? [];
  let faults: FakeAtgFaults = options.faults ?? {};
  const clock = options.clock;
  const etx = options.etx ?? ETX;
  const received: string[] = [];
  const rejected: string[] = [];
  const sockets = new Set<Socket>();

  const state = (): FakeAtgState => ({
    tanks,
    units,
    deliveries,
    activeAlarms,
    alarmHistory,
    sensors,
    now: typeof clock === 'function' ? clock() : (clock ?? new Date()),
    timeZone: options.timeZone ?? 'UTC',
    stationName: options.stationName ?? 'ULLAGE FAKE CONSOLE',
    displayOnly: options.displayOnly ?? false,
    displaySystemStatus: options.displaySystemStatus ?? 'alarms',
    etx,
  });

  async function answer(socket: Socket, command: string): Promise<void> {
    const f = faults;
    if (f.silent) return;
    if (f.delayMs) await sleep(f.delayMs);
    const code = command.slice(0, CODE_LENGTH);
    if (f.streamForever || f.hugeFrameBytes) return stream(socket, f.hugeFrameBytes ?? Number.POSITIVE_INFINITY);
    let frame = f.unsupported?.some((u) => code.startsWith(u)) ? encodeUnsupportedReply(etx) : replyTo(command, state());
    const damaged = Array.isArray(f.badChecksum) ? f.badChecksum.some((c) => code.startsWith(c)) : f.badChecksum;
    if (damaged && /^[is]/.test(code) && frame.length > 14) {
      frame = frame.slice();
      // The first data byte: a digit of the timestamp, which stays a printable digit.
      frame[1 + CODE_LENGTH] = frame[1 + CODE_LENGTH]! ^ 0x01;
    }
    const bytes = f.junkBeforeSoh ? Uint8Array.from([...TELNET_JUNK, ...frame]) : frame;
    if (f.resetMidReply) {
      await write(socket, bytes.subarray(0, Math.floor(bytes.length / 2)));
      socket.resetAndDestroy();
      return;
    }
    const parts = Math.max(1, Math.min(f.splitInto ?? 1, bytes.length));
    const size = Math.ceil(bytes.length / parts);
    for (let at = 0; at < bytes.length; at += size) {
      if (at > 0) await sleep(PACKET_PAUSE_MS);
      await write(socket, bytes.subarray(at, at + size));
    }
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    let pending = '';
    // One command at a time per connection: later ones wait, as in a serial console's buffer.
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      for (;;) {
        const next = takeCommand(pending, options.securityCode);
        if (!next) break;
        pending = pending.slice(next.consumed);
        if (next.kind === 'rejected') {
          rejected.push(next.text);
          continue;
        }
        received.push(next.command);
        options.onCommand?.(next.command);
        queue = queue.then(() => answer(socket, next.command)).catch(() => {});
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;

  return {
    host: address.address,
    port: address.port,
    received,
    rejected,
    setTanks: (next) => {
      tanks = checkTanks(next);
    },
    setAlarms: (active, history) => {
      activeAlarms = active;
      if (history) alarmHistory = history;
    },
    setSensors: (next) => {
      sensors = next;
    },
    setDeliveries: (next) => {
      deliveries = next;
    },
    setFaults: (next) => {
      faults = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function checkTanks(tanks: FakeTank[]): FakeTank[] {
  for (const t of tanks) twoDigits(t.tank);
  return tanks;
}

const STREAM_CHUNK = 64 * 1024;

/** SOH, then filler in 64 KiB writes as fast as the socket takes them, then ETX once `total` bytes are out (never, when infinite). */
async function stream(socket: Socket, total: number): Promise<void> {
  const filler = new Uint8Array(STREAM_CHUNK).fill(0x41);
  await write(socket, Uint8Array.of(SOH));
  let sent = 1;
  while (!socket.destroyed && sent < total - 1) {
    const part = Math.min(STREAM_CHUNK, total - 1 - sent);
    await write(socket, part === STREAM_CHUNK ? filler : filler.subarray(0, part));
    sent += part;
  }
  if (Number.isFinite(total)) await write(socket, Uint8Array.of(ETX));
}

function write(socket: Socket, bytes: Uint8Array): Promise<void> {
  if (socket.destroyed) return Promise.resolve();
  return new Promise((resolve) => socket.write(bytes, () => resolve()));
}

type Taken = { kind: 'command'; command: string; consumed: number } | { kind: 'rejected'; text: string; consumed: number };

/**
 * The next whole command in what has arrived: `SOH [security code] code [data]`. The manuals
 * define no terminator, so a command ends by its length; a CR/LF after it, like anything
 * before SOH, is skipped. Null until a whole command is there.
 */
function takeCommand(pending: string, securityCode: string | undefined): Taken | null {
  const soh = pending.indexOf(String.fromCharCode(SOH));
  if (soh < 0) return null;
  const start = soh + 1;
  const prefix = securityCode?.length ?? 0;
  const nextSoh = pending.indexOf(String.fromCharCode(SOH), start);
  const upTo = nextSoh < 0 ? pending.length : nextSoh;
  if (upTo - start < prefix + CODE_LENGTH) {
    // A command cut short by the next one is dropped; otherwise wait for more bytes.
    return nextSoh < 0 ? null : { kind: 'rejected', text: pending.slice(start, upTo), consumed: upTo };
  }
  if (securityCode && pending.slice(start, start + prefix) !== securityCode) {
    return { kind: 'rejected', text: pending.slice(start, upTo).replace(/[\r\n]+$/, ''), consumed: upTo };
  }
  const codeAt = start + prefix;
  const code = pending.slice(codeAt, codeAt + CODE_LENGTH);
  const dataLength = SET_DATA_LENGTH[code] ?? 0;
  // Set data is digits: a CR/LF inside it ends a short command at once (it gets 9999FF1B).
  const data = pending.slice(codeAt + CODE_LENGTH, Math.min(codeAt + CODE_LENGTH + dataLength, upTo));
  const shortAt = data.search(/\D/);
  if (shortAt >= 0) return { kind: 'command', command: pending.slice(codeAt, codeAt + CODE_LENGTH + shortAt), consumed: codeAt + CODE_LENGTH + shortAt };
  if (data.length < dataLength && nextSoh < 0) return null;
  const end = codeAt + CODE_LENGTH + data.length;
  return { kind: 'command', command: pending.slice(codeAt, end), consumed: end };
}
