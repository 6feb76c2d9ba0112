import { describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, localHour } from './clock';
import { createStationSim, type TankView } from './station';
import { testStation } from './test-station';
import type { OpeningHours, SimStation } from './types';

const START = Date.parse('2025-03-03T00:00:00Z');
const TIMEZONE = 'Europe/Madrid';
const NIGHT: OpeningHours = { opensHour: 6, closesHour: 22 };

/** The test station closed at night, tank 2 leaking 1.5 L/h from the start. */
function station(): SimStation {
  const s = testStation('T-1', TIMEZONE);
  return { ...s, openingHours: NIGHT, tanks: s.tanks.map((t) => (t.code === '2' ? { ...t, leak: { rateLph: 1.5, fromMs: START } } : t)) };
}

/** The true state of every tank each minute, with the station-local hour. */
function truth(days: number, seed = 11): { at: number; hour: number; tanks: TankView[] }[] {
  const sim = createStationSim(station(), { startMs: START, seed, events: false });
  const out: { at: number; hour: number; tanks: TankView[] }[] = [];
  for (let at = START + MINUTE; at <= START + days * DAY; at += MINUTE) {
    sim.advance(at);
    out.push({ at, hour: localHour(TIMEZONE, at), tanks: sim.tanks() });
  }
  return out;
}

/** Each night from 22:30 to 05:30 local with no tanker unloading, tank by tank. */
function nights(states: ReturnType<typeof truth>): { tank: string; first: TankView; last: TankView; hours: number; temps: number[] }[] {
  const out: ReturnType<typeof nights> = [];
  let night: typeof states = [];
  for (const s of states) {
    if (s.hour >= 22.5 || s.hour < 5.5) night.push(s);
    else if (night.length > 0) {
      const hours = (night[night.length - 1]!.at - night[0]!.at) / HOUR;
      if (hours > 6.9)
        for (const [i, t] of night[0]!.tanks.entries()) {
          const views = night.map((n) => n.tanks[i]!);
          if (!views.some((v) => v.delivering)) out.push({ tank: t.code, first: t, last: views[views.length - 1]!, hours, temps: views.map((v) => v.temperatureC) });
        }
      night = [];
    }
  }
  return out;
}

describe('tank physics for leak tests', () => {
  const states = truth(14);
  const quiet = nights(states);

  it('a leaking tank’s net volume falls over a quiet night by rate × hours; a tight one’s only by evaporation', () => {
    const leaking = quiet.filter((n) => n.tank === '2');
    const tight = quiet.filter((n) => n.tank !== '2');
    expect(leaking.length).toBeGreaterThanOrEqual(10);
    expect(tight.length).toBeGreaterThanOrEqual(20);
    for (const n of leaking) {
      const lost = n.first.productL - n.last.productL;
      // Evaporation is at most 0.02 L/h on top.
      expect(lost).toBeGreaterThanOrEqual(1.5 * n.hours - 0.01);
      expect(lost).toBeLessThanOrEqual(1.52 * n.hours + 0.01);
    }
    for (const n of tight) {
      const lostLph = (n.first.productL - n.last.productL) / n.hours;
      expect(lostLph).toBeGreaterThanOrEqual(0.005 - 1e-9);
      expect(lostLph).toBeLessThanOrEqual(0.02 + 1e-9);
    }
  });

  it('an underground tank’s temperature changes by less than half a degree over a quiet night', () => {
    expect(quiet.length).toBeGreaterThanOrEqual(30);
    for (const n of quiet) expect(Math.max(...n.temps) - Math.min(...n.temps)).toBeLessThan(0.5);
    // Yet it does move: the product relaxes toward the ground and ripples with the day.
    expect(Math.max(...quiet.map((n) => Math.max(...n.temps) - Math.min(...n.temps)))).toBeGreaterThan(0.02);
  });

  it('a station that closes at night sells nothing from closing to opening, every night', () => {
    let nightsSeen = 0;
    const sold: { at: number; tank: string; litres: number }[] = [];
    for (let i = 1; i < states.length; i++) {
      const [before, now] = [states[i - 1]!, states[i]!];
      if (before.hour >= 22 || before.hour < 6) {
        // Only evaporation and the leak: at most 1.52 L/h, a few hundredths a minute. A fill is 15 L or more.
        for (const [k, t] of now.tanks.entries()) {
          const litres = before.tanks[k]!.productL - t.productL;
          if (!t.delivering && !before.tanks[k]!.delivering && !(litres < 0.03)) sold.push({ at: now.at, tank: t.code, litres });
        }
      }
      if (before.hour < 3 && now.hour >= 3) nightsSeen++;
    }
    expect(sold).toEqual([]);
    expect(nightsSeen).toBe(14);
  });

  it('sells in the day, as before', () => {
    const soldIn = (from: number, to: number) =>
      states.slice(1).reduce((sum, s, i) => {
        if (s.hour < from || s.hour >= to) return sum;
        return sum + s.tanks.reduce((l, t, k) => l + (t.delivering ? 0 : Math.max(0, states[i]!.tanks[k]!.productL - t.productL - 0.03)), 0);
      }, 0);
    expect(soldIn(7, 21)).toBeGreaterThan(14 * 3 * 5000);
  });

  it('the probe sees the product expand: the gross volume follows the temperature', () => {
    for (const s of states.filter((_, i) => i % 600 === 0))
      for (const t of s.tanks) {
        const factor = t.grossL / t.productL - 1;
        // Gasoline 0.0012 per °C, give or take 5 %.
        expect(factor / (t.temperatureC - 15)).toBeGreaterThan(0.0012 * 0.95 - 1e-9);
        expect(factor / (t.temperatureC - 15)).toBeLessThan(0.0012 * 1.05 + 1e-9);
      }
  });
});
