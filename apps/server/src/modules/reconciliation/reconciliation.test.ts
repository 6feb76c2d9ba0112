import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@ullage/contracts/codes';
import type { ReconciliationMonthlyRow, ReconciliationRow, ReconciliationSeries } from '@ullage/contracts/reconciliation';
import { zonedTimeToUtc } from '@ullage/domain/zoned-time';
import { reconciliationQuery } from '@ullage/contracts/reconciliation';
import type { AccountType } from '@ullage/domain/organisation';
import { rawRows } from '../../lib/raw-sql';
import { readSheet } from '../../test/xlsx-cells';
import { EXPORT_MAX_ROWS, type RowBatches } from '../../lib/xlsx';
import type { AuthUser } from '../../sessions/auth-user';
import { rowOf as rowOfPeriod, type Reconciled } from './periods';
import { reconciliationExportRows, reconciliationList } from './service';
import { TankDayBookJob } from '../tank-days/service';
import { ADMIN_PASSWORD, apiGet, DEMO_PASSWORD, sendReadings, signIn, startTestApp, testDeviceKey, type TestContext } from '../../test/harness';

/**
 * Issue 23 through the device endpoint: five days (2026-10-01 … 10-05, station time) of readings
 * every 15 minutes, 50 L sold every 15 minutes from 06:00 to 21:00 (60 sales, 3,000 L a day):
 * - NWP-SH01 (Shanghai) tank 1 sends its sales as transactions; a tanker drops 4,000 L on
 *   10-02 from 02:00 to 03:00 whose ticket says 4,040 L; 700 L vanish at 02:00 on 10-03 (a theft);
 * - NWP-SH01 tank 2 sends a totaliser that reads 0.6 % over what leaves the tank;
 * - NWP-CA05 (Cairo) tanks 1 and 2 hold 92# manifolded: the pumps send sales by product, half from each;
 * - NWP-SZ02 (Shenzhen) tank 1 sends no metered sales: its sales stay the level's;
 * - NWP-RY04 (Riyadh) tank 1 sends its sales and takes 2,000 L without a ticket on 10-02 at 10:00
 *   and 10:15 while it sells: it rises 1,900 L, 100 L having been sold during the drop.
 * Every figure below is worked out by hand from these.
 */
const NOW = Date.parse('2026-10-06T04:00:00Z'); // noon in Shanghai, 07:00 in Cairo: every day to 10-05 is over
const DAYS = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05'];
const SALE_L = 50;
let ctx: TestContext;
let admin = '';
let stationUser = '';
const tankIds: Record<string, number> = {};

const local = (day: string, minute: number, zone: string) => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedTimeToUtc({ year: y, month: mo, day: d, hour: Math.floor(minute / 60), minute: minute % 60, second: 0 }, zone).getTime()).toISOString();
};
const isSale = (m: number) => m >= 360 && m < 1260 && m % 15 === 0;

interface Plan {
  tank: string;
  zone: string;
  /** A tanker's rise of 1,000 L at each of these readings (day index, minute). */
  rises?: [number, number][];
  /** Product vanishing without a sale (day index, minute, litres). */
  theft?: [number, number, number];
  /** Share of each sale drawn from this tank (manifolds). */
  share?: number;
  /** A probe's spike: one reading this many litres high (day index, minute). */
  spike?: [number, number, number];
}

/** Readings every 15 minutes; a sale at minute m is in the reading at m. */
function readingsOf(plan: Plan) {
  let volume = 20_000;
  const out: object[] = [];
  DAYS.forEach((day, d) => {
    for (let m = 0; m < 1440; m += 15) {
      if (isSale(m)) volume -= SALE_L * (plan.share ?? 1);
      if (plan.rises?.some(([rd, rm]) => rd === d && rm === m)) volume += 1_000;
      if (plan.theft && plan.theft[0] === d && plan.theft[1] === m) volume -= plan.theft[2];
      const shown = plan.spike && plan.spike[0] === d && plan.spike[1] === m ? volume + plan.spike[2] : volume;
      out.push({ tank: plan.tank, ts: local(day, m, plan.zone), productHeightMm: shown / 12, waterHeightMm: 5, temperatureC: 15, volumeL: shown });
    }
  });
  return out;
}

const salesTimes = (zone: string) => DAYS.flatMap((day) => Array.from({ length: 1440 / 15 }, (_, i) => i * 15).filter(isSale).map((m) => local(day, m, zone)));

