import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The web app's layers (issue 37 item 2): shared code (lib/, components/) → features → app, one
 * way. A feature imports shared code and never another feature, except that feature's public
 * entry; lib/ and components/ import no feature. The web app has no path aliases, so ESLint's own
 * rules, which read an import's specifier as written (no-restricted-imports; no-restricted-syntax
 * for import()), can tell where it leads: from a file d folders below features/<feature>/ (or
 * lib/, components/), d + 1 '../' lead back to features/ (or src/). The blocks below are written
 * per feature and per depth for that.
 */
const WEB = 'apps/web/src';
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Folders below a feature, lib/ or components/ that the rule covers (the deepest today is 1). */
const DEPTHS = [0, 1, 2, 3, 4, 5];

/** Features' public entries: modules any feature may import (the app's header opens the same dialogs). */
const PUBLIC_ENTRIES = ['mail-address/lazy-mail-address-dialog', 'notice/lazy-alarm-notice-dialog', 'manual/manual-address'];

/**
 * Cross-feature imports that remain, each named by the importing file (under features/) and the
 * modules it reads. features/mobile-reports is a second tree beside the desktop reports and reads
 * their filter state, columns, cells and calls; the phone's alarm and delivery lists are split
 * between features/mobile and features/mobile-reports. Issue 37 item 3 (each report declared once
 * and drawn on desktop and phone from that declaration, features/mobile-reports gone) removes
 * them. Do not add to this list: move what two features share to lib/ or components/.
 */
const KNOWN_CROSS_FEATURE_IMPORTS = {
  'mobile-reports/components/alarm-filter-fields.tsx': ['alarms/alarm-filters-state'],
  'mobile-reports/components/alarm-phone-list.tsx': ['alarms/alarm-filters-state', 'alarms/components/process-alarms-modal', 'mobile/api/alarms', 'mobile/components/alarm-card'],
  'mobile-reports/components/daily-inventory-card.tsx': ['report-inventory/components/daily-columns', 'report-inventory/components/daily-detail'],
  'mobile-reports/components/daily-phone-list.tsx': ['report-inventory/api/inventory-reports'],
  'mobile-reports/components/date-range-fields.tsx': ['mobile/range'],
  'mobile-reports/components/delivery-filter-fields.tsx': ['report-delivery/delivery-filters-state'],
  'mobile-reports/components/delivery-phone-list.tsx': ['mobile/api/deliveries', 'mobile/api/keys', 'mobile/components/delivery-card', 'mobile/components/delivery-total-card', 'mobile/drill', 'report-delivery/delivery-filters-state'],
  'mobile-reports/components/history-phone-form.tsx': ['report-history/history-form-state'],
  'mobile-reports/components/history-phone-view.tsx': ['report-history/api/history', 'report-history/components/trend-chart', 'report-history/history-form-state'],
  'mobile-reports/components/history-reading-card.tsx': ['report-history/components/history-columns'],
  'mobile-reports/components/jump-card.tsx': ['report-jumps/jump-explanation'],
  'mobile-reports/components/jump-filter-fields.tsx': ['report-jumps/jump-explanation', 'report-jumps/jump-filters-state'],
  'mobile-reports/components/jump-phone-list.tsx': ['report-jumps/api/data-jumps', 'report-jumps/jump-filters-state'],
  'mobile-reports/components/leak-filter-fields.tsx': ['report-leak-test/leak-filters-state'],
  'mobile-reports/components/leak-periods-chart.tsx': ['report-leak-test/api/leak-test-periods', 'report-leak-test/components/leak-chart', 'report-leak-test/leak-test.css'],
  'mobile-reports/components/leak-test-card.tsx': ['report-leak-test/leak-row-display'],
  'mobile-reports/components/leak-test-phone-list.tsx': ['report-leak-test/leak-filters-state'],
  'mobile-reports/components/monthly-phone-list.tsx': ['report-inventory/api/inventory-reports'],
  'mobile-reports/components/offline-card.tsx': ['report-offline/components/offline-columns', 'report-offline/offline-types'],
  'mobile-reports/components/offline-filter-fields.tsx': ['report-offline/offline-filters-state', 'report-offline/offline-types'],
  'mobile-reports/components/offline-phone-list.tsx': ['report-offline/api/offline-records', 'report-offline/components/process-offline-modal', 'report-offline/offline-filters-state'],
  'mobile-reports/components/power-filter-fields.tsx': ['report-power/power-filters-state'],
  'mobile-reports/components/power-phone-list.tsx': ['report-power/api/power-events', 'report-power/power-filters-state'],
  'mobile-reports/components/reconciliation-card.tsx': ['report-reconciliation/components/reconciliation-cells', 'report-reconciliation/reconciliation-filters-state', 'report-reconciliation/reconciliation-row-display'],
  'mobile-reports/components/reconciliation-filter-fields.tsx': ['report-reconciliation/components/reconciliation-filters-bar', 'report-reconciliation/reconciliation-filters-state'],
  'mobile-reports/components/reconciliation-phone-list.tsx': ['report-reconciliation/api/reconciliation', 'report-reconciliation/components/reconciliation-filters-bar', 'report-reconciliation/reconciliation-filters-state'],
  'mobile-reports/filter-count.test.ts': ['report-power/power-filters-state'],
  'mobile-reports/filter-query.test.ts': ['alarms/alarm-filters-state'],
  'mobile-reports/history-inputs.test.ts': ['report-history/history-form-state'],
  'mobile-reports/pages/delivery-phone-page.tsx': ['mobile/drill'],
  'mobile-reports/pages/reconciliation-phone-page.tsx': ['report-reconciliation/reconciliation.css'],
  'mobile/pages/alarm-history-page.tsx': ['mobile-reports/components/alarm-phone-list', 'mobile-reports/mobile-reports.css'],
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const up = (levels) => `(?:\\.\\./){${levels}}`;
const below = (depth) => '*/'.repeat(depth);

/** The root block's restricted syntax, set again with the layers' own: a block's options replace the root's. */
const PROCESS_ENV = { selector: 'MemberExpression[object.name="process"][property.name="env"]', message: 'Only apps/server/src/config.ts reads process.env.' };

/** Refuses an import whose specifier matches `regex`: import and export declarations, and import(). */
function refuse(regex, message) {
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    // A selector's regular expression stands between slashes.
    'no-restricted-syntax': ['error', PROCESS_ENV, { selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message }],
  };
}

