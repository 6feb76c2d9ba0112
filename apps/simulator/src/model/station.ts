import type { DeviceReading, DeviceReport, DeviceSensorState, RecordType } from '@ullage/contracts/device';
import { emptyOutbox, splitOutbox } from './batch';
import { MINUTE, iso, localHour } from './clock';
import { createTicketBook } from './delivery-tickets';
import { createMeters } from './metering';
import { createRng, deriveSeed, type Rng } from './random';
import { DURATION_MIN, LEAK_ALARM_CODE, PROBE_FAULT_CODE, RARE_EVENT_KINDS, resolveEventRates, type EventsOption, type RareEventKind } from './rare-events';
import { measure, type Distortion } from './probe';
import { createTank, fillOf, grossL, stepTank, temperatureC, type TankState } from './tank';
import type { SimSensor, SimStation } from './types';

export interface StationSimOptions {
  /** Simulated time the station starts at (ms since epoch). */
  startMs: number;
  seed?: number;
  events?: EventsOption;
  /** Called for each notable thing (rare events, deliveries), e.g. to log it. */
  onHappening?: (h: Happening) => void;
}

export interface Happening {
  station: string;
  kind: RareEventKind | 'delivery';
  ts: number;
  tank?: string;
  sensorNo?: string;
  durationMs?: number;
  litres?: number;
}

export interface TankView {
  code: string;
  /** Product at 15 °C, water excluded: what sales, deliveries and a leak change. */
  productL: number;
  /** Product at its temperature: what the probe sees. */
  grossL: number;
  waterMm: number;
  fill: number;
  temperatureC: number;
  delivering: boolean;
}

export interface StationSim {
  readonly station: SimStation;
  /** Simulated time reached so far. */
  now(): number;
  /**
   * Runs the station up to `toMs` and returns the batches the device would send at that
   * moment: usually one with an interval reading per tank (plus hourly records, sensor states,
   * alarms, events, metered sales, totaliser readings and delivery tickets due), none while its network is down or power is off, and the whole
   * backlog — split to the protocol's batch limits — when the network comes back.
   */
  advance(toMs: number): DeviceReport[];
  /** The true state, for tests and debugging (what the probe reads, without noise). */
  tanks(): TankView[];
  /** Whether a tanker is on its way or unloading: its level moves fast, so history is read closely then. */
  busy(): boolean;
}

/** Physics moves in steps of at most a minute, so a report spanning hours still sees sales curves and deliveries. */
const MAX_STEP_MS = MINUTE;
/** Every timezone offset is a multiple of 15 minutes, so local hours start on UTC quarter hours. */
const QUARTER_MS = 15 * MINUTE;

