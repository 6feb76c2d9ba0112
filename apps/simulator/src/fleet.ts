import type { DeviceCommand, DeviceCommandAck, DeviceReport } from '@ullage/contracts/device';
import { iso } from './model/clock';
import { emptyOutbox, splitOutbox, type Outbox } from './model/batch';
import { createCommandHandler, type CommandBehaviour, type CommandHandler } from './model/device-commands';
import type { EventRates } from './model/rare-events';
import { createStationSim, type Happening, type StationSim } from './model/station';
import type { SimStation } from './model/types';
import { createHttpTransport } from './transport/http';
import { createMqttTransport } from './transport/mqtt';
import { SendError, type Sender, type Transport } from './transport/types';

export type { SimStation, SimTank, SimSensor } from './model/types';
export type { CommandBehaviour } from './model/device-commands';

export interface FleetOptions {
  /** Server root for HTTP push, e.g. http://127.0.0.1:8080. */
  baseUrl?: string;
  /** Broker for MQTT, e.g. mqtt://127.0.0.1:1883. */
  mqttUrl?: string;
  transport: 'http' | 'mqtt';
  stations: SimStation[];
  /** Real milliseconds between one station's reports. */
  intervalMs?: number;
  /** Simulated seconds per real second. */
  timeScale?: number;
  /**
   * Simulated time to start at (default: now). Simulated time never passes the wall clock, since
   * the server refuses readings from its future: with `timeScale` > 1 start in the past, and the
   * fleet replays up to now at that speed, then goes on in real time.
   */
  startMs?: number;
  seed?: number;
  /** Rare events (faults, jumps, outages, leaks): on by default; false turns them off; an object sets rates per day. */
  events?: boolean | Partial<EventRates>;
  logger?: (msg: string) => void;
  /** Send through this instead of HTTP/MQTT (tests, or an in-process ingest). */
  sender?: Sender;
  /** Over this many queued readings a station drops its oldest batches, as a device's memory would. */
  maxQueuedReadings?: number;
  /**
   * How the devices answer commands (docs/device-protocol.md "Commands"): chances of refusing
   * and of never answering (default 10 % and 5 %); false: commands are not answered at all.
   */
  commands?: Partial<CommandBehaviour> | false;
  /** Answers commands through this instead of HTTP/MQTT (with `sender`). */
  acknowledge?: (station: SimStation, ack: DeviceCommandAck) => Promise<void>;
  /** Server root to download firmware from (default: baseUrl). */
  firmwareBaseUrl?: string;
  /**
   * History to send before going live: each station runs from `from(code)` up to the wall clock
   * as fast as the server takes it, a reading per tank every `stepMs` (every 30 s while a tanker
   * is due or unloading, so a delivery does not look like a data jump), sent in batches of
   * `chunkMs` of history. The reports then go on in real time from where the history ends.
   */
  backfill?: BackfillOptions;
}

export interface BackfillOptions {
  /** Where a station's history starts (ms since epoch); a time at or after now sends none. */
  from: (stationCode: string) => number;
  /**
   * Simulated time between readings (default 5 minutes); a function of the simulated time for a
   * history that is coarse long ago and fine lately (the fleet bench: 15 minutes, then 1).
   */
  stepMs?: number | ((simMs: number) => number);
  /** History sent per batch and station (default 6 hours). */
  chunkMs?: number;
  /** After each chunk: simulated time sent so far and in all, over the fleet. */
  onProgress?: (progress: { doneMs: number; totalMs: number; finished: boolean }) => void;
}

export interface FleetStats {
  stations: number;
  /** Batches the server answered. */
  batchesSent: number;
  /** Send attempts that failed and will be retried. */
  sendFailures: number;
  /** Batches given up on: refused outright, or pushed out of a full queue. */
  batchesDropped: number;
  readingsSent: number;
  accepted: number;
  duplicates: number;
  refused: number;
  /** Batches waiting to be sent, over all stations. */
  queuedBatches: number;
  /** Simulated time reached (ISO), the latest of any station. */
  simulatedTime: string;
  lastError: string | null;
  /** Commands received, and how they were answered: success, refused, never answered. */
  commands: { received: number; succeeded: number; refused: number; ignored: number };
}

export interface Fleet {
  stop(): Promise<void>;
  stats(): FleetStats;
  /** Resolves when the history (`backfill`) is sent and the fleet reports live; at once without one. */
  live: Promise<void>;
}