async function report(station: string, payload: object, language = 'en') {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/device/v1/stations/${station}/report`, headers: { authorization: `Bearer ${testDeviceKey(station)}`, language }, payload });
  return res.json() as { code: number; data: { accepted: number; refused: { path: string; message: string }[]; sales?: { accepted: number; duplicates: number; tickets: number } } };
}

const send = (station: string, readings: object[]) => sendReadings(ctx.app, station, readings);

const get = <T = unknown>(url: string, cookie = admin, language = 'en') => apiGet<T>(ctx.app, url, cookie, language);

const list = async (query: string, cookie = admin) => {
  const json = await get<{ list: ReconciliationRow[]; total: number }>(`/api/reconciliation/list?${query}`, cookie);
  expect(json.code, json.msg).toBe(CODES.ok);
  return json.data;
};
const rowOf = (rows: ReconciliationRow[], tankKey: string, day: string, shiftNo: number | null = null) => rows.find((r) => r.tankIds.includes(tankIds[tankKey]!) && r.day === day && r.shiftNo === shiftNo)!;

const SH = 'Asia/Shanghai';
const CAIRO = 'Africa/Cairo';
const RIYADH = 'Asia/Riyadh';
const transactions = salesTimes(SH).map((ts, i) => ({ tank: '1', id: `T1-${i}`, ts, volumeL: SALE_L, amount: SALE_L * 7.9, unitPrice: 7.9 }));

beforeAll(async () => {
  ctx = await startTestApp({ clock: () => new Date(NOW) });
  admin = await signIn(ctx.app, 'admin', ADMIN_PASSWORD);
  stationUser = await signIn(ctx.app, 'demo-station', DEMO_PASSWORD);
  // Cairo's tank 2 holds 92# like its tank 1: the pair is manifolded.
  await ctx.db.execute(sql`update tanks set product_id = (select id from products where code = 'G92') where code = '2' and station_id = (select id from stations where code = 'NWP-CA05')`);
  for (const r of await rawRows<{ id: number; key: string }>(ctx.db, sql`select t.id, s.code || '/' || t.code as key from tanks t join stations s on s.id = t.station_id where s.code in ('NWP-SH01', 'NWP-SZ02', 'NWP-CA05', 'NWP-RY04')`)) tankIds[r.key] = r.id;

  await send('NWP-SH01', [...readingsOf({ tank: '1', zone: SH, rises: [[1, 135], [1, 150], [1, 165], [1, 180]], theft: [2, 120, 700] }), ...readingsOf({ tank: '2', zone: SH, spike: [3, 1320, 2_400] })]);
  await send('NWP-SZ02', readingsOf({ tank: '1', zone: SH, rises: [[1, 135], [1, 150], [1, 165], [1, 180]] }));
  await send('NWP-CA05', [...readingsOf({ tank: '1', zone: CAIRO, share: 0.5 }), ...readingsOf({ tank: '2', zone: CAIRO, share: 0.5 })]);
  await send('NWP-RY04', readingsOf({ tank: '1', zone: RIYADH, rises: [[1, 600], [1, 615]] }));
  expect((await report('NWP-RY04', { sales: salesTimes(RIYADH).map((ts, i) => ({ tank: '1', id: `R1-${i}`, ts, volumeL: SALE_L })) })).data.refused).toEqual([]);

  const sent = await report('NWP-SH01', { sales: transactions });
  expect(sent.data.refused).toEqual([]);
  expect(sent.data.sales).toEqual({ accepted: 300, duplicates: 0, tickets: 0 });
  // Tank 2's totaliser: read at midnight and after each sale, 50.3 L a sale.
  let total = 1_000_000;
  const totals = DAYS.flatMap((day) => [0, ...Array.from({ length: 1440 / 15 }, (_, i) => i * 15).filter(isSale)].map((m) => {
    if (m !== 0) total += SALE_L * 1.006;
    return { tank: '2', meter: 'P2', ts: local(day, m, SH), totalL: Math.round(total * 1000) / 1000 };
  }));
  expect((await report('NWP-SH01', { meterTotals: totals })).data.refused).toEqual([]);
  expect((await report('NWP-CA05', { sales: salesTimes(CAIRO).map((ts) => ({ product: 'G92', ts, volumeL: SALE_L })) })).data.refused).toEqual([]);
  const ticket = await report('NWP-SH01', { tickets: [{ tank: '1', deliveredAt: local(DAYS[1]!, 150, SH), volumeL: 4_040, ticketNo: 'BOL-7781' }] });
  expect(ticket.data.refused).toEqual([]);
  expect(ticket.data.sales?.tickets).toBe(1);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('daily reconciliation', () => {
  it('balances a tank whose meters agree with its gauge, and shows the theft as a loss of its size', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&stationId=${(await stationId('NWP-SH01'))}&pageSize=100`);
    const first = rowOf(rows, 'NWP-SH01/1', DAYS[0]!);
    expect(first).toMatchObject({ salesSource: 'metered', tankCode: '1', manifold: false, incomplete: false });
    expect(first.gross).toMatchObject({ openingL: 20_000, meteredSalesL: 3_000, derivedSalesL: 3_000, bookClosingL: 17_000, closingL: 17_000, varianceL: 0, variancePct: 0, cumulativeVarianceL: 0 });
    const theft = rowOf(rows, 'NWP-SH01/1', DAYS[2]!);
    expect(theft.gross).toMatchObject({ meteredSalesL: 3_000, derivedSalesL: 3_700, varianceL: -700, cumulativeVarianceL: -740 });
    expect(theft.gross.variancePct).toBeCloseTo(-23.333, 3);
    // At 15 °C compensated and gross are the same.
    expect(theft.tc.varianceL).toBeCloseTo(-700, 6);
  });

  it('sorts by a figure (unknown last either way), and by default newest first, then station and tank', async () => {
    const station = await stationId('NWP-SH01');
    const { list: byVariance } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&stationId=${station}&sortField=varianceL&sortOrder=ascend&pageSize=100`);
    expect(byVariance).toHaveLength(10);
    expect([byVariance[0]!.tankCode, byVariance[0]!.day, byVariance[0]!.gross.varianceL]).toEqual(['1', DAYS[2], -700]);
    const variances = byVariance.map((r) => r.gross.varianceL).filter((v): v is number => v !== null);
    expect(variances).toEqual([...variances].sort((a, b) => a - b));
    const { list: newest } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&stationId=${station}&pageSize=100`);
    expect(newest.slice(0, 4).map((r) => `${r.day}/${r.tankCode}`)).toEqual([`${DAYS[4]}/1`, `${DAYS[4]}/2`, `${DAYS[3]}/1`, `${DAYS[3]}/2`]);
  });

  it('pages through exactly the rows a figure-sorted list has, each the same, newest first, then station and tank', async () => {
    // A page ordered by day and place reconciles only its own units; one ordered by a figure, every period.
    for (const period of ['day', 'shift']) {
      const range = `fromDay=${DAYS[2]}&toDay=${DAYS[4]}&period=${period}`;
      const whole = await list(`${range}&sortField=varianceL&pageSize=100`);
      const paged: ReconciliationRow[] = [];
      for (let page = 1; paged.length < whole.total; page++) {
        const next = await list(`${range}&page=${page}&pageSize=4`);
        expect(next.total).toBe(whole.total);
        expect(next.list.length).toBeGreaterThan(0);
        paged.push(...next.list);
      }
      expect(whole.list).toHaveLength(whole.total);
      expect(whole.total).toBeGreaterThan(8);
      expect(paged).toHaveLength(whole.total);
      const byId = new Map(whole.list.map((r) => [r.id, r]));
      for (const r of paged) expect(r).toEqual(byId.get(r.id));
      const order = paged.map((r) => `${r.startsAt}|${r.stationName}|${r.tankCode}`);
      const expected = [...paged].sort((a, b) => b.startsAt.localeCompare(a.startsAt) || a.stationName.localeCompare(b.stationName, 'en', { numeric: true }) || a.tankCode.localeCompare(b.tankCode, 'en', { numeric: true }));
      expect(order).toEqual(expected.map((r) => `${r.startsAt}|${r.stationName}|${r.tankCode}`));
      // The cumulative variance still runs from the first of the month: the theft of 10-03 and the 40 L of 10-02.
      if (period === 'day') expect(paged.find((r) => r.tankCode === '1' && r.stationCode === 'NWP-SH01' && r.day === DAYS[2])!.gross.cumulativeVarianceL).toBe(-740);
      const metered = await list(`${range}&salesSource=metered&page=2&pageSize=3`);
      expect(metered.total).toBe(whole.list.filter((r) => r.salesSource === 'metered').length);
      expect(metered.list.every((r) => r.salesSource === 'metered')).toBe(true);
    }
  });

  it('books the delivery by its ticket: 40 L short on the day it arrived', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!).toMatchObject({ deliveryCount: 1, ticketedCount: 1 });
    expect(rows[0]!.gross).toMatchObject({ openingL: 17_000, deliveredGaugedL: 4_000, deliveredTicketedL: 4_040, meteredSalesL: 3_000, bookClosingL: 18_040, closingL: 18_000, varianceL: -40, cumulativeVarianceL: -40 });
  });

  it('books a delivery without a ticket as its rise plus what was sold during it: the day balances (issue 34)', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-RY04/1']}`);
    expect(rows[0]!).toMatchObject({ deliveryCount: 1, ticketedCount: 0, deliverySalesSource: 'metered' });
    // 17,000 + 1,900 risen + 100 sold during the drop − 3,000 sold = 16,000, as gauged. The rise alone booked a gain of 100 L.
    expect(rows[0]!.gross).toMatchObject({ openingL: 17_000, deliveredGaugedL: 1_900, salesDuringDeliveriesL: 100, deliveredTicketedL: null, meteredSalesL: 3_000, bookClosingL: 16_000, closingL: 16_000, varianceL: 0 });
    expect(rows[0]!.tc).toMatchObject({ salesDuringDeliveriesL: 100, varianceL: 0 });
    // The delivery list says the same: 2,000 L delivered, 100 L of them metered during the drop.
    const deliveries = await get<{ list: { deliveredL: number; riseL: number; salesDuringL: number; salesDuringSource: string }[] }>(`/api/report/delivery/list?tankId=${tankIds['NWP-RY04/1']}`);
    expect(deliveries.data.list).toEqual([expect.objectContaining({ deliveredL: 2_000, riseL: 1_900, salesDuringL: 100, salesDuringSource: 'metered' })]);
  });

  it('shows a totaliser reading 0.6 % over as a gain of 0.6 % of sales every day', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&tankId=${tankIds['NWP-SH01/2']}&sortField=day&sortOrder=ascend`);
    expect(rows.map((r) => r.day)).toEqual(DAYS);
    for (const r of rows) {
      expect(r.gross.meteredSalesL).toBeCloseTo(3_018, 2);
      expect(r.gross.varianceL).toBeCloseTo(18, 2);
      expect(r.gross.variancePct).toBeCloseTo(0.596, 3);
    }
    expect(rows[4]!.gross.cumulativeVarianceL).toBeCloseTo(90, 2);
    // The probe's spike of 2,400 L at 22:00 on 10-04 is no delivery: it would show as sales from nowhere, and a loss.
    expect(rows[3]).toMatchObject({ deliveryCount: 0 });
    expect(rows[3]!.gross.derivedSalesL).toBe(3_000);
  });

  it('reconciles a manifolded pair sold by product as one row', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&stationId=${await stationId('NWP-CA05')}`);
    const pair = rows.filter((r) => r.manifold);
    expect(pair).toHaveLength(5);
    expect(pair[0]).toMatchObject({ tankCode: '1+2', tankIds: [tankIds['NWP-CA05/1'], tankIds['NWP-CA05/2']] });
    for (const r of pair) expect(r.gross).toMatchObject({ meteredSalesL: 3_000, derivedSalesL: 3_000, varianceL: 0 });
    expect(pair.find((r) => r.day === DAYS[0])!.gross).toMatchObject({ openingL: 40_000, closingL: 37_000 });
    // Asked for one tank of the pair, the pair still comes whole.
    const { list: one } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[0]}&tankId=${tankIds['NWP-CA05/2']}`);
    expect(one.map((r) => r.tankCode)).toEqual(['1+2']);
  });

  it('keeps the level’s sales where there are no metered sales, and says so', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-SZ02/1']}`);
    expect(rows[0]).toMatchObject({ salesSource: 'derived' });
    expect(rows[0]!.gross).toMatchObject({ derivedSalesL: 3_000, deliveredGaugedL: 4_000, meteredSalesL: null, bookClosingL: null, varianceL: null, cumulativeVarianceL: null });
    const { list: derived } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&salesSource=derived&stationId=${await stationId('NWP-SH01')}`);
    expect(derived).toEqual([]);
  });

  it('reconciles by shift', async () => {
    await ctx.db.execute(sql`insert into station_shifts (station_id, name, start_minute) select id, n, m from stations, (values ('Morning', 360), ('Evening', 840), ('Night', 1320)) v(n, m) where code = 'NWP-SH01'`);
    const { list: rows } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[2]}&tankId=${tankIds['NWP-SH01/1']}&period=shift&pageSize=50`);
    // The morning is measured from its 06:00 reading to its 13:45 one: the sales of 06:15 … 13:45.
    expect(rowOf(rows, 'NWP-SH01/1', DAYS[1]!, 1).gross).toMatchObject({ meteredSalesL: 1_550, derivedSalesL: 1_550, varianceL: 0 });
    // The night of 10-02 (22:00 → 06:00 on 10-03) is when the 700 L went.
    expect(rowOf(rows, 'NWP-SH01/1', DAYS[1]!, 3).gross).toMatchObject({ meteredSalesL: 0, varianceL: -700 });
    expect(rowOf(rows, 'NWP-SH01/1', DAYS[2]!, 1).gross.cumulativeVarianceL).toBe(-740);
    await ctx.db.execute(sql`delete from station_shifts`);
  });

  it('judges the month by the regulator’s rule: over 1 % of sales + 130 US gal fails', async () => {
    const json = await get<{ list: ReconciliationMonthlyRow[] }>(`/api/reconciliation/monthly?month=2026-10&stationId=${await stationId('NWP-SH01')}`);
    expect(json.code).toBe(CODES.ok);
    const [tank1, tank2] = ['NWP-SH01/1', 'NWP-SH01/2'].map((k) => json.data.list.find((r) => r.tankIds[0] === tankIds[k])!);
    // 15,000 L sold, −740 L against 150 + 492.1 L.
    expect(tank1).toMatchObject({ month: '2026-10', meteredSalesL: 15_000, varianceL: -740, result: 'fail', meteredDays: 5, salesSource: 'metered' });
    expect(tank1!.allowanceL).toBeCloseTo(642.104, 3);
    expect(tank2).toMatchObject({ result: 'pass' });
    expect(tank2!.varianceL).toBeCloseTo(90, 2);
  });

  it('gives the monthly inventory report the metered book and variance, and leaves the level’s tanks as they were', async () => {
    type MonthRow = { tankId: number; salesSource: string; metered: { tankCode: string; salesL: number; bookClosingL: number; varianceL: number; result: string } | null };
    const json = await get<{ list: MonthRow[]; total: number }>('/api/report/inventory/monthly/list?fromMonth=2026-10&pageSize=100');
    expect(json.code, json.msg).toBe(CODES.ok);
    const of = (key: string) => json.data.list.find((r) => r.tankId === tankIds[key])!;
    // 10-02 closes at 18,000; then −700 and 3 × 3,000 sold: 8,300 L on 10-05. The book says 740 L more.
    expect(of('NWP-SH01/1')).toMatchObject({ salesSource: 'metered', metered: { tankCode: '1', salesL: 15_000, varianceL: -740, bookClosingL: 9_040, result: 'fail' } });
    expect(of('NWP-CA05/2')).toMatchObject({ salesSource: 'metered', metered: { tankCode: '1+2', salesL: 15_000, varianceL: 0, result: 'pass' } });
    expect(of('NWP-SZ02/1')).toMatchObject({ salesSource: 'derived', metered: null });
    // Only the rows sent are reconciled: page by page, each row is the one the whole list has (a
    // manifold's second tank, on a page without the first, still has the pair's figures).
    for (let page = 1; page <= json.data.total; page++) {
      const one = await get<{ list: MonthRow[] }>(`/api/report/inventory/monthly/list?fromMonth=2026-10&page=${page}&pageSize=1`);
      expect(one.data.list).toEqual([json.data.list[page - 1]]);
    }
    const xlsx = await ctx.app.inject({ method: 'GET', url: '/api/report/inventory/monthly/export?fromMonth=2026-10', headers: { cookie: admin } });
    expect(xlsx.statusCode).toBe(200);
  });

  it('charts each tank’s cumulative variance with the allowance', async () => {
    const json = await get<{ series: ReconciliationSeries[] }>(`/api/reconciliation/chart?fromDay=${DAYS[0]}&toDay=${DAYS[4]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(json.data.series).toHaveLength(1);
    expect(json.data.series[0]!.points.map((p) => p.cumulativeVarianceL)).toEqual([0, -40, -740, -740, -740]);
    expect(json.data.series[0]!.points[4]!.allowanceL).toBeCloseTo(642.104, 3);
    // The list's rows carry the same allowance beside their cumulative variance: the table marks it without the chart.
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&tankId=${tankIds['NWP-SH01/1']}&sortField=day&sortOrder=ascend`);
    expect(rows.map((r) => r.monthAllowanceL)).toEqual(json.data.series[0]!.points.map((p) => p.allowanceL));
    // 3,000 L a day judged: 1 % of 3,000 then 6,000 … plus 492.104 L.
    expect(rows[0]!.monthAllowanceL).toBeCloseTo(522.104, 3);
    const { list: derived } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[0]}&tankId=${tankIds['NWP-SZ02/1']}`);
    expect(derived[0]!.monthAllowanceL).toBeNull();
  });

  it('pages the chart and the monthly rule in place order, each page as the whole has it', async () => {
    const chart = await get<{ series: ReconciliationSeries[]; total: number }>(`/api/reconciliation/chart?fromDay=${DAYS[0]}&toDay=${DAYS[4]}`);
    const rule = await get<{ list: ReconciliationMonthlyRow[]; total: number }>('/api/reconciliation/monthly?month=2026-10');
    // Every metered tank or group is charted; the level's Shenzhen tank is not, but has a rule row (no data).
    expect(chart.data.total).toBe(chart.data.series.length);
    expect(rule.data.total).toBe(rule.data.list.length);
    expect(rule.data.total).toBe(chart.data.total + 1);
    const placeOrder = (rows: { stationName: string; tankCode: string }[]) => rows.map((r) => `${r.stationName}/${r.tankCode}`);
    const sorted = (rows: { stationName: string; tankCode: string }[]) =>
      placeOrder([...rows].sort((a, b) => a.stationName.localeCompare(b.stationName, 'en', { numeric: true }) || a.tankCode.localeCompare(b.tankCode, 'en', { numeric: true })));
    expect(placeOrder(chart.data.series)).toEqual(sorted(chart.data.series));
    expect(placeOrder(rule.data.list)).toEqual(sorted(rule.data.list));
    const chartPages: ReconciliationSeries[] = [];
    const rulePages: ReconciliationMonthlyRow[] = [];
    for (let page = 1; page <= 3; page++) {
      const c = await get<{ series: ReconciliationSeries[]; total: number }>(`/api/reconciliation/chart?fromDay=${DAYS[0]}&toDay=${DAYS[4]}&page=${page}&pageSize=2`);
      const r = await get<{ list: ReconciliationMonthlyRow[]; total: number }>(`/api/reconciliation/monthly?month=2026-10&page=${page}&pageSize=2`);
      expect([c.data.total, r.data.total]).toEqual([chart.data.total, rule.data.total]);
      chartPages.push(...c.data.series);
      rulePages.push(...r.data.list);
    }
    expect(chartPages).toEqual(chart.data.series.slice(0, 6));
    expect(rulePages).toEqual(rule.data.list.slice(0, 6));
    expect(rulePages.length).toBe(Math.min(6, rule.data.total));
    // Past the end: an empty page, the same total. A page of 0 is refused.
    expect((await get<{ list: unknown[]; total: number }>('/api/reconciliation/monthly?month=2026-10&page=99&pageSize=2')).data).toEqual({ list: [], total: rule.data.total });
    const refused = await get('/api/reconciliation/chart?page=0');
    expect(refused.code).toBe(CODES.validation);
    expect(refused.msg).toBe('Page: is not valid');
    const tooMany = await get('/api/reconciliation/monthly?month=2026-10&page=1&pageSize=201');
    expect([tooMany.code, tooMany.msg]).toEqual([CODES.validation, 'Page size: is not valid']);
    const notANumber = await get('/api/reconciliation/chart?page=two');
    expect(notANumber.code).toBe(CODES.validation);
  });

  it('exports xlsx and is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/reconciliation/export?fromDay=${DAYS[0]}&toDay=${DAYS[4]}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.length).toBeGreaterThan(2_000);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const p of ['/api/reconciliation/list', '/api/reconciliation/export', '/api/reconciliation/monthly', '/api/reconciliation/chart', '/api/delivery/{id}/ticket']) expect(Object.keys(doc.paths)).toContain(p);
  });

  it('exports every period the list has, in its order and with its figures, however the rows are batched (issue 35)', async () => {
    const [admin] = await rawRows<{ id: number; account_type: AccountType }>(ctx.db, sql`select id, account_type from users where username = 'admin'`);
    const user: AuthUser = { id: admin!.id, username: 'admin', accountType: admin!.account_type, distributorId: null, companyId: null, stationId: null, mustChangePassword: false };
    for (const asked of [{ period: 'day' }, { period: 'shift' }, { period: 'day', salesSource: 'metered', sortField: 'stationName', sortOrder: 'descend' }]) {
      const query = reconciliationQuery.parse({ fromDay: DAYS[0], toDay: DAYS[4], ...asked });
      // Every period reconciled at once, then ordered: as the export was made before its batches.
      const whole = (await reconciliationList(ctx.db, user, query, NOW, 0, EXPORT_MAX_ROWS)).rows.map(rowOfPeriod);
      const rows = (await reconciliationExportRows(ctx.db, user, query, NOW, EXPORT_MAX_ROWS, 3)) as RowBatches<Reconciled>;
      const batches: ReconciliationRow[][] = [];
      for await (const batch of rows.batches()) batches.push(batch.map(rowOfPeriod));
      expect(rows.count).toBe(whole.length);
      expect(whole.length).toBeGreaterThan(8);
      expect(batches.length).toBeGreaterThan(2);
      expect(batches.flat()).toEqual(whole);
    }
  });

  it('refuses bad ranges naming the field', async () => {
    const inverted = await get(`/api/reconciliation/list?fromDay=${DAYS[4]}&toDay=${DAYS[0]}`);
    expect(inverted.code).toBe(CODES.validation);
    expect(inverted.msg).toContain('First day');
    const long = await get('/api/reconciliation/list?fromDay=2026-08-01&toDay=2026-10-05', admin, 'es');
    expect(long.code).toBe(CODES.validation);
    expect(long.msg).toContain('31');
    expect((await get('/api/reconciliation/list?sortField=password')).code).toBe(CODES.validation);
    expect((await get('/api/reconciliation/monthly?month=2026-13')).code).toBe(CODES.validation);
    // Values outside their lists, impossible days: refused naming the field, never a 500.
    for (const q of ['period=week', 'salesSource=pumps', 'fromDay=2026-02-30&toDay=2026-03-01', 'tankId=abc', 'pageSize=0']) {
      const answer = await get(`/api/reconciliation/list?${q}`);
      expect([q, answer.code]).toEqual([q, CODES.validation]);
    }
    expect((await get('/api/reconciliation/chart?fromDay=2026-10-05&toDay=2026-10-01')).code).toBe(CODES.validation);
    // The export (its batches or not) refuses as the list does, naming the field, with no file begun.
    const exported = await get(`/api/reconciliation/export?fromDay=${DAYS[4]}&toDay=${DAYS[0]}`);
    expect([exported.code, exported.msg]).toEqual([CODES.validation, inverted.msg]);
    expect((await get('/api/reconciliation/export?sortField=password')).code).toBe(CODES.validation);
  });

  it('shows a station account only its own station', async () => {
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&pageSize=100`, stationUser);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.stationCode))).toEqual(new Set(['NWP-SH01']));
    expect((await list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&tankId=${tankIds['NWP-CA05/1']}`, stationUser)).total).toBe(0);
    // Its export, written in batches, holds its own station's periods and no other.
    const res = await ctx.app.inject({ method: 'GET', url: `/api/reconciliation/export?fromDay=${DAYS[0]}&toDay=${DAYS[4]}`, headers: { cookie: stationUser, language: 'en' } });
    expect(res.headers['x-export-rows']).toBe(String(rows.length));
    const { sheet, cell } = await readSheet(res);
    expect(sheet.rowCount - 1).toBe(rows.length);
    expect(new Set(Array.from({ length: sheet.rowCount - 1 }, (_, i) => cell(i + 2, 'Code')))).toEqual(new Set(['NWP-SH01']));
  });
});

describe('metered sales in', () => {
  it('adds nothing when a batch is sent again', async () => {
    const again = await report('NWP-SH01', { sales: transactions.slice(0, 10) });
    expect(again.data.sales).toEqual({ accepted: 0, duplicates: 10, tickets: 0 });
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[0]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(rows[0]!.gross.meteredSalesL).toBe(3_000);
  });

  it('refuses bad sales item by item, naming the path and the rule, and keeps the rest', async () => {
    const ts = local(DAYS[4]!, 1300, SH);
    const answer = await report('NWP-SH01', {
      sales: [
        { tank: '1', ts, volumeL: -5 },
        { tank: '9', ts, volumeL: 5 },
        { product: 'XX', ts, volumeL: 5 },
        { tank: '1', product: 'G92', ts, volumeL: 5 },
        { ts, volumeL: 5 },
        { tank: '1', id: 'ok-1', ts, volumeL: 0 },
      ],
      meterTotals: [
        { tank: '2', meter: 'P2', ts: local(DAYS[4]!, 1300, SH), totalL: 1_000 },
        { tank: '2', meter: 'P9', ts: local(DAYS[4]!, 1300, SH), totalL: 500 },
        { tank: '2', meter: 'P9', ts: local(DAYS[4]!, 1310, SH), totalL: 400 },
      ],
      tickets: [{ tank: '1', deliveredAt: local(DAYS[4]!, 600, SH), volumeL: 1_000 }],
    });
    expect(answer.data.refused).toEqual([
      { path: 'sales[0].volumeL', message: 'Sale 1 · Volume: must be a number from 0 to 10000000' },
      { path: 'sales[1].tank', message: expect.stringContaining('is not a tank of this station') },
      { path: 'sales[2].product', message: expect.stringContaining('is not the product code of a tank at this station') },
      { path: 'sales[3].product', message: expect.stringContaining('names a tank or a product') },
      { path: 'sales[4].tank', message: expect.stringContaining('names a tank or a product') },
      { path: 'meterTotals[2].totalL', message: expect.stringContaining('a totaliser never goes backwards') },
      { path: 'meterTotals[0].totalL', message: expect.stringContaining('a totaliser never goes backwards') },
      { path: 'tickets[0].deliveredAt', message: expect.stringContaining('has no delivery into this tank within 6 hours') },
    ]);
    expect(answer.data.sales).toMatchObject({ accepted: 2 });
    const es = await report('NWP-SH01', { meterTotals: [{ tank: '2', meter: 'P2', ts: local(DAYS[4]!, 1320, SH), totalL: 5 }] }, 'es');
    expect(es.data.refused[0]!.message).toContain('un totalizador nunca retrocede');
  });

  it('refuses a batch that is not one, and sales of another station’s key', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/device/v1/stations/NWP-SH01/report', headers: { authorization: `Bearer ${testDeviceKey('NWP-SZ02')}` }, payload: { sales: [{ tank: '1', ts: local(DAYS[0]!, 600, SH), volumeL: 5 }] } });
    expect(bad.statusCode).toBe(401);
    const notList = await report('NWP-SH01', { sales: 'many' });
    expect(notList.code).toBe(CODES.validation);
  });
});

describe('delivery tickets', () => {
  async function deliveryOf(station: string) {
    const json = await get<{ list: { id: number; ticketVolumeL: number | null; ticketDiffL: number | null; ticketDiffPct: number | null; ticketFlagged: boolean; ticketSource: string | null; ticketNo: string | null; deliveredL: number }[] }>(
      `/api/report/delivery/list?stationId=${await stationId(station)}`,
    );
    return json.data.list[0]!;
  }

  it('shows the device’s ticket against the gauged rise, flagged over the company’s 0.5 %', async () => {
    expect(await deliveryOf('NWP-SH01')).toMatchObject({ deliveredL: 4_000, ticketVolumeL: 4_040, ticketNo: 'BOL-7781', ticketSource: 'device', ticketDiffL: -40, ticketDiffPct: -0.99, ticketFlagged: true });
  });

  it('lets a user who sees the delivery correct its ticket, and no one else', async () => {
    const own = await deliveryOf('NWP-SH01');
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/delivery/${own.id}/ticket`, headers: { cookie: stationUser }, payload: { volumeL: 4_010, ticketNo: 'BOL-7781b' } });
    expect(put.json().code).toBe(CODES.ok);
    expect(put.json().data).toMatchObject({ ticketVolumeL: 4_010, ticketSource: 'user', ticketDiffL: -10, ticketFlagged: false });
    const { list: rows } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(rows[0]!.gross.varianceL).toBe(-10);

    const other = await deliveryOf('NWP-SZ02');
    const hostile = await ctx.app.inject({ method: 'PUT', url: `/api/delivery/${other.id}/ticket`, headers: { cookie: stationUser }, payload: { volumeL: 1 } });
    expect(hostile.json().code).toBe(CODES.notFound);
    expect((await deliveryOf('NWP-SZ02')).ticketVolumeL).toBeNull();

    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/delivery/${own.id}/ticket`, headers: { cookie: stationUser, language: 'en' }, payload: { volumeL: -3 } });
    expect(bad.json().code).toBe(CODES.validation);
    expect(bad.json().msg).toContain('Ticketed volume');
    for (const payload of [{ volumeL: 10, tcVolumeL: -1 }, { volumeL: 10, ticketNo: 'x'.repeat(65) }, { volumeL: 'ten' }, {}]) {
      const refusedBody = await ctx.app.inject({ method: 'PUT', url: `/api/delivery/${own.id}/ticket`, headers: { cookie: stationUser }, payload });
      expect([payload, refusedBody.json().code]).toEqual([payload, CODES.validation]);
    }
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/delivery/abc/ticket', headers: { cookie: stationUser }, payload: { volumeL: 1 } })).json().code).toBe(CODES.validation);

    // The distributor, the tanker's side, may enter it too (issue 32: the role table, roles.ts).
    const distributor = await signIn(ctx.app, 'demo-distributor', DEMO_PASSWORD);
    const byDistributor = await ctx.app.inject({ method: 'PUT', url: `/api/delivery/${own.id}/ticket`, headers: { cookie: distributor }, payload: { volumeL: 4_020 } });
    expect(byDistributor.json()).toMatchObject({ code: CODES.ok, data: { ticketVolumeL: 4_020, ticketSource: 'user' } });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/delivery/${own.id}/ticket`, headers: { cookie: stationUser } });
    expect(removed.json().data).toMatchObject({ ticketVolumeL: null, ticketFlagged: false });
    const { list: after } = await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(after[0]!.gross).toMatchObject({ deliveredTicketedL: null, varianceL: 0 });
  });
});

