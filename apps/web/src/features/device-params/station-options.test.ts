import { describe, expect, it } from 'vitest';
import type { OrgNode } from '@ullage/contracts/auth';
import { stationIdsOf, stationOptions } from './station-options';

const node = (type: OrgNode['type'], id: number, name: string, children: OrgNode[] = [], code?: string) => ({ type, id, name, code: code ?? null, children }) as unknown as OrgNode;

describe('stationOptions (only stations can be chosen)', () => {
  it('keeps the tree, makes only stations selectable, drops branches without stations', () => {
    const tree = [node('distributor', 1, 'Meridian', [node('company', 2, 'Northwind', [node('station', 5, 'Pudong', [], 'NWP-SH01')]), node('company', 3, 'Empty')])];
    const options = stationOptions(tree);
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({ value: 'distributor:1', selectable: false });
    expect(options[0]!.children.map((c) => c.value)).toEqual(['company:2']);
    expect(options[0]!.children[0]!.children[0]).toMatchObject({ value: '5', title: 'Pudong (NWP-SH01)', selectable: true, search: 'pudong nwp-sh01' });
  });
  it('reads station ids from checked values', () => {
    expect(stationIdsOf(['5', 'company:2', '12'])).toEqual([5, 12]);
  });
});