/** From a file `depth` folders below features/<feature>/: into features/, to anything but its own feature, a public entry or `allowed`. */
function crossFeatureImports(feature, depth, allowed = []) {
  const open = [...PUBLIC_ENTRIES, ...allowed].map(escapeRegex).join('|');
  return refuse(
    `^${up(depth + 1)}(?:\\.\\./features/)?(?!${escapeRegex(feature)}/)(?!(?:${open})$)[^./]`,
    'Features do not import each other (issue 37 item 2): move what both use to lib/ or components/, or import a public entry (eslint.config.js).',
  );
}

/** From a file `depth` folders below lib/ or components/: into features/. */
function sharedImportsFeature(depth) {
  return refuse(`^${up(depth + 1)}features/`, 'lib/ and components/ import no feature (issue 37 item 2): what they need belongs in lib/ or components/ too.');
}

const layers = [
  ...FEATURES.flatMap((feature) =>
    DEPTHS.map((depth) => ({ files: [`${WEB}/features/${feature}/${below(depth)}*.{ts,tsx}`], rules: crossFeatureImports(feature, depth) })),
  ),
  ...['lib', 'components'].flatMap((layer) => DEPTHS.map((depth) => ({ files: [`${WEB}/${layer}/${below(depth)}*.{ts,tsx}`], rules: sharedImportsFeature(depth) }))),
  // After the blocks above, so that a named file's options replace its feature's.
  ...Object.entries(KNOWN_CROSS_FEATURE_IMPORTS).map(([file, allowed]) => {
    const [feature, ...rest] = file.split('/');
    return { files: [`${WEB}/features/${file}`], rules: crossFeatureImports(feature, rest.length - 1, allowed) };
  }),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', PROCESS_ENV],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Every table says it is loading rather than "No data" while its first rows come (issue 34 item 7).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'antd/es/table', importNames: ['default'], allowTypeImports: true, message: 'Use DataTable (apps/web/src/components/data-table/data-table.tsx).' },
            { name: 'antd', importNames: ['Table'], allowTypeImports: true, message: 'Use DataTable (apps/web/src/components/data-table/data-table.tsx).' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/data-table/data-table.tsx'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  ...layers,
  {
    // Tests, scripts and the test harness set up environments; config.ts is the one reader.
    files: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**', 'e2e/**', 'bench/**', 'scripts/**', 'vitest.config.ts', '.ci/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