describe('the variance alarm (61)', () => {
  it('opens when the last 3 days lose more than 1 % of their sales, and ends when the limit is raised', async () => {
    const round = await ctx.app.varianceAlarms.runOnce();
    expect(round.opened).toBe(1);
    const alarms = await get<{ list: { code: number; tankCode: string; stationName: string; endedAt: string | null }[] }>('/api/alarm/list?kind=level&pageSize=50');
    const open = alarms.data.list.filter((a) => a.code === 61);
    expect(open).toEqual([expect.objectContaining({ stationName: 'Shanghai Pudong', tankCode: '1', endedAt: null })]);
    await ctx.db.execute(sql`update companies set variance_alarm_pct = 50`);
    expect((await ctx.app.varianceAlarms.runOnce()).ended).toBe(1);
    await ctx.db.execute(sql`update companies set variance_alarm_pct = 1`);
  });
});

/**
 * The tank-day books keep each day's metered sales between its readings (migration 0027), so a
 * month is not summed from the sales on every request; late sales mark the day's book stale.
 * Last in the file: it sends more sales.
 */
describe('metered sales kept in the tank-day books', () => {
  const bookJob = () => new TankDayBookJob({ db: ctx.db, clock: () => new Date(NOW) }, { roundMs: 60_000 });
  const soldOf = async (tankKey: string, day: string) => {
    const [row] = await rawRows<{ stale: boolean; sold_l: number | null }>(ctx.db, sql`select stale, sold_l from tank_day_books where tank_id = ${tankIds[tankKey]!} and day = ${day}::date`);
    return row;
  };
  const whole = (cookie = admin) => list(`fromDay=${DAYS[0]}&toDay=${DAYS[4]}&pageSize=100`, cookie);

  it('the book job keeps each lone metered tank’s day of sales, and the reconciliation answers as it did from the sales', async () => {
    const live = await whole();
    expect((await bookJob().runOnce()).pending).toBe(false);
    // 60 sales of 50 L; the totaliser's 60 rises of 50.3 L (its midnight reading is the day's first rise's start).
    expect(await soldOf('NWP-SH01/1', DAYS[0]!)).toEqual({ stale: false, sold_l: 3_000 });
    expect((await soldOf('NWP-SH01/2', DAYS[1]!))!.sold_l).toBeCloseTo(3_018, 6);
    // A tank without meters keeps 0: it is judged from the level all the same.
    expect(await soldOf('NWP-SZ02/1', DAYS[0]!)).toEqual({ stale: false, sold_l: 0 });
    expect(await whole()).toEqual(live);
  });

  // Changed as every writer changes a book: at a new version (lib/day-cache.ts).
  it('the reconciliation reads the kept sales: a book changed by hand shows', async () => {
    await ctx.db.execute(sql`update tank_day_books set sold_l = 2900, version = version + 1 where tank_id = ${tankIds['NWP-SH01/1']!} and day = ${DAYS[0]!}::date`);
    const { list: rows } = await list(`fromDay=${DAYS[0]}&toDay=${DAYS[0]}&tankId=${tankIds['NWP-SH01/1']}`);
    expect(rows[0]!.gross).toMatchObject({ meteredSalesL: 2_900, bookClosingL: 17_100, varianceL: -100 });
    await ctx.db.execute(sql`update tank_day_books set sold_l = 3000, version = version + 1 where tank_id = ${tankIds['NWP-SH01/1']!} and day = ${DAYS[0]!}::date`);
  });

  it('a late sale marks its day’s book stale: the day counts it at once, and again once booked', async () => {
    const late = await report('NWP-SH01', { sales: [{ tank: '1', id: 'late-1', ts: local(DAYS[0]!, 700, SH), volumeL: 20 }] });
    expect(late.data.sales).toMatchObject({ accepted: 1 });
    expect((await soldOf('NWP-SH01/1', DAYS[0]!))!.stale).toBe(true);
    expect((await soldOf('NWP-SH01/1', DAYS[1]!))!.stale).toBe(false);
    const at = async () => (await list(`fromDay=${DAYS[0]}&toDay=${DAYS[0]}&tankId=${tankIds['NWP-SH01/1']}`)).list[0]!.gross;
    expect(await at()).toMatchObject({ meteredSalesL: 3_020, varianceL: 20 });
    await bookJob().runOnce();
    expect(await soldOf('NWP-SH01/1', DAYS[0]!)).toEqual({ stale: false, sold_l: 3_020 });
    expect(await at()).toMatchObject({ meteredSalesL: 3_020, varianceL: 20 });
  });

  it('a late totaliser reading marks the day it lands in and the day of the reading after it', async () => {
    // Between the last reading of day 3 (20:45, after the day's last sale) and midnight's of day 4: no volume moves, two days' books do.
    const answer = await report('NWP-SH01', { meterTotals: [{ tank: '2', meter: 'P2', ts: local(DAYS[2]!, 1400, SH), totalL: await lastTotalBefore(local(DAYS[2]!, 1400, SH)) }] });
    expect(answer.data.refused).toEqual([]);
    expect((await soldOf('NWP-SH01/2', DAYS[2]!))!.stale).toBe(true);
    expect((await soldOf('NWP-SH01/2', DAYS[3]!))!.stale).toBe(true);
    expect((await soldOf('NWP-SH01/2', DAYS[1]!))!.stale).toBe(false);
  });
});

