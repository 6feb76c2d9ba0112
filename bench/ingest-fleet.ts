/** The bench stations of bench/ingest.ts, created through the settings API a few at a time. */
import type { RunningServer } from '../e2e/server';
import { E2E_ADMIN_PASSWORD } from '../e2e/server';
import { api } from './setup';
import type { ReportStation } from './ingest-reports';

/** Thresholds of every bench tank (2,000 mm high, 15 L/mm): what the "alarm" tanks of ingest-reports.ts cross. */
export const BENCH_THRESHOLDS = { lowOilAlarmMm: 200, lowOilWarnMm: 300, highOilWarnMm: 1800, highOilAlarmMm: 1900, highWaterAlarmMm: 100 };

export async function createStations(server: RunningServer, prefix: string, count: number, tankCount: number, parallel = 6): Promise<ReportStation[]> {
  const login = await fetch(`${server.baseUrl}/api/login/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const companies = (await api(server, cookie, 'GET', '/api/company/list?pageSize=50')).list as { id: number; code: string }[];
  const products = (await api(server, cookie, 'GET', '/api/product/list?pageSize=50')).list as { id: number }[];
  const companyId = companies.find((c) => c.code === 'NWP')!.id;
  const productId = products[0]!.id;
  const strapping = Array.from({ length: 41 }, (_, i) => ({ heightMm: i * 50, volumeL: i * 50 * 15 }));
  const tanks = Array.from({ length: tankCount }, (_, t) => ({ code: String(t + 1), productId, heightMm: 2000, volumeL: 30_000, strapping, ...BENCH_THRESHOLDS }));
  const stations: ReportStation[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let s = next++; s < count; s = next++) {
        const code = `${prefix}${String(s + 1).padStart(5, '0')}`;
        const saved = await api(server, cookie, 'POST', '/api/station', { name: `Bench ${code}`, code, taxNumber: code, companyId, timezone: 'UTC', deviceType: 'ullage-collector', tanks });
        stations[s] = { code, key: saved.deviceKey as string, index: s, tanks: tanks.map((t) => ({ code: t.code })) };
      }
    }),
  );
  return stations;
}
