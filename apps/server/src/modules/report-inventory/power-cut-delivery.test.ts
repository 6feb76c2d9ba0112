import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { ADMIN_PASSWORD, apiGet, sendReadings, signIn, startTestApp, type TestContext } from '../../test/harness';

/**
 * A power cut during a tanker's drop (CI, demo-backfill.test.ts at 2026-11-28 22:05 UTC:
 * NWP-SH01's daily sales of the day before came out at −2,651.9 L). The demo's tank 2 on
 * 2026-11-27 (Asia/Shanghai), its readings as the device sent them: sales from 12,127.6 L at
 * 00:00; the power goes at 18:06:29 with a last reading (7,663.4 L) sent on the capacitor; the
 * tanker drops meanwhile, and the console comes back at 18:23:29 at 16,930.5 L with the backlog
 * of the rest of the day: 30-second readings up to 26,379.7 L at 18:35:59, sales down to
 * 25,232.9 L at 23:57:59. The 17-minute silence is a gap (the day is abnormal), but the rise
 * under it is the tanker's: one delivery of 18,716.3 L from the last reading before the cut,
 * and 12,127.6 − 25,232.9 + 18,716.3 = 5,611 L sold — not 9,449.2 L delivered from the power-on
 * and −3,656.1 L sold, as the rise under the cut was left out.
 */
const NOW = Date.parse('2026-11-28T22:05:00Z');
const SH = 'Asia/Shanghai';
const DAY = '2026-11-27';
let ctx: TestContext;
let cookie = '';
let stationId = 0;
let tankId = 0;

const at = (time: string) => {
  const [h, mi, s] = time.split(':').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year: 2026, month: 11, day: 27, hour: h, minute: mi, second: s }, SH).getTime();
};
const iso = (ms: number) => new Date(ms).toISOString();
const tenth = (v: number) => Math.round(v * 10) / 10;
/** A reading as the demo's console sends it (about 13.7 L a millimetre at this height). */
const reading = (tsMs: number, volumeL: number) => ({ tank: '2', ts: iso(tsMs), productHeightMm: tenth(volumeL / 13.7), waterHeightMm: 9, temperatureC: 15, volumeL, tcVolumeL: volumeL });
const DROP = [16_930.5, 17_322.6, 17_714.6, 18_108.5, 18_502.2, 18_871.3, 19_262.7, 19_599, 19_990.5, 20_384.9, 20_777.3, 21_168.8, 21_536.1, 21_929.1, 22_322, 22_715.6, 23_108.5, 23_501.8, 23_892.2, 24_285, 24_680.1, 25_069.9, 25_464.8, 25_855.3, 26_248.3, 26_379.7];

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  cookie = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  const beforeCut: object[] = [];
  for (let m = 0; m <= 18 * 60 + 5; m += 5) beforeCut.push(reading(at('00:00:00') + m * 60_000, tenth(12_127.6 - (4_460.9 * m) / (18 * 60 + 5))));
  beforeCut.push(reading(at('18:06:29'), 7_663.4));
  const afterCut = DROP.map((v, i) => reading(at('18:23:29') + i * 30_000, v));
  for (let m = 0; m <= 64; m++) afterCut.push(reading(at('18:37:59') + m * 5 * 60_000, tenth(26_377 - (1_144.1 * m) / 64)));
  await sendReadings(ctx.app, 'NWP-SH01', beforeCut);
  await sendReadings(ctx.app, 'NWP-SH01', afterCut);
  const rows = await apiGet<{ list: { stationId: number; tankId: number; tankCode: string }[] }>(ctx.app, `/api/report/inventory/daily/list?fromDay=${DAY}&q=NWP-SH01`, cookie);
  stationId = rows.data.list[0]!.stationId;
  tankId = rows.data.list.find((r) => r.tankCode === '2')!.tankId;
});
afterAll(() => ctx?.close());

describe('a power cut during a tanker’s drop', () => {
  it('the ingest found one drop, from the last reading before the cut to the end of the rise', async () => {
    const { data } = await apiGet<{ list: Record<string, unknown>[] }>(ctx.app, `/api/report/delivery/list?stationId=${stationId}&tankId=${tankId}`, cookie);
    expect(data.list.map((d) => [d.source, d.startedAt, d.endedAt, d.startVolumeL, d.endVolumeL])).toEqual([['detected', iso(at('18:06:29')), iso(at('18:23:29') + 25 * 30_000), 7_663.4, 26_379.7]]);
    expect(data.list[0]!.riseL as number).toBeCloseTo(18_716.3, 6);
  });

  it('the day’s sales are what was sold: abnormal for its gap, but not below zero', async () => {
    const { data } = await apiGet<{ list: Record<string, unknown>[] }>(ctx.app, `/api/report/inventory/daily/list?fromDay=${DAY}&stationId=${stationId}&tankId=${tankId}`, cookie);
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({ deliveredL: 18_716.3, deliveryCount: 1, salesL: 5_611, missingStart: false, missingEnd: false, gapCount: 1, abnormal: true });
    expect(data.list[0]!.gaps).toEqual([{ from: iso(at('18:06:29')), to: iso(at('18:23:29')) }]);
  });
});
