import { describe, expect, it } from 'vitest';
import { deviceReading, fastDeviceReading } from './device';

const base = { tank: '1', ts: '2026-11-22T08:00:00Z', productHeightMm: 1500.5, temperatureC: 18.2 };

describe('fastDeviceReading agrees with the deviceReading schema', () => {
  it.each([
    ['minimal', base],
    ['every field', { ...base, type: 'hourly', waterHeightMm: 12, volumeL: 20000, tcVolumeL: 19950.5, waterVolumeL: 80, ullageL: 5000, densityKgM3: 745 }],
    ['offset time with milliseconds', { ...base, ts: '2026-11-22T16:00:00.123+08:00' }],
    ['microseconds and a negative offset', { ...base, ts: '2026-11-22T08:00:00.123456-05:00' }],
    ['29 February of a leap year', { ...base, ts: '2028-02-29T00:00:00Z' }],
    ['zero heights', { ...base, productHeightMm: 0, waterHeightMm: 0 }],
    ['range ends', { ...base, productHeightMm: 100_000, temperatureC: -60 }],
  ])('accepts %s exactly as zod parses it', (_name, input) => {
    const zod = deviceReading.safeParse(input);
    expect(zod.success).toBe(true);
    expect(fastDeviceReading(input)).toEqual(zod.data);
  });

  it.each([
    ['not an object', 42],
    ['null', null],
    ['missing product height', { ...base, productHeightMm: undefined }],
    ['temperature out of range', { ...base, temperatureC: 121 }],
    ['negative water', { ...base, waterHeightMm: -1 }],
    ['a string number', { ...base, productHeightMm: '1500' }],
    ['NaN volume', { ...base, volumeL: Number.NaN }],
    ['time without offset', { ...base, ts: '2026-11-22T08:00:00' }],
    ['a date only', { ...base, ts: '2026-11-22' }],
    ['a time without seconds', { ...base, ts: '2026-11-22T08:00Z' }],
    ['30 February', { ...base, ts: '2026-02-30T00:00:00Z' }],
    ['hour 25', { ...base, ts: '2026-11-22T25:00:00Z' }],
    ['an offset without colon', { ...base, ts: '2026-11-22T08:00:00+0800' }],
    ['month 13', { ...base, ts: '2026-13-01T00:00:00Z' }],
    ['an unknown record type', { ...base, type: 'daily' }],
    ['empty tank code', { ...base, tank: '' }],
    ['tank code over 32 characters', { ...base, tank: 'x'.repeat(33) }],
    ['density too low', { ...base, densityKgM3: 100 }],
  ])('leaves %s to zod, which refuses it too', (_name, input) => {
    expect(fastDeviceReading(input)).toBeNull();
    expect(deviceReading.safeParse(input).success).toBe(false);
  });

  it('leaves unusual but valid input to zod (spaces around the tank code are trimmed there)', () => {
    const input = { ...base, tank: ' 1 ' };
    expect(fastDeviceReading(input)).toBeNull();
    expect(deviceReading.parse(input).tank).toBe('1');
  });
});
