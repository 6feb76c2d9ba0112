import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import en from '../../i18n/locales/en.json';
import { makeMonitorFormat } from '../../lib/format';
import { jumpExplanation, jumpRuleLabel } from './jump-explanation';

/** English text with {{params}} filled, as i18next would. */
const t = ((key: string, params: Record<string, string> = {}) =>
  (en as Record<string, string>)[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')) as unknown as TFunction;
const format = makeMonitorFormat('en-US', '--');

const row = (change: Partial<DataJumpRow>): DataJumpRow => ({
  id: 1,
  stationId: 1,
  stationName: 'Shanghai Pudong',
  stationCode: 'NWP-SH01',
  companyName: 'North',
  timezone: 'Asia/Shanghai',
  volumeUnit: 1,
  tempUnit: 1,
  tankId: 1,
  tankCode: '1',
  productName: '92# Gasoline',
  productColor: null,
  rule: 'temperature',
  prevTs: '2026-11-22T10:00:00Z',
  ts: '2026-11-22T10:01:00Z',
  prevProductHeightMm: 1500,
  productHeightMm: 1500,
  prevTemperatureC: 15,
  temperatureC: 15,
  prevVolumeL: 15_000,
  volumeL: 15_000,
  back: null,
  ...change,
});

describe('a data jump in words (spec §9 rules, company units)', () => {
  it.each([
    [row({ temperatureC: 19.5 }), 'Temperature jump', 'Temperature changed by 4.5°C, more than 3°C'],
    // A difference in °F: 5 °C is 9 °F, the limit 5.4 °F (no 32° offset).
    [row({ temperatureC: 20, tempUnit: 2 }), 'Temperature jump', 'Temperature changed by 9°F, more than 5.4°F'],
    [row({ rule: 'height', productHeightMm: 1380, volumeL: 13_800 }), 'Height jump', 'Product height changed by 120 mm, more than 100 mm'],
    [
      row({ rule: 'volume-without-height', productHeightMm: 1502, volumeL: 15_300, volumeUnit: 2 }),
      'Volume change without level change',
      'Volume changed by 79 gal (limit 53 gal) while the height moved only 2 mm, under 5 mm',
    ],
    [row({ rule: 'volume-to-zero', prevVolumeL: 150, volumeL: 0 }), 'Volume fell to zero', 'Volume fell from 150 L to 0 with the height unchanged'],
    // A spike that came back at the next reading is one event (review item 14).
    [
      row({ temperatureC: 20, back: { ts: '2026-11-22T10:02:00Z', productHeightMm: 1500, temperatureC: 15.5, volumeL: 15_000 } }),
      'Temperature jump',
      'Temperature changed by 5°C, more than 3°C, and came back at the next reading: one spike',
    ],
  ])('%#: %s', (jump, label, words) => {
    expect(jumpRuleLabel(t, jump.rule)).toBe(label);
    expect(jumpExplanation(t, format, jump)).toBe(words);
  });
});
