import { describe, expect, it } from 'vitest';
import type { OrgNode } from '@ullage/contracts/auth';
import { companyOptions, distributorOptions, optionMatches } from './org-options';

const company = (id: number, name: string, code: string): OrgNode => ({ id, type: 'company', name, code, children: [] });
const tree: OrgNode[] = [
  { id: 2, type: 'distributor', name: 'Zeta Fuel', code: null, children: [company(20, 'Norte', 'NOR')] },
  { id: 1, type: 'distributor', name: 'Alfa Energía', code: null, children: [company(11, 'Sur', 'SUR'), company(10, 'Este', 'EST')] },
];

describe('organisation options', () => {
  it('lists distributors by name', () => {
    expect(distributorOptions(tree)).toEqual([
      { value: 1, label: 'Alfa Energía' },
      { value: 2, label: 'Zeta Fuel' },
    ]);
  });

  it('lists companies with their code, optionally of one distributor', () => {
    expect(companyOptions(tree).map((o) => o.label)).toEqual(['Este (EST)', 'Norte (NOR)', 'Sur (SUR)']);
    expect(companyOptions(tree, 1).map((o) => [o.value, o.distributorId])).toEqual([
      [10, 1],
      [11, 1],
    ]);
  });

  it('matches labels ignoring case and accents', () => {
    expect(optionMatches('energia', 'Alfa Energía')).toBe(true);
    expect(optionMatches('ZETA', 'Zeta Fuel')).toBe(true);
    expect(optionMatches('x', 'Zeta Fuel')).toBe(false);
  });
});