interface Runner {
  sim: StationSim;
  queue: DeviceReport[];
  /** The send loop in progress, if any: one at a time per station keeps batches in order. */
  flushing: Promise<void> | null;
  /** Set while sends fail, so a long outage logs once rather than every tick. */
  failingSince: number | null;
  /** The device's command handling, and the answers in progress (one command at a time, in order). */
  commands: CommandHandler | null;
  answering: Promise<void>;
}

const LISTS = ['readings', 'sensors', 'alarms', 'events', 'sales', 'meterTotals', 'tickets'] as const;
const countItems = (r: DeviceReport) => LISTS.reduce((n, list) => n + (r[list]?.length ?? 0), 0);

function describe(h: Happening): string {
  const min = h.durationMs ? `${Math.round(h.durationMs / 60_000)} min` : '';
  switch (h.kind) {
    case 'delivery':
      return `${h.station}: delivery of ${h.litres} L into tank ${h.tank} over ${min}`;
    case 'probe-fault':
      return `${h.station}: probe fault on tank ${h.tank} for ${min}`;
    case 'data-jump':
      return `${h.station}: data jump on tank ${h.tank}`;
    case 'power-off':
      return `${h.station}: power off for ${min}`;
    case 'network-gap':
      return `${h.station}: network gap of ${min}`;
    case 'leak-alarm':
      return `${h.station}: leak alarm on sensor ${h.sensorNo} for ${min}`;
  }
}

/** While a tanker is due or unloading, history is read this closely: a delivery fills in 20–40 minutes. */
const BUSY_STEP_MS = 30_000;

/** One report with everything of several (in order), for sending history in fewer, larger batches. */
function merge(into: Outbox, sent: DeviceReport): void {
  const report = sent as Partial<Outbox>; // what advance() gives is an Outbox split to the limits
  into.readings.push(...(report.readings ?? []));
  into.sensors.push(...(report.sensors ?? []));
  into.alarms.push(...(report.alarms ?? []));
  into.events.push(...(report.events ?? []));
  into.sales.push(...(report.sales ?? []));
  into.meterTotals.push(...(report.meterTotals ?? []));
  into.tickets.push(...(report.tickets ?? []));
}

