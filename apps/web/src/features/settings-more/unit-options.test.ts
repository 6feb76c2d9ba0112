import { describe, expect, it } from 'vitest';
import type { OrgNode } from '@ullage/contracts/auth';
import { accountTypeKey, unitKindOf, unitOptions } from './unit-options';

const station = (id: number, name: string, code: string): OrgNode => ({ id, type: 'station', name, code, children: [] });
const tree: OrgNode[] = [
  {
    id: 1,
    type: 'distributor',
    name: 'Alfa',
    code: null,
    children: [
      { id: 10, type: 'company', name: 'Norte', code: 'NOR', children: [station(100, 'Centro', 'S1'), station(101, 'Aeropuerto', 'S2')] },
      { id: 11, type: 'company', name: 'Sur', code: 'SUR', children: [station(102, 'Centro', 'S3')] },
    ],
  },
  { id: 2, type: 'distributor', name: 'Beta', code: null, children: [] },
];

describe('account units', () => {
  it('picks the unit kind from the account type', () => {
    expect([1, 2, 3, 4, 0, null].map((type) => unitKindOf(type))).toEqual(['distributor', 'company', 'station', 'station', null, null]);
  });

  it('offers distributors, companies or stations of the tree, with their path', () => {
    expect(unitOptions(tree, 'distributor')).toEqual([
      { value: 1, label: 'Alfa', path: '' },
      { value: 2, label: 'Beta', path: '' },
    ]);
    expect(unitOptions(tree, 'company').map((o) => [o.value, o.label, o.path])).toEqual([
      [10, 'Norte (NOR)', 'Alfa'],
      [11, 'Sur (SUR)', 'Alfa'],
    ]);
    expect(unitOptions(tree, 'station').map((o) => [o.value, o.label, o.path])).toEqual([
      [101, 'Aeropuerto (S2)', 'Alfa / Norte'],
      [100, 'Centro (S1)', 'Alfa / Norte'],
      [102, 'Centro (S3)', 'Alfa / Sur'],
    ]);
    expect(unitOptions(tree, null)).toEqual([]);
  });

  it('names the account types', () => {
    expect(accountTypeKey(4)).toBe('settingsMore.accountType.4');
    expect(accountTypeKey(9)).toBeNull();
  });
});