export function createStationSim(station: SimStation, options: StationSimOptions): StationSim {
  const rng: Rng = createRng(deriveSeed(options.seed ?? 1, station.code));
  const rates = resolveEventRates(options.events);
  const tanks: TankState[] = station.tanks.map((spec) => createTank(spec, rng));
  const sensors: SimSensor[] = station.sensors ?? [];
  const leakAlarms = new Map<string, number>(); // sensorNo → clears at
  const probeFaults = new Map<string, number>(); // tank code → clears at
  const distortions = new Map<string, Distortion>(); // tank code → applied to its next reading
  let now = options.startMs;
  let powerOnAt: number | null = null; // set while the power is off
  let networkUpAt: number | null = null; // set while the network is down
  let lastGasp = false; // the power just failed: one last batch goes out on the capacitor
  let lastReadingMs = -1;
  let started = false;
  let outbox = emptyOutbox();
  const meters = createMeters(station, options.seed ?? 1, options.startMs);
  const tickets = createTicketBook(station, options.seed ?? 1);

  const happen = (h: Omit<Happening, 'station'>) => options.onHappening?.({ station: station.code, ...h });
  const durationOf = (kind: keyof typeof DURATION_MIN) => Math.round(rng.range(...DURATION_MIN[kind]) * 60) * 1000; // whole seconds

  function readAll(ms: number, type: RecordType): DeviceReading[] {
    lastReadingMs = ms;
    const hour = localHour(station.timezone, ms);
    return tanks.map((t) => {
      const distort = distortions.get(t.spec.code);
      distortions.delete(t.spec.code);
      return measure(t, ms, hour, type, rng, distort);
    });
  }

  function sensorState(s: SimSensor, ms: number): DeviceSensorState {
    return leakAlarms.has(s.sensorNo)
      ? { sensorNo: s.sensorNo, type: s.type, ts: iso(ms), state: 'alarm', code: LEAK_ALARM_CODE }
      : { sensorNo: s.sensorNo, type: s.type, ts: iso(ms), state: 'normal' };
  }

  const onLocalHour = (ms: number) => ms % QUARTER_MS === 0 && localHour(station.timezone, ms) % 1 === 0;
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rng.next() * items.length)];

  function startRareEvent(kind: RareEventKind, ms: number): void {
    switch (kind) {
      case 'probe-fault': {
        const tank = pick(tanks.filter((t) => !probeFaults.has(t.spec.code)));
        if (!tank) return;
        const durationMs = durationOf('probe-fault');
        probeFaults.set(tank.spec.code, ms + durationMs);
        outbox.alarms.push({ kind: 'level', tank: tank.spec.code, code: PROBE_FAULT_CODE, ts: iso(ms), state: 'active' });
        return happen({ kind, ts: ms, tank: tank.spec.code, durationMs });
      }
      case 'data-jump': {
        const tank = pick(tanks);
        if (!tank) return;
        // Either the height or the temperature, beyond spec §9's jump thresholds (10 cm, 3 °C).
        distortions.set(tank.spec.code, rng.chance(0.5) ? { heightMm: 150 } : { temperatureC: 5 });
        return happen({ kind, ts: ms, tank: tank.spec.code });
      }
      case 'power-off': {
        const durationMs = durationOf('power-off');
        outbox.events.push({ type: 'power-off', ts: iso(ms), readings: readAll(ms, 'single') });
        powerOnAt = ms + durationMs;
        lastGasp = true;
        return happen({ kind, ts: ms, durationMs });
      }
      case 'network-gap': {
        if (networkUpAt !== null) return;
        const durationMs = durationOf('network-gap');
        networkUpAt = ms + durationMs;
        return happen({ kind, ts: ms, durationMs });
      }
      case 'leak-alarm': {
        const sensor = pick(sensors.filter((s) => s.type === 'leak' && !leakAlarms.has(s.sensorNo)));
        if (!sensor) return;
        const durationMs = durationOf('leak-alarm');
        leakAlarms.set(sensor.sensorNo, ms + durationMs);
        outbox.sensors.push(sensorState(sensor, ms));
        return happen({ kind, ts: ms, sensorNo: sensor.sensorNo, durationMs });
      }
    }
  }

  /** Faults and alarms that have run their course clear; the device reports it once powered. */
  function clearExpired(ms: number): void {
    for (const [tank, at] of probeFaults) {
      if (at > ms) continue;
      probeFaults.delete(tank);
      outbox.alarms.push({ kind: 'level', tank, code: PROBE_FAULT_CODE, ts: iso(ms), state: 'cleared' });
    }
    for (const [sensorNo, at] of leakAlarms) {
      if (at > ms) continue;
      leakAlarms.delete(sensorNo);
      const sensor = sensors.find((s) => s.sensorNo === sensorNo);
      if (sensor) outbox.sensors.push(sensorState(sensor, ms));
    }
  }

  function step(toMs: number, isReportTime: boolean): void {
    const dt = toMs - now;
    const hour = localHour(station.timezone, now);
    for (const t of tanks) {
      const { delivery, fills } = stepTank(t, now, dt, hour, rng, station.openingHours);
      if (delivery) {
        happen({ kind: 'delivery', ts: now, tank: t.spec.code, litres: Math.round(delivery.litres), durationMs: delivery.durationMs });
        tickets.delivered(t, now, delivery);
      }
      if (fills.length > 0) meters.sell(t, now, toMs, fills, hour, outbox);
    }
    now = toMs;
    // The pumps and the office keep their own records through the console's outages: sent with the next batch that goes.
    meters.read(now, outbox);
    tickets.due(now, outbox);
    if (networkUpAt !== null && now >= networkUpAt) networkUpAt = null;
    if (powerOnAt !== null) {
      if (now < powerOnAt) return; // the console is dark: no readings, no alarms, no rolls
      powerOnAt = null;
      outbox.events.push({ type: 'power-on', ts: iso(now), readings: readAll(now, 'single') });
    }
    clearExpired(now);
    for (const kind of RARE_EVENT_KINDS) {
      if (rates[kind] > 0 && rng.chance((rates[kind] * dt) / 86_400_000)) startRareEvent(kind, now);
      if (powerOnAt !== null) return;
    }
    // One record per tank per timestamp: (tank, ts) is the readings' key on the server.
    if (lastReadingMs === now) return;
    if (onLocalHour(now)) {
      outbox.readings.push(...readAll(now, 'hourly'));
      for (const s of sensors) outbox.sensors.push(sensorState(s, now));
    } else if (isReportTime) {
      outbox.readings.push(...readAll(now, 'interval'));
    }
  }

  function release(): DeviceReport[] {
    const batches = splitOutbox(outbox);
    outbox = emptyOutbox();
    return batches;
  }

  return {
    station,
    now: () => now,
    advance(toMs) {
      if (!started) {
        // A device reports its inventory and its sensors' states as soon as it starts.
        started = true;
        outbox.readings.push(...readAll(now, onLocalHour(now) ? 'hourly' : 'interval'));
        for (const s of sensors) outbox.sensors.push(sensorState(s, now));
        meters.read(now, outbox, true);
      }
      while (now < toMs) {
        const nextQuarter = (Math.floor(now / QUARTER_MS) + 1) * QUARTER_MS;
        const next = Math.min(toMs, now + MAX_STEP_MS, nextQuarter);
        step(next, next === toMs);
      }
      const canSend = networkUpAt === null && (powerOnAt === null || lastGasp);
      lastGasp = false;
      return canSend ? release() : [];
    },
    busy: () => tanks.some((t) => t.delivery !== null || t.deliveryDueMs !== null),
    tanks: () => {
      const hour = localHour(station.timezone, now);
      return tanks.map((t) => ({
        code: t.spec.code,
        productL: t.netL,
        grossL: grossL(t, hour),
        waterMm: t.waterMm,
        fill: fillOf(t),
        temperatureC: temperatureC(t, hour),
        delivering: t.delivery !== null,
      }));
    },
  };
}