export function startFleet(options: FleetOptions): Fleet {
  const log = options.logger ?? ((msg: string) => console.log(`[simulator] ${msg}`));
  const intervalMs = options.intervalMs ?? 10_000;
  const timeScale = options.timeScale ?? 1;
  const maxQueued = options.maxQueuedReadings ?? 200_000;
  if (!(intervalMs > 0) || !(timeScale > 0)) throw new RangeError('intervalMs and timeScale must be positive');
  let transport: Transport | null = null;
  const runnerOf = new Map<string, Runner>();
  if (!options.sender) {
    if (options.transport === 'http') {
      if (!options.baseUrl) throw new Error('startFleet: transport http needs baseUrl');
      transport = createHttpTransport(options.baseUrl);
    } else {
      if (!options.mqttUrl) throw new Error('startFleet: transport mqtt needs mqttUrl');
      transport = createMqttTransport(options.mqttUrl, {
        logger: log,
        ...(options.commands === false ? {} : { onCommand: (station, command) => answer(runnerOf.get(station.code), command) }),
      });
    }
  }
  const send: Sender = options.sender ?? transport!.send;
  const acknowledge = options.acknowledge ?? transport?.ack.bind(transport);
  // Firmware comes over HTTP whatever carries the reports.
  const firmwareBase = options.firmwareBaseUrl ?? options.baseUrl;
  const downloader = firmwareBase ? createHttpTransport(firmwareBase) : null;
  const serverOf = (url: string | undefined) => {
    if (!url) return undefined;
    const parsed = new URL(url);
    return { host: parsed.hostname, port: Number(parsed.port) || (parsed.protocol === 'mqtt:' ? 1883 : parsed.protocol === 'https:' ? 443 : 80) };
  };
  const server = serverOf(options.transport === 'mqtt' ? options.mqttUrl : options.baseUrl);

  const realStart = Date.now();
  // Batches are named `<run>-<n>`: the server echoes the name in its answer, which is how MQTT answers find their send.
  const runId = realStart.toString(36);
  let batchSeq = 0;
  const simStart = options.startMs ?? realStart;
  const simAt = (realMs: number) => Math.min(simStart + (realMs - realStart) * timeScale, realMs);
  // Staggered over one interval so a fleet's reports spread out instead of arriving together.
  const offsetOf = (i: number) => Math.floor((i * intervalMs) / Math.max(1, options.stations.length));

  const stats: FleetStats = {
    stations: options.stations.length,
    batchesSent: 0,
    sendFailures: 0,
    batchesDropped: 0,
    readingsSent: 0,
    accepted: 0,
    duplicates: 0,
    refused: 0,
    queuedBatches: 0,
    simulatedTime: iso(simStart),
    lastError: null,
    commands: { received: 0, succeeded: 0, refused: 0, ignored: 0 },
  };
  const fail = (msg: string) => {
    stats.lastError = msg;
    log(msg);
  };

  let stopped = false;
  const backfill = options.backfill;
  // What happens in the history is not news: a month of deliveries would flood the log.
  let historyDone = !backfill;
  const runners: Runner[] = options.stations.map((station, i) => ({
    // Each station boots at its first tick and reports its inventory then (or where its history starts).
    sim: createStationSim(station, { startMs: backfill ? Math.min(backfill.from(station.code), realStart) : simAt(realStart + offsetOf(i)), seed: options.seed, events: options.events, onHappening: (h) => historyDone && log(describe(h)) }),
    queue: [],
    flushing: null,
    failingSince: null,
    commands:
      options.commands === false
        ? null
        : createCommandHandler(station, {
            seed: options.seed,
            behaviour: options.commands ?? {},
            ...(downloader ? { download: (url: string) => downloader.download(station, url) } : {}),
            ...(server ? { server } : {}),
          }),
    answering: Promise.resolve(),
  }));
  for (const r of runners) runnerOf.set(r.sim.station.code, r);

  /** Handles a command and sends its answers; one at a time per station, in the order received. */
  function answer(r: Runner | undefined, command: DeviceCommand): void {
    const handler = r?.commands;
    if (!r || !handler || !acknowledge || stopped) return;
    const code = r.sim.station.code;
    r.answering = r.answering.then(async () => {
      const acks = await handler.handle(command);
      try {
        for (const ack of acks) await acknowledge(r.sim.station, ack);
      } catch (err) {
        handler.forget(command.id); // answered again when handed over again
        if (!stopped) fail(`${code}: answering command ${command.id}: ${(err as Error).message}`);
        return;
      }
      const last = acks[acks.length - 1];
      log(`${code}: command ${command.id} (${command.kind}) ${last ? `${last.status}${last.reason ? `: ${last.reason}` : ''}` : 'left unanswered'}`);
    });
  }

  async function flush(r: Runner): Promise<void> {
    const station = r.sim.station;
    while (r.queue.length > 0 && !stopped) {
      const batch = r.queue[0]!;
      try {
        // sentAt is the device's clock at sending, so a resent backlog is stamped anew.
        const result = await send(station, { ...batch, sentAt: iso(Date.now() + (r.commands?.settings.clockOffsetMs ?? 0)) });
        for (const command of result.commands ?? []) answer(r, command);
        r.queue.shift();
        stats.batchesSent++;
        stats.readingsSent += batch.readings?.length ?? 0;
        stats.accepted += result.accepted;
        stats.duplicates += result.duplicates;
        stats.refused += result.refused.length;
        if (result.refused.length > 0) log(`${station.code}: ${result.refused.length} item(s) refused, first ${result.refused[0]!.path}: ${result.refused[0]!.message}`);
        if (r.failingSince !== null) log(`${station.code}: sending again after ${Math.round((Date.now() - r.failingSince) / 1000)} s`);
        r.failingSince = null;
      } catch (err) {
        if (stopped) return; // sends cut short by stop() are no news
        const msg = `${station.code}: ${(err as Error).message}`;
        if (err instanceof SendError && !err.retry) {
          r.queue.shift();
          stats.batchesDropped++;
          fail(`${msg} (batch dropped)`);
          continue;
        }
        stats.sendFailures++;
        if (r.failingSince === null) fail(`${msg} (will retry)`);
        else stats.lastError = msg;
        r.failingSince ??= Date.now();
        return; // retried on the next tick
      }
    }
  }

  function tick(r: Runner): void {
    if (stopped) return;
    try {
      for (const batch of r.sim.advance(simAt(Date.now()))) r.queue.push({ ...batch, batchId: `${runId}-${++batchSeq}` });
      let queued = r.queue.reduce((n, b) => n + countItems(b), 0);
      while (queued > maxQueued && r.queue.length > 1) {
        queued -= countItems(r.queue.shift()!);
        stats.batchesDropped++;
      }
      if (!r.flushing && r.queue.length > 0) {
        r.flushing = flush(r)
          .catch((err: unknown) => fail(`${r.sim.station.code}: ${(err as Error).message}`))
          .finally(() => {
            r.flushing = null;
          });
      }
    } catch (err) {
      fail(`${r.sim.station.code}: simulation failed: ${(err as Error).message}`);
    }
  }

  /** Sends a station's queue, waiting out failures (the server may be busy starting): history must not be skipped. */
  async function drain(r: Runner): Promise<void> {
    while (r.queue.length > 0 && !stopped) {
      await r.flushing;
      r.flushing = flush(r).finally(() => {
        r.flushing = null;
      });
      await r.flushing;
      if (r.queue.length > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, 5_000)));
    }
  }

  /** Runs every station through its history, chunk by chunk over the whole fleet, so every station's past fills in together. */
  async function sendHistory(b: BackfillOptions): Promise<void> {
    const step = b.stepMs ?? 5 * 60_000;
    const stepAt = typeof step === 'number' ? () => step : step;
    const chunkMs = b.chunkMs ?? 6 * 3_600_000;
    const firstMs = Math.min(...runners.map((r) => r.sim.now()));
    let cursor = firstMs;
    for (;;) {
      const stepMs = stepAt(cursor);
      // A step short of the wall clock: the live reports take over from there.
      const target = Math.min(cursor + chunkMs, Date.now() - stepMs);
      // Caught up within a step: the live reports take the rest (chasing the clock would never end).
      if (stopped || target - cursor < stepMs) break;
      await Promise.all(
        runners.map(async (r) => {
          const box = emptyOutbox();
          while (r.sim.now() < target) {
            const next = Math.min(target, r.sim.now() + (r.sim.busy() ? Math.min(BUSY_STEP_MS, stepAt(r.sim.now())) : stepAt(r.sim.now())));
            for (const report of r.sim.advance(next)) merge(box, report);
          }
          for (const batch of splitOutbox(box)) r.queue.push({ ...batch, batchId: `${runId}-${++batchSeq}` });
          await drain(r);
        }),
      );
      cursor = target;
      b.onProgress?.({ doneMs: cursor - firstMs, totalMs: Date.now() - firstMs, finished: false });
    }
    historyDone = true;
    if (!stopped) b.onProgress?.({ doneMs: cursor - firstMs, totalMs: cursor - firstMs, finished: true });
  }

  const timers: NodeJS.Timeout[] = [];
  const goLive = () =>
    runners.forEach((r, i) => {
      timers.push(
        setTimeout(() => {
          tick(r);
          if (!stopped) timers.push(setInterval(() => tick(r), intervalMs));
        }, offsetOf(i)),
      );
    });
  const history = backfill
    ? sendHistory(backfill).then(
        () => {
          if (!stopped) goLive();
        },
        (err: unknown) => {
          fail(`sending history failed: ${(err as Error).message}`);
          if (!stopped) goLive();
        },
      )
    : (goLive(), Promise.resolve());

  return {
    live: history,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const t of timers) clearTimeout(t); // clearTimeout clears intervals too
      await transport?.close(); // closing first unblocks sends waiting on an ack
      await downloader?.close();
      await history;
      await Promise.all(runners.flatMap((r) => [r.flushing, r.answering]));
    },
    stats() {
      return {
        ...stats,
        queuedBatches: runners.reduce((n, r) => n + r.queue.length, 0),
        simulatedTime: iso(Math.max(simStart, ...runners.map((r) => r.sim.now()))),
        commands: runners.reduce(
          (sum, r) => {
            const c = r.commands?.stats();
            return c ? { received: sum.received + c.received, succeeded: sum.succeeded + c.succeeded, refused: sum.refused + c.refused, ignored: sum.ignored + c.ignored } : sum;
          },
          { received: 0, succeeded: 0, refused: 0, ignored: 0 },
        ),
      };
    },
  };
}
