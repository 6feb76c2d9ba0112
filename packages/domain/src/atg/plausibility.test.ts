import { describe, expect, it } from 'vitest';
import { cylinderStrappingTable } from '../strapping';
import { implausibleValue, type ConsoleValues } from './plausibility';

// A 2,400 mm × 6,000 mm horizontal cylinder: about 27,000 L.
const strapping = cylinderStrappingTable(2400, 6000);
const tank = { heightMm: 2400, capacityL: strapping.at(-1)!.volumeL, strapping };
const half = strapping.find((p) => p.heightMm === 1200)!.volumeL;

describe('console values that cannot be right for the tank (issue 20 #7)', () => {
  it.each<[string, ConsoleValues, ReturnType<typeof implausibleValue>]>([
    ['a metric console read as metric', { productHeightMm: 1200, temperatureC: 18, volumeL: half }, null],
    ['unknown values are not judged', { productHeightMm: null, temperatureC: null, volumeL: null }, null],
    ['°F taken for °C (56.99 "°C")', { productHeightMm: 1200, temperatureC: 56.99, volumeL: half }, { field: 'temperatureC', value: 56.99 }],
    ['below any buried tank', { productHeightMm: 1200, temperatureC: -31, volumeL: half }, { field: 'temperatureC', value: -31 }],
    ['mm taken for inches: above the top', { productHeightMm: 1200 * 25.4, temperatureC: 18, volumeL: half }, { field: 'productHeightMm', value: 1200 * 25.4 }],
    ['litres taken for gallons: beyond capacity', { productHeightMm: 2300, temperatureC: 18, volumeL: tank.capacityL * 3.785 }, { field: 'volumeL', value: tank.capacityL * 3.785 }],
    ['inches taken for mm: the table gives far less at 36.5 mm', { productHeightMm: 36.5, temperatureC: 14, volumeL: half }, { field: 'volumeL', value: half }],
  ])('%s', (_name, values, expected) => {
    expect(implausibleValue(values, tank)).toEqual(expected);
  });

  it('a tank without a table or size is judged on temperature only', () => {
    expect(implausibleValue({ productHeightMm: 36.5, temperatureC: 14, volumeL: 2096 }, { heightMm: 0, capacityL: 0, strapping: [] })).toBeNull();
  });
});
