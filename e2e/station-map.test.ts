import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiSignedInPage, launchBrowser } from './browser';
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from './server';
import { reportAccepted } from './device';

/**
 * The station map without a tile server (the default, issue 20 item 16): country outlines from
 * the shipped world map are drawn under the stations, and an account with one station sees its
 * region rather than one dot in an empty square.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The outline's paths: how many, how long the first, and the scale it is drawn at (pixels per 1/1000 of the world). */
async function outline(page: Page) {
  const paths = page.locator('[data-testid="station-map"] [data-testid="map-outline"] path');
  await paths.first().waitFor();
  return paths.evaluateAll((els) =>
    els.map((el) => ({ length: (el.getAttribute('d') ?? '').length, scale: Number(/scale\(([\d.]+)\)/.exec(el.getAttribute('transform') ?? '')?.[1]) })),
  );
}

/** Where a station's dot is, relative to the map's box (0…1). */
async function dotPosition(page: Page) {
  const map = (await page.locator('[data-testid="station-map"]').boundingBox())!;
  const dot = (await page.locator('[data-testid="station-map"] [data-status]').first().boundingBox())!;
  return { x: (dot.x + dot.width / 2 - map.x) / map.width, y: (dot.y + dot.height / 2 - map.y) / map.height };
}

describe('the station map without tiles', () => {
  it('draws the countries under the demo fleet, the whole world in view for the administrator', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/home');
    const paths = await outline(page);
    expect(paths.length).toBeGreaterThanOrEqual(1);
    // 177 countries of 1:110m Natural Earth: a long path, not an empty one.
    expect(paths[0]!.length).toBeGreaterThan(50_000);
    // Stations from Bogotá to Shanghai: about one world across the map (scale ≈ map width / 1000).
    expect(paths[0]!.scale).toBeLessThan(3);
    await context.close();
  });

  it('zooms a single-station account to its station among its neighbours', async () => {
    const { context, page } = await apiSignedInPage(browser, 'demo-station', E2E_DEMO_PASSWORD);
    await page.goto('/home');
    const paths = await outline(page);
    // Zoom 5 (256 · 2⁵ pixels a world): about 35° across an 800-pixel map.
    expect(paths[0]!.scale).toBeCloseTo(8.192, 2);
    const dot = await dotPosition(page);
    expect(dot.x).toBeCloseTo(0.5, 1);
    expect(dot.y).toBeGreaterThan(0.2);
    expect(dot.y).toBeLessThan(0.8);
    await context.close();
  });
});

/** The animations that run for ever on the page: their names and every property their keyframes move. */
function endlessAnimations(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations === Infinity)
      .map((a) => ({
        name: (a as CSSAnimation).animationName,
        moves: [...new Set((a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k).filter((p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p))))].sort(),
      })),
  );
}

describe('what moves on home while it stays open', () => {
  it('pulses where a station is in alarm and beside "Live", moving only transform and opacity (the compositor alone moves them: no repaint each frame)', async () => {
    // The same alarm the toast test raises at this station (alarm-toast.test.ts).
    await reportAccepted('NWP-CA05', { alarms: [{ ts: new Date(Date.now() - 1000).toISOString(), kind: 'level', tank: '2', code: 2 }] });
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD, 'en', { motion: true, newContext: true });
    try {
      await page.goto('/home');
      await page.locator('[data-testid="station-map"] .station-map__pulse').first().waitFor();
      await page.locator('[data-testid="live-indicator"][data-state="open"]').first().waitFor();
      const running = await endlessAnimations(page);
      expect(running.map((a) => a.name)).toEqual(expect.arrayContaining(['monitor-live-pulse', 'station-map-pulse']));
      // A box-shadow or background-position pulse repainted the page every frame: a fifth of a core (bench/idle-page-cost.ts).
      expect(running.flatMap((a) => a.moves.filter((p) => p !== 'transform' && p !== 'opacity').map((p) => `${a.name}: ${p}`))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps still for a visitor who asks for less motion', async () => {
    const { context, page } = await apiSignedInPage(browser, 'admin', E2E_ADMIN_PASSWORD);
    try {
      await page.goto('/home');
      await page.locator('[data-testid="station-map"] [data-status]').first().waitFor();
      await page.locator('[data-testid="live-indicator"][data-state="open"]').first().waitFor();
      expect(await endlessAnimations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

