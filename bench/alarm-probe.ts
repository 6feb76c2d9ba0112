import { LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { readSseFrames } from '../apps/server/src/test/sse-frames';
import { post, signIn } from './setup';

/**
 * The probe of the alarm-latency benches: an administrator's live alarm feed
 * (`/api/sse-msg/connect`) on one server, and probe stations reporting to a server (the same or
 * another instance) every 100 ms: one device alarm (probeAlarms), or a level reading over the
 * tank's high alarm, which the server's own threshold rule raises (probeThresholdAlarms). Each
 * alarm's time from the start of its POST to its arrival on the feed is one sample; each alarm is
 * raised then cleared, so the next is a new alarm.
 */
export type ProbeKind = 'device' | 'threshold';

export interface AlarmFeed {
  /** Every sample, whatever raised it. */
  latencies: number[];
  /** The samples of each kind of alarm. */
  byKind: Record<ProbeKind, number[]>;
  /** Registers an alarm expected on the feed, by tank and alarm name, sent now. */
  expect(key: string, kind?: ProbeKind): void;
  close(): Promise<void>;
}

export async function openAlarmFeed(baseUrl: string, cookie: string): Promise<AlarmFeed> {
  const userId = ((await (await fetch(`${baseUrl}/api/login/getInfo`, { headers: { cookie } })).json()) as { data: { userId: number } }).data.userId;
  const sentAt = new Map<string, { at: number; kind: ProbeKind }>();
  const latencies: number[] = [];
  const byKind: Record<ProbeKind, number[]> = { device: [], threshold: [] };
  const controller = new AbortController();
  const feed = await fetch(`${baseUrl}/api/sse-msg/connect?userId=${userId}&lang=en`, { headers: { cookie }, signal: controller.signal });
  const reading = readSseFrames(feed.body!, (_id, data) => {
    const message = JSON.parse(data) as { tankCode: string; alarmTypeDesc: string };
    const key = `${message.tankCode}|${message.alarmTypeDesc}`;
    const sent = sentAt.get(key);
    if (sent !== undefined) {
      const took = performance.now() - sent.at;
      latencies.push(took);
      byKind[sent.kind].push(took);
      sentAt.delete(key);
    }
  });
  return {
    latencies,
    byKind,
    expect: (key, kind = 'device') => sentAt.set(key, { at: performance.now(), kind }),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Signs the administrator in; the session cookie. */
export async function adminCookie(baseUrl: string, password: string): Promise<string> {
  return signIn(baseUrl, 'admin', password);
}

/** Reports a device alarm every 100 ms from `probe` to `baseUrl` until `deadline`; answers how many were sent. */
export async function probeAlarms(baseUrl: string, probe: { code: string; key: string }, feed: AlarmFeed, deadline: number): Promise<number> {
  // Not 10–14 (the server's own threshold codes), nor the density codes (81–84), whose English
  // names on the feed ("High density alarm") are not their code list names ("HD alarm") the feed is matched by.
  const codes = Object.keys(LEVEL_ALARM_CODES).map(Number).filter((c) => c < 10 || (c > 14 && c < 80));
  let sent = 0;
  for (let n = 0; performance.now() < deadline; n++) {
    const tank = String((n % 10) + 1);
    const code = codes[Math.floor(n / 10) % codes.length]!;
    const name = LEVEL_ALARM_CODES[code as keyof typeof LEVEL_ALARM_CODES];
    feed.expect(`${tank}|${name[0]!.toUpperCase()}${name.slice(1)}`);
    const ts = new Date(Date.now() - 1000).toISOString();
    await post(`${baseUrl}/api/device/v1/stations/${probe.code}/report`, probe.key, JSON.stringify({ alarms: [{ kind: 'level', tank, code, ts }] }));
    await post(`${baseUrl}/api/device/v1/stations/${probe.code}/report`, probe.key, JSON.stringify({ alarms: [{ kind: 'level', tank, code, ts, state: 'cleared' }] }));
    sent++;
    await new Promise((r) => setTimeout(r, 100));
  }
  return sent;
}

/**
 * Reports a reading with the water over the tank's high water alarm (BENCH_THRESHOLDS: 100 mm)
 * every 100 ms from `probe` until `deadline`, then one at 10 mm that ends it: an alarm the server's
 * own threshold rule raises, as most alarms in operation are (water, not product, so no delivery
 * or sale is seen between the two). Answers how many were sent.
 */
export async function probeThresholdAlarms(baseUrl: string, probe: { code: string; key: string }, feed: AlarmFeed, deadline: number): Promise<number> {
  const name = LEVEL_ALARM_CODES[14];
  const reading = (tank: string, waterHeightMm: number) => ({ tank, ts: new Date().toISOString(), productHeightMm: 1000, waterHeightMm, temperatureC: 15, volumeL: 15_000 });
  let sent = 0;
  for (let n = 0; performance.now() < deadline; n++) {
    const tank = String((n % 10) + 1);
    feed.expect(`${tank}|${name[0]!.toUpperCase()}${name.slice(1)}`, 'threshold');
    await post(`${baseUrl}/api/device/v1/stations/${probe.code}/report`, probe.key, JSON.stringify({ readings: [reading(tank, 150)] }));
    await post(`${baseUrl}/api/device/v1/stations/${probe.code}/report`, probe.key, JSON.stringify({ readings: [reading(tank, 10)] }));
    sent++;
    await new Promise((r) => setTimeout(r, 100));
  }
  return sent;
}

/** p50/p95/p99/max of samples, with their count, as one line. */
export function latencyLine(samples: number[], budgetMs: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return `n ${sorted.length}, p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms  [budget p99 < ${budgetMs} ms: ${pct(99) < budgetMs ? 'met' : 'NOT met'}]`;
}
