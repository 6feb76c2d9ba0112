import { describe, expect, it } from 'vitest';
import type { OrgNode } from '@ullage/contracts/auth';
import { NO_ORG_SCOPE, orgFilterOf, orgTreeOptions, orgValueOfFilter, stationsUnder } from './org-scope';

const station = (id: number, code: string): OrgNode => ({ id, type: 'station', name: `Station ${code}`, code, children: [] });
const tree: OrgNode[] = [
  {
    id: 1,
    type: 'distributor',
    name: 'Demo',
    code: null,
    children: [
      { id: 1, type: 'company', name: 'North', code: 'NWP', children: [station(1, 'NWP-1'), station(2, 'NWP-2')] },
      { id: 2, type: 'company', name: 'South', code: 'LSF', children: [station(3, 'LSF-1')] },
    ],
  },
];

describe('organisation-tree filter', () => {
  it.each([
    ['d:1', { ...NO_ORG_SCOPE, distributorId: 1 }],
    ['c:2', { ...NO_ORG_SCOPE, companyId: 2 }],
    ['s:3', { ...NO_ORG_SCOPE, stationId: 3 }],
    [undefined, NO_ORG_SCOPE],
    ['x:1', NO_ORG_SCOPE],
    ['c:', NO_ORG_SCOPE],
  ])('%s picks %o', (value, filter) => {
    expect(orgFilterOf(value)).toEqual(filter);
    if (filter !== NO_ORG_SCOPE) expect(orgValueOfFilter(filter)).toBe(value);
  });

  it('tells ids of different kinds apart (company 1 is not station 1)', () => {
    const options = orgTreeOptions(tree);
    expect(options[0]!.value).toBe('d:1');
    expect(options[0]!.children.map((c) => c.value)).toEqual(['c:1', 'c:2']);
    expect(options[0]!.children[0]!.children[0]).toMatchObject({ value: 's:1', title: 'Station NWP-1 (NWP-1)' });
  });

  it('lists the stations under a pick', () => {
    expect(stationsUnder(tree, 'c:1').map((s) => s.code)).toEqual(['NWP-1', 'NWP-2']);
    expect(stationsUnder(tree, 'd:1')).toHaveLength(3);
    expect(stationsUnder(tree, undefined)).toHaveLength(3);
    expect(stationsUnder(tree, 's:3').map((s) => s.code)).toEqual(['LSF-1']);
  });
});
