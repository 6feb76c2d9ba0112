import { describe, expect, it } from 'vitest';
import { joinRegion } from './format';
import { tempUnitKey, volumeUnitKey } from './units';

describe('units and regions', () => {
  it('names the units of spec §9', () => {
    expect([tempUnitKey(1), tempUnitKey(2), tempUnitKey(3)]).toEqual(['settingsOrg.unit.celsius', 'settingsOrg.unit.fahrenheit', null]);
    expect([volumeUnitKey(1), volumeUnitKey(2), volumeUnitKey(0)]).toEqual(['settingsOrg.unit.litres', 'settingsOrg.unit.gallons', null]);
  });

  it('joins the region parts that are set', () => {
    expect(joinRegion(['Guangdong', null, ' Tianhe '])).toBe('Guangdong / Tianhe');
    expect(joinRegion([null, '', undefined])).toBe('');
  });
});