describe('sales during drops kept in the tank-day books', () => {
  const bookJob = () => new TankDayBookJob({ db: ctx.db, clock: () => new Date(NOW) }, { roundMs: 60_000 });
  const dropsOf = async (tankKey: string, day: string) => {
    const [row] = await rawRows<{ stale: boolean; drops: [number, number, number, number][] | null }>(ctx.db, sql`select stale, drops from tank_day_books where tank_id = ${tankIds[tankKey]!} and day = ${day}::date`);
    return row;
  };
  const dayOfRiyadh = async () => (await list(`fromDay=${DAYS[1]}&toDay=${DAYS[1]}&tankId=${tankIds['NWP-RY04/1']}`)).list[0]!;

  it('the book keeps what the meters sold during the day’s metered drop, not an estimated one', async () => {
    await bookJob().runOnce();
    // Riyadh's drop of 10:00–10:15: two sales of 50 L during it, from the last quiet reading to the last rise.
    const kept = await dropsOf('NWP-RY04/1', DAYS[1]!);
    expect(kept).toEqual({ stale: false, drops: [[Date.parse(local(DAYS[1]!, 585, RIYADH)), Date.parse(local(DAYS[1]!, 585, RIYADH)), Date.parse(local(DAYS[1]!, 615, RIYADH)), 100]] });
    expect((await dropsOf('NWP-RY04/1', DAYS[0]!))!.drops).toEqual([]);
    // Shenzhen's tank sends no sales: its drop's sales are estimated from the level around it, and not kept.
    expect((await dropsOf('NWP-SZ02/1', DAYS[1]!))!.drops).toEqual([]);
    expect((await dayOfRiyadh()).gross).toMatchObject({ salesDuringDeliveriesL: 100, varianceL: 0 });
  });

  // Changed as every writer changes a book: at a new version (lib/day-cache.ts).
  it('the reconciliation reads the kept figure: a book changed by hand shows', async () => {
    const tank = tankIds['NWP-RY04/1']!;
    await ctx.db.execute(sql`update tank_day_books set drops = jsonb_set(drops, '{0,3}', '130'), version = version + 1 where tank_id = ${tank} and day = ${DAYS[1]!}::date`);
    // Booked 1,900 + 130 L delivered: the book closes 30 L over the gauge.
    expect((await dayOfRiyadh()).gross).toMatchObject({ salesDuringDeliveriesL: 130, deliveredGaugedL: 1_900, bookClosingL: 16_030, varianceL: -30 });
    await ctx.db.execute(sql`update tank_day_books set drops = jsonb_set(drops, '{0,3}', '100'), version = version + 1 where tank_id = ${tank} and day = ${DAYS[1]!}::date`);
    expect((await dayOfRiyadh()).gross).toMatchObject({ salesDuringDeliveriesL: 100, varianceL: 0 });
  });

  it('a late sale during the drop marks the day’s book: the drop counts it at once, and again once booked', async () => {
    const late = await report('NWP-RY04', { sales: [{ tank: '1', id: 'late-drop', ts: local(DAYS[1]!, 605, RIYADH), volumeL: 20 }] });
    expect(late.data.sales).toMatchObject({ accepted: 1 });
    expect((await dropsOf('NWP-RY04/1', DAYS[1]!))!.stale).toBe(true);
    // 1,900 L risen + 120 L sold during the drop; 3,020 L sold in the day: the day still balances.
    expect((await dayOfRiyadh()).gross).toMatchObject({ salesDuringDeliveriesL: 120, meteredSalesL: 3_020, varianceL: 0 });
    await bookJob().runOnce();
    expect((await dropsOf('NWP-RY04/1', DAYS[1]!))!.drops![0]![3]).toBe(120);
    expect((await dayOfRiyadh()).gross).toMatchObject({ salesDuringDeliveriesL: 120, meteredSalesL: 3_020, varianceL: 0 });
  });
});

async function lastTotalBefore(ts: string): Promise<number> {
  const [row] = await rawRows<{ total_l: number }>(ctx.db, sql`select total_l from meter_totals where meter = 'P2' and ts < ${ts}::timestamptz order by ts desc limit 1`);
  return Number(row!.total_l);
}

async function stationId(code: string): Promise<number> {
  const [row] = await rawRows<{ id: number }>(ctx.db, sql`select id from stations where code = ${code}`);
  return row!.id;
}
