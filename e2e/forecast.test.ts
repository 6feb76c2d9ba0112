import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminCookie, apiData } from './admin-api';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD } from './server';
import { readingsAccepted } from './device';
import { picture } from './pictures';

/**
 * The run-out forecast (issue 23) on home, the station monitor, the big screen and the phone.
 * Dubai Sheikh Zayed Rd (NWP-DX03, Asia/Dubai, litres) tank 2 is left to this file: 8 days of
 * readings every 15 minutes, selling 0.4 % of its capacity an hour day and night, ending at 7 %
 * now — under its low warning (15 % of its height, about 9.4 % of a cylinder's volume) and
 * about 4.5 hours above its low alarm (10 %, about 5.2 %). Its tank 3 has its low warning and
 * low alarm removed and sells 0.25 % of its capacity an hour down to 41.4 %: empty in about
 * 165.6 h, 6.9 days (issue 34 item 3). The figures the pages show are the API's (hand-checked in
 * the server's tests), so the pages are compared with the API.
 */
const STATION = 'NWP-DX03';
const TANK = '2';
const NO_LOW = '3';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const H = 3_600_000;

let browser: Browser;
let cookie = '';
let stationId = 0;
let tankId = 0;
let noLowId = 0;

interface Row {
  tankId: number;
  stationId: number;
  capacityL: number;
  volumeL: number | null;
  hoursToLowWarning: number | null;
  hoursToLowAlarm: number | null;
  hoursToEmpty: number | null;
  lowWarningSet: boolean;
  lowAlarmSet: boolean;
  runOutTarget: 'lowAlarm' | 'empty';
  hoursToRunOut: number | null;
  suggestedOrderL: number | null;
  basis: { source: string; weeks: number; days: number };
}

const api = <T>(path: string, init?: RequestInit) => apiData<T>(path, cookie, init);

/** English durations as the pages write them (web run-out.ts). */
const inEnglish = (hours: number | null) => {
  if (hours === null) return 'Over 14 d';
  if (hours <= 0) return 'Now';
  if (hours < 24) return `${Math.ceil(hours)} h`;
  return `${Math.floor(Math.floor(hours) / 24)} d ${Math.floor(hours) % 24} h`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  cookie = await adminCookie();
  const stations = await api<{ list: { id: number; code: string }[] }>('/api/station/list?pageSize=100');
  stationId = stations.list.find((s) => s.code === STATION)!.id;
  const before = await api<{ list: (Row & { tankCode: string })[] }>(`/api/forecast/list?stationId=${stationId}&pageSize=50`);
  const tank = before.list.find((r) => r.tankCode === TANK)!;
  tankId = tank.tankId;
  const capacity = tank.capacityL;
  const end = Date.now() - 60_000;
  const readings: object[] = [];
  for (let t = end - 8 * 24 * H, i = 8 * 24 * 4; t <= end; t += 15 * 60_000, i--) {
    const volumeL = capacity * (0.07 + i * 0.001);
    readings.push({ tank: TANK, ts: new Date(t).toISOString(), productHeightMm: 200 + i, waterHeightMm: 0, temperatureC: 25, volumeL });
  }
  await readingsAccepted(STATION, readings);
  // Tank 3: its low thresholds removed through the station's settings, as a user would.
  const detail = await api<{ tanks: { id: number; code: string; lowOilWarnMm: number | null; lowOilAlarmMm: number | null }[] }>(`/api/station/${stationId}`);
  await api(`/api/station/${stationId}`, {
    method: 'PUT',
    body: JSON.stringify({ ...detail, tanks: detail.tanks.map((t) => (t.code === NO_LOW ? { ...t, lowOilWarnMm: null, lowOilAlarmMm: null } : t)) }),
  });
  noLowId = detail.tanks.find((t) => t.code === NO_LOW)!.id;
  const noLowCapacity = before.list.find((r) => r.tankCode === NO_LOW)!.capacityL;
  const sales: object[] = [];
  for (let t = end - 8 * 24 * H, i = 8 * 24 * 4; t <= end; t += 15 * 60_000, i--) {
    sales.push({ tank: NO_LOW, ts: new Date(t).toISOString(), productHeightMm: 100 + i, waterHeightMm: 0, temperatureC: 25, volumeL: noLowCapacity * (0.414 + i * 0.000625) });
  }
  await readingsAccepted(STATION, sales);
}, 120_000);
afterAll(() => browser?.close());

describe('the forecast through the API', () => {
  it('learns the tank’s week of level falls and projects it', async () => {
    const { list } = await api<{ list: Row[] }>(`/api/forecast/list?tankId=${tankId}`);
    const row = list[0]!;
    expect(row.basis).toEqual({ source: 'derived', weeks: 1, days: 7 });
    // 0.4 % of capacity an hour from 7 %: the low alarm (≈ 5.2 %) in ≈ 4.5 h, empty in ≈ 17.5 h.
    expect(row.hoursToLowAlarm!).toBeGreaterThan(3.5);
    expect(row.hoursToLowAlarm!).toBeLessThan(5.5);
    expect(row.hoursToLowWarning).toBe(0);
    expect(row.hoursToEmpty!).toBeCloseTo(17.5, 0);
    expect(row).toMatchObject({ runOutTarget: 'lowAlarm', hoursToRunOut: row.hoursToLowAlarm, lowWarningSet: true, lowAlarmSet: true });
  });

  it('runs a tank without low thresholds out to empty, and says none is set', async () => {
    const row = (await api<{ list: Row[] }>(`/api/forecast/list?tankId=${noLowId}`)).list[0]!;
    expect(row).toMatchObject({ lowWarningSet: false, lowAlarmSet: false, runOutTarget: 'empty', hoursToLowWarning: null, hoursToLowAlarm: null });
    // 41.4 % at 0.25 % an hour.
    expect(row.hoursToEmpty!).toBeCloseTo(165.6, 0);
    expect(row.hoursToRunOut).toBe(row.hoursToEmpty);
  });
});

