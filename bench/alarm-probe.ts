import { LEVEL_ALARM_CODES } from '@ullage/domain/alarm-codes';
import { readSseFrames } from '../apps/server/src/test/sse-frames';
import { post } from './setup';

/**
 * The probe of the alarm-latency benches: an administrator's live alarm feed
 * (`/api/sse-msg/connect`) on one server, and a probe station reporting one device alarm every
 * 100 ms to a server (the same or another instance). Each alarm's time from the start of its POST
 * to its arrival on the feed is one sample; each (tank, code) is raised then cleared, so the next
 * is a new alarm.
 */
export interface AlarmFeed {
  latencies: number[];
  /** Registers an alarm expected on the feed, by tank and alarm name, sent now. */
  expect(key: string): void;
  close(): Promise<void>;
}

export async function openAlarmFeed(baseUrl: string, cookie: string): Promise<AlarmFeed> {
  const userId = ((await (await fetch(`${baseUrl}/api/login/getInfo`, { headers: { cookie } })).json()) as { data: { userId: number } }).data.userId;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const controller = new AbortController();
  const feed = await fetch(`${baseUrl}/api/sse-msg/connect?userId=${userId}&lang=en`, { headers: { cookie }, signal: controller.signal });
  const reading = readSseFrames(feed.body!, (_id, data) => {
    const message = JSON.parse(data) as { tankCode: string; alarmTypeDesc: string };
    const key = `${message.tankCode}|${message.alarmTypeDesc}`;
    const start = sentAt.get(key);
    if (start !== undefined) {
      latencies.push(performance.now() - start);
      sentAt.delete(key);
    }
  });
  return {
    latencies,
    expect: (key) => sentAt.set(key, performance.now()),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Signs the administrator in; the session cookie. */
export async function adminCookie(baseUrl: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) });
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
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

/** p50/p95/p99/max of samples, with their count, as one line. */
export function latencyLine(samples: number[], budgetMs: number): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return `n ${sorted.length}, p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms  [budget p99 < ${budgetMs} ms: ${pct(99) < budgetMs ? 'met' : 'NOT met'}]`;
}
