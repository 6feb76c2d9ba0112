import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../routes';
import { tabOf, upOf } from './mobile-sections';

describe('phone shell sections (spec §2 mobile routes; bottom tabs)', () => {
  it('keeps the tab lit on the pages below it', () => {
    expect(tabOf('stationDetails')).toBe('invertory');
    expect(tabOf('deliveryDetail')).toBe('deliveryHistory');
    expect(tabOf('alarmHistory')).toBe('realAlarm');
    expect(tabOf('leak_report_phone')).toBe('realAlarm');
    expect(tabOf('abnormal_can_phone')).toBe('setting');
    expect(tabOf('history_can_save_phone')).toBe('setting');
    expect(tabOf('single_monitor')).toBeNull();
  });

  it('every mobile route of the table belongs to a tab or has a way back', () => {
    for (const def of ROUTES.filter((r) => r.layout === 'mobile')) {
      const up = upOf(def.name, '');
      expect(tabOf(def.name) !== null || up !== null, def.name).toBe(true);
    }
  });

  it('goes one level up with the same place, and nowhere from a tab', () => {
    expect(upOf('stationInvertory', '?companyId=3&areaId=4')).toBe('/areaInvertory?companyId=3&areaId=4');
    expect(upOf('deliveryDetail', '?stationId=2&tankId=5&id=9')).toBe('/deliveryTank?stationId=2&tankId=5&id=9');
    expect(upOf('invertory', '')).toBeNull();
    expect(upOf('Monthly_phone', '')).toBe('/setting');
    expect(upOf('open_close_report_phone', '?x=1')).toBe('/setting?x=1');
  });
});
