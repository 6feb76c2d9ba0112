/**
 * Stands in for antd's table column filter menu (table-filter-menus-plugin.ts says why). The
 * app's lists filter in their filter bars, never in a column header; a column that declares
 * `filters` or `filterDropdown` gets this, which says so instead of drawing a menu.
 */
export default function ColumnFilterMenuLeftOut(): never {
  throw new Error('Column filter menus are left out of the build (apps/web/build/table-filter-menus-plugin.ts): filter in the list’s filter bar.');
}

/** Every key of a filter tree, depth first (the filter hook asks it of a column's filters). */
export function flattenKeys(filters: readonly { value: unknown; children?: unknown[] }[] | undefined): unknown[] {
  const keys: unknown[] = [];
  for (const { value, children } of filters ?? []) {
    keys.push(value);
    if (children) keys.push(...flattenKeys(children as { value: unknown; children?: unknown[] }[]));
  }
  return keys;
}
