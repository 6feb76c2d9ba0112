import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STUB = fileURLToPath(new URL('./table-filter-dropdown-stub.ts', import.meta.url));
const FILTER_HOOK = /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;

/**
 * Leaves antd's column filter menu out of every table (DESIGN.md §8 route budget). The table's
 * filter hook imports it whether or not a column filters, and with it a tree, a menu and a
 * search box: 17 KB gzip on every route that shows a list, which put the settings lists over
 * 400 KB. The app filters in its filter bars (components/list-page), so the menu is replaced by
 * a stub that fails loudly if a column ever asks for one. The build fails if the hook is no
 * longer where this expects it (an antd upgrade), rather than keeping the menu unnoticed.
 */
export function tableFilterMenus(): Plugin {
  let replaced = false;
  return {
    name: 'ullage-table-filter-menus',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './FilterDropdown' || !importer || !FILTER_HOOK.test(importer)) return null;
      replaced = true;
      return STUB;
    },
    buildEnd(error) {
      if (!error && !replaced) this.error('antd’s table filter hook (antd/es/table/hooks/useFilter/index.js) no longer imports ./FilterDropdown: see apps/web/build/table-filter-menus-plugin.ts');
    },
  };
}
