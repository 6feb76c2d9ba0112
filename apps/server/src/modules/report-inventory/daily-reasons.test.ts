import { describe, expect, it } from 'vitest';
import type { DailyInventoryRow } from '@ullage/contracts/inventory-report';
import { translator } from '../../i18n/translate';
import { dailyReasons } from './export';

// A Shanghai tank day whose first reading came at 00:20 and which has three upload gaps, two listed.
const row: DailyInventoryRow = {
  id: 1,
  day: '2026-11-21',
  stationId: 1,
  stationName: 'Nanshan',
  stationCode: 'SZ02',
  companyName: 'Northwind',
  timezone: 'Asia/Shanghai',
  volumeUnit: 1,
  tempUnit: 1,
  tankId: 1,
  tankCode: '1',
  productName: '92#',
  productColor: '#f00',
  start: null,
  end: null,
  firstReadingAt: '2026-11-20T16:20:00.000Z',
  lastReadingAt: '2026-11-21T15:50:00.000Z',
  deliveredL: 0,
  deliveryCount: 0,
  salesL: null,
  missingStart: true,
  missingEnd: false,
  inProgress: false,
  gapCount: 3,
  gaps: [
    { from: '2026-11-21T01:00:00.000Z', to: '2026-11-21T01:30:00.000Z' },
    { from: '2026-11-21T03:00:00.000Z', to: '2026-11-21T03:20:00.000Z' },
  ],
  abnormal: true,
};

describe('why a day is abnormal, in the export (spec §9 daily inventory)', () => {
  it('names the late first reading and the gaps in the station clock, joined the English way', () => {
    expect(dailyReasons(translator('en'), row)).toBe(
      `${translator('en')('inventory.reason.missingStart', { time: '00:20:00' })}; ${translator('en')('inventory.reason.gaps', { count: 3 })}: 09:00:00–09:30:00, 11:00:00–11:20:00, …`,
    );
  });

  it('joins with the Arabic semicolon and comma in Arabic, and the Chinese ones in Chinese', () => {
    const ar = dailyReasons(translator('ar'), row);
    expect(ar).toContain('؛ ');
    expect(ar).toContain('09:00:00–09:30:00، 11:00:00–11:20:00، …');
    expect(ar).not.toContain(';');
    const zh = dailyReasons(translator('zh_CN'), row);
    expect(zh).toContain('；');
    expect(zh).toContain('09:00:00–09:30:00、11:00:00–11:20:00、…');
  });
});
