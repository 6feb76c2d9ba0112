import { describe, expect, it } from 'vitest';
import { firmwareExtension, firmwareStatus, isAuthorised, isFirmwareVersion, periodProblems } from './firmware';

describe('firmware version (spec §5, §9: exactly 8 digits)', () => {
  it.each([
    ['20261122', true],
    ['00000001', true],
    ['2026112', false],
    ['202611221', false],
    ['2026112a', false],
    ['2026-11-2', false],
    ['２０２６１１２２', false],
    ['', false],
  ])('%j → %s', (version, valid) => {
    expect(isFirmwareVersion(version)).toBe(valid);
  });
});

describe('firmware file (spec §5: .bin or .exe)', () => {
  it.each([
    ['collector-20261122.bin', 'bin'],
    ['SETUP.EXE', 'exe'],
    ['image.bin.zip', null],
    ['firmware.zip', null],
    ['bin', null],
    ['notes.binx', null],
  ])('%j → %j', (name, extension) => {
    expect(firmwareExtension(name)).toBe(extension);
  });
});

describe('authorisation period (spec §3: authorisation deadline begin/end or indefinite)', () => {
  const d = (iso: string) => new Date(iso);
  it('both ends with the end after the begin, or neither', () => {
    expect(periodProblems({ validFrom: null, validTo: null })).toEqual([]);
    expect(periodProblems({ validFrom: d('2026-01-01T00:00:00Z'), validTo: d('2026-12-31T00:00:00Z') })).toEqual([]);
    expect(periodProblems({ validFrom: d('2026-01-01T00:00:00Z'), validTo: null })).toEqual([{ field: 'validTo', rule: 'required' }]);
    expect(periodProblems({ validFrom: null, validTo: d('2026-01-01T00:00:00Z') })).toEqual([{ field: 'validFrom', rule: 'required' }]);
    expect(periodProblems({ validFrom: d('2026-02-01T00:00:00Z'), validTo: d('2026-01-01T00:00:00Z') })).toEqual([{ field: 'validTo', rule: 'afterStart' }]);
  });
  it('is pending before, authorised during and expired after its period; indefinite is always authorised', () => {
    const period = { validFrom: d('2026-01-01T00:00:00Z'), validTo: d('2026-02-01T00:00:00Z') };
    expect(firmwareStatus(period, d('2025-12-31T23:59:59Z'))).toBe('pending');
    expect(firmwareStatus(period, d('2026-01-15T00:00:00Z'))).toBe('authorised');
    expect(firmwareStatus(period, d('2026-02-01T00:00:01Z'))).toBe('expired');
    expect(isAuthorised({ validFrom: null, validTo: null }, d('2099-01-01T00:00:00Z'))).toBe(true);
  });
});
