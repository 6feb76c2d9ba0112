import { describe, expect, it } from 'vitest';
import { commonVolumeUnit, fillFraction, makeMonitorFormat } from './format';

const en = makeMonitorFormat('en', '--');
const zh = makeMonitorFormat('zh-CN', '--');
const es = makeMonitorFormat('es', '--');

describe('volumes', () => {
  it('shows litres for volumeUnit 1 or unset, rounded to whole litres', () => {
    expect(en.volume(12345.6, 1)).toBe('12,346 L');
    expect(en.volume(12345.6, null)).toBe('12,346 L');
    expect(en.volume(0, 1)).toBe('0 L');
  });

  it('converts to US gallons for any other unit', () => {
    // 37,854.11784 L is exactly 10,000 US gallons.
    expect(en.volume(37854.11784, 2)).toBe('10,000 gal');
  });

  it('follows the language: grouping, decimal mark and unit name', () => {
    expect(zh.volume(12345.6, 1)).toBe('12,346升');
    expect(es.volume(12345.6, 1)).toBe('12.346 l');
  });

  it('prints the placeholder when there is no value', () => {
    expect(en.volume(null, 1)).toBe('--');
    expect(en.volume(undefined, 2)).toBe('--');
    expect(en.volume(Number.NaN, 1)).toBe('--');
  });
});

describe('rates per hour (leak tests)', () => {
  it('shows L/h for volumeUnit 1 or unset, gal/h otherwise, two decimals', () => {
    expect(en.rate(0.76, 1)).toBe('0.76 L/h');
    expect(en.rate(0.76, null)).toBe('0.76 L/h');
    expect(en.rate(0.76, 2)).toBe('0.20 gal/h');
    expect(en.rate(3.785411784, 2)).toBe('1.00 gal/h');
  });

  it('follows the language, keeps a real gain negative and a rounded one 0', () => {
    expect(es.rate(1.5, 1)).toBe('1,50 l/h');
    expect(en.rate(-0.4, 1)).toBe('-0.40 L/h');
    expect(en.rate(-0.001, 1)).toBe('0.00 L/h');
    expect(en.rate(null, 1)).toBe('--');
  });

  it('counts quiet time in hours, one decimal at most', () => {
    expect(en.hours(12.46)).toBe('12.5 hr');
    expect(es.hours(3)).toBe('3 h');
    expect(en.hours(undefined)).toBe('--');
  });
});

describe('heights and temperatures', () => {
  it('keeps millimetres with one decimal at most', () => {
    expect(en.height(1234.5)).toBe('1,234.5 mm');
    expect(en.height(1234.56)).toBe('1,234.6 mm');
    expect(en.height(20)).toBe('20 mm');
    expect(es.height(1234.5)).toBe('1234,5 mm');
    expect(en.height(null)).toBe('--');
  });

  it('shows °C for tempUnit 1 or unset and °F otherwise', () => {
    expect(en.temperature(21.5, 1)).toBe('21.5°C');
    expect(en.temperature(21.5, undefined)).toBe('21.5°C');
    expect(en.temperature(21.5, 2)).toBe('70.7°F');
    expect(en.temperature(-40, 2)).toBe('-40°F');
    expect(es.temperature(21.5, 1)).toBe('21,5 °C');
    expect(en.temperature(null, 1)).toBe('--');
  });
});

describe('percentages, counts and times', () => {
  it('reads fill levels given as 0–100', () => {
    expect(en.percent(56.74)).toBe('56.7%');
    expect(en.percent(100)).toBe('100%');
    expect(es.percent(56.7)).toBe('56,7\u00a0%');
    expect(en.percent(null)).toBe('--');
  });

  it('groups counts', () => {
    expect(en.count(12000)).toBe('12,000');
    expect(es.count(12000)).toBe('12.000');
  });

  it('prints a time in the station’s own time zone when asked', () => {
    const iso = '2026-03-01T04:05:06Z';
    expect(en.dateTime(iso, 'Asia/Shanghai')).toContain('12:05:06');
    expect(en.dateTime(iso, 'America/Chicago')).toContain('10:05:06');
    expect(en.time(iso, 'UTC')).toContain('4:05:06');
    expect(en.dateTime('not a date')).toBe('--');
    expect(en.dateTime(null)).toBe('--');
  });

  it('survives a time zone the browser does not know', () => {
    expect(en.dateTime('2026-03-01T04:05:06Z', 'Mars/Olympus_Mons')).not.toBe('--');
  });

  it('says how long ago, in the largest fitting unit', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(en.relative('2026-03-01T11:59:30Z', now)).toBe('30 seconds ago');
    expect(en.relative('2026-03-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(en.relative('2026-03-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(en.relative('2026-02-27T12:00:00Z', now)).toBe('2 days ago');
    expect(en.relative('2026-03-01T12:00:00Z', now)).toBe('now');
    expect(en.relative('2026-03-01T12:00:04Z', now)).toBe('now');
    expect(en.relative(null, now)).toBe('--');
  });
});

describe('commonVolumeUnit', () => {
  it('keeps the one unit all stations share', () => {
    expect(commonVolumeUnit([{ volumeUnit: 2 }, { volumeUnit: 2 }])).toBe(2);
    expect(commonVolumeUnit([{ volumeUnit: 1 }])).toBe(1);
  });

  it('falls back to litres for mixed units or no stations', () => {
    expect(commonVolumeUnit([{ volumeUnit: 1 }, { volumeUnit: 2 }])).toBe(1);
    expect(commonVolumeUnit([])).toBe(1);
  });
});

describe('fillFraction', () => {
  it('is part over whole, clamped to 0–1', () => {
    expect(fillFraction(500, 2000)).toBe(0.25);
    expect(fillFraction(2500, 2000)).toBe(1);
    expect(fillFraction(-5, 2000)).toBe(0);
    expect(fillFraction(null, 2000)).toBe(0);
    expect(fillFraction(5, 0)).toBe(0);
  });
});
