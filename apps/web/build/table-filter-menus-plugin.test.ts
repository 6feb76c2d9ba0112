import { describe, expect, it } from 'vitest';
import ColumnFilterMenuLeftOut, { flattenKeys } from './table-filter-dropdown-stub';
import { tableFilterMenus } from './table-filter-menus-plugin';

type Resolve = (source: string, importer: string | undefined) => string | null;
const resolveOf = () => tableFilterMenus().resolveId as unknown as Resolve;

describe('table filter menus left out of the build', () => {
  it('replaces only the filter hook’s import of the filter menu', () => {
    const resolve = resolveOf();
    const hook = '/repo/node_modules/antd/es/table/hooks/useFilter/index.js';
    expect(resolve('./FilterDropdown', hook)).toMatch(/table-filter-dropdown-stub\.ts$/);
    expect(resolve('./FilterSearch', hook)).toBeNull();
    expect(resolve('./FilterDropdown', '/repo/node_modules/antd/es/table/Table.js')).toBeNull();
    expect(resolve('./FilterDropdown', undefined)).toBeNull();
  });

  it('fails the build when antd no longer imports the menu where it expects', () => {
    const plugin = tableFilterMenus();
    const errors: string[] = [];
    const context = { error: (message: string) => errors.push(message) };
    (plugin.buildEnd as unknown as (this: typeof context, error?: Error) => void).call(context);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('useFilter/index.js');
  });

  it('a column asking for a filter menu is told so; the hook’s key list still works', () => {
    expect(() => ColumnFilterMenuLeftOut()).toThrow(/filter bar/);
    expect(flattenKeys([{ value: 'a', children: [{ value: 'b' }, { value: 'c', children: [{ value: 'd' }] }] }, { value: 'e' }])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(flattenKeys(undefined)).toEqual([]);
  });
});
