import { describe, expect, it } from 'vitest';
import { companyInput } from '@ullage/contracts/settings-org';
import { WETSTOCK_DEFAULTS, WETSTOCK_FIELDS, WETSTOCK_RANGES, wetstockOf, wetstockProblem } from './wetstock-settings';

describe('company wetstock settings on the form', () => {
  it('give a new company the issue’s defaults: 0.5 % tolerance, 1 % over 3 days, 24 h', () => {
    expect(wetstockOf(null)).toEqual({ ticketTolerancePct: 0.5, varianceAlarmPct: 1, varianceAlarmDays: 3, runOutHorizonHours: 24 });
    const row = { ticketTolerancePct: 0.25, varianceAlarmPct: 2, varianceAlarmDays: 7, runOutHorizonHours: 48 };
    expect(wetstockOf(row)).toEqual(row);
  });

  it('refuse what the server refuses, and take its edges', () => {
    expect(wetstockProblem('ticketTolerancePct', 0)).toBeNull();
    expect(wetstockProblem('ticketTolerancePct', 100.5)).toBe('range');
    expect(wetstockProblem('varianceAlarmPct', 0)).toBe('range');
    expect(wetstockProblem('varianceAlarmPct', 0.1)).toBeNull();
    expect(wetstockProblem('varianceAlarmDays', 2.5)).toBe('integer');
    expect(wetstockProblem('varianceAlarmDays', 32)).toBe('range');
    expect(wetstockProblem('runOutHorizonHours', 720)).toBeNull();
    expect(wetstockProblem('runOutHorizonHours', 0)).toBe('range');
    expect(wetstockProblem('runOutHorizonHours', null)).toBe('required');
  });

  it('agree with the contract on every edge (the form mirrors the server)', () => {
    const base = { name: 'C', code: 'C1', distributorId: 1, tempUnit: 1, volumeUnit: 1, contactName: 'A', contactPhone: '1', ...WETSTOCK_DEFAULTS };
    for (const field of WETSTOCK_FIELDS) {
      const { min, max } = WETSTOCK_RANGES[field];
      for (const value of [min - 1, min, min + 0.5, max, max + 1]) {
        const server = companyInput.safeParse({ ...base, [field]: value }).success;
        expect(wetstockProblem(field, value) === null, `${field} ${value}`).toBe(server);
      }
    }
  });
});