describe('run-out on the pages', () => {
  it('home lists the tanks running out soonest, in English, as the API has them', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/home');
      const panel = page.locator('[data-testid="home-run-out"]');
      await panel.waitFor({ timeout: 15_000 });
      expect(await panel.locator('.monitor-panel__title').textContent()).toBe('Running out soonest');
      const { list } = await api<{ list: Row[] }>('/api/forecast/list?pageSize=200');
      const soonest = list.filter((r) => r.hoursToRunOut !== null).slice(0, 8);
      expect(soonest.map((r) => r.tankId)).toContain(tankId);
      await expect.poll(() => panel.locator('tbody tr').count(), { timeout: 15_000 }).toBe(soonest.length);
      const ids = await panel.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-testid')!.replace('run-out-', ''))));
      expect(ids).toEqual(soonest.map((r) => r.tankId));
      const mine = soonest.find((r) => r.tankId === tankId)!;
      expect(await page.locator(`[data-testid="run-out-${tankId}-low-alarm"]`).textContent()).toBe(inEnglish(mine.hoursToLowAlarm));
      expect(await page.locator(`[data-testid="run-out-${tankId}"]`).textContent()).toContain('Dubai Sheikh Zayed Rd');
      expect(await page.locator(`[data-testid="run-out-${tankId}-order"]`).textContent()).toBe(`${new Intl.NumberFormat('en').format(mine.suggestedOrderL!)} L`);
      await picture(panel, '/tmp/forecast-home-en.png');
    } finally {
      await context.close();
    }
  });

  it('the station monitor’s tank card says when the low alarm comes', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto(`/single_monitor?stationId=${stationId}`);
      const line = page.locator(`[data-testid="tank-forecast-${tankId}"]`);
      await line.waitFor({ timeout: 15_000 });
      const { list } = await api<{ list: Row[] }>(`/api/forecast/list?tankId=${tankId}`);
      expect(await line.textContent()).toBe(`Low alarm in ${inEnglish(list[0]!.hoursToLowAlarm)}`);
      // Its neighbour sent nothing: no forecast, said so.
      expect(await page.locator('.tank-card__forecast', { hasText: 'No run-out forecast yet' }).count()).toBeGreaterThan(0);
      // Tank 3 has no low alarm: when it is empty, and why that is the figure.
      const noLow = (await api<{ list: Row[] }>(`/api/forecast/list?tankId=${noLowId}`)).list[0]!;
      expect(await page.locator(`[data-testid="tank-forecast-${noLowId}"]`).textContent()).toBe(`Empty in ${inEnglish(noLow.hoursToRunOut)} · no low alarm set`);
      expect(inEnglish(noLow.hoursToRunOut)).toMatch(/^6 d 2\d h$/);
      await picture(page.locator('[data-testid="station-tanks"]'), '/tmp/forecast-monitor-en.png');
    } finally {
      await context.close();
    }
  });

  it('reads right to left in Arabic on home and the monitor', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'ar');
    try {
      await page.goto('/home');
      // The document takes its direction once the language's texts have come.
      await expect.poll(() => page.locator('html').getAttribute('dir'), { timeout: 15_000 }).toBe('rtl');
      const panel = page.locator('[data-testid="home-run-out"]');
      await panel.waitFor({ timeout: 15_000 });
      expect(await panel.textContent()).toContain('الأقرب إلى النفاد');
      const cell = page.locator(`[data-testid="run-out-${tankId}-low-alarm"]`);
      await cell.waitFor({ timeout: 15_000 });
      expect(await cell.textContent()).toMatch(/س$/);
      expect(await panel.textContent()).toContain('إنذار منخفض خلال');
      await picture(panel, '/tmp/forecast-home-ar.png');
      await page.goto(`/single_monitor?stationId=${stationId}`);
      const line = page.locator(`[data-testid="tank-forecast-${tankId}"]`);
      await line.waitFor({ timeout: 15_000 });
      expect(await line.textContent()).toContain('إنذار المستوى المنخفض خلال');
      // The tank without a low alarm: empty in 6 days and some hours, none set.
      const noLow = await page.locator(`[data-testid="tank-forecast-${noLowId}"]`).textContent();
      expect(noLow).toMatch(/^النفاد خلال [6٦] ي [0-9٠-٩]+ س · لا يوجد إنذار مستوى منخفض$/);
      await picture(page.locator('[data-testid="station-tanks"]'), '/tmp/forecast-monitor-ar.png');
    } finally {
      await context.close();
    }
  });

  it('the big screen’s tank tiles carry the line too', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { width: 1920, height: 1080 });
    try {
      await page.goto('/screenfull');
      await page.locator('[data-testid="station-cycler"] .tank-card__forecast').first().waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('the phone’s station page shows it on the tank’s tile, in English and Arabic', async () => {
    for (const [language, text] of [['en', 'Low alarm in'], ['ar', 'إنذار المستوى المنخفض خلال']] as const) {
      const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, language, { userAgent: PHONE, width: 412, height: 915 });
      try {
        await page.goto(`/stationDetails?stationId=${stationId}`);
        const line = page.locator(`[data-testid="tank-forecast-${tankId}"]`);
        await line.waitFor({ timeout: 15_000 });
        expect(await line.textContent()).toContain(text);
        if (language === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await picture(page, `/tmp/forecast-phone-${language}.png`);
      } finally {
        await context.close();
      }
    }
  });
});
