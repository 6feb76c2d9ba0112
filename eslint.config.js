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

/**
 * Features' public entries: modules any feature may import. The app's header opens the same
 * dialogs; /alarmHistory (features/mobile) shows the alarm feature's phone list, with its
 * filters and processing, as alarm_report_phone and leak_report_phone do.
 */
const PUBLIC_ENTRIES = ['mail-address/lazy-mail-address-dialog', 'notice/lazy-alarm-notice-dialog', 'manual/manual-address', 'alarms/phone/alarm-phone-list'];

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

/** From a file `depth` folders below features/<feature>/: into features/, to anything but its own feature or a public entry. */
function crossFeatureImports(feature, depth) {
  const open = PUBLIC_ENTRIES.map(escapeRegex).join('|');
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
];

/*
 * The server's modules (issue 37 item 1): a module calls another module's service (its
 * service.ts, or a public file named for what it holds), never its repositories (repo.ts,
 * <what>-repo.ts): which tables a module keeps, and how it reads and writes them, stay its own.
 * Tests may reach into them to set up. As for the web, from a file d folders below
 * modules/<module>/, d + 1 '../' lead back to modules/ (no module has folders today).
 */
const SERVER_MODULES = 'apps/server/src/modules';

const serverModules = DEPTHS.map((depth) => ({
  files: [`${SERVER_MODULES}/*/${below(depth)}*.ts`],
  ignores: ['**/*.test.ts'],
  rules: refuse(
    `^${up(depth + 1)}[^/]+/(?:[a-z-]+-)?repo$`,
    "Modules call each other's services, never their repositories (issue 37 item 1): export what you need from that module's service.ts.",
  ),
}));

/** The server's core (plugins, sessions, live streams, database, jobs, shared helpers) serves every module and imports none. */
const serverCore = {
  files: ['plugins', 'sessions', 'live', 'db', 'jobs', 'lib', 'observability', 'i18n'].map((dir) => `apps/server/src/${dir}/**/*.ts`),
  ignores: ['**/*.test.ts'],
  rules: refuse('^(?:\\.\\./)+modules/', 'The server\'s core imports no module (issue 37 item 1): what a module and the core share belongs in the core.'),
};

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
  ...serverModules,
  serverCore,
  {
    // Tests, scripts and the test harness set up environments; config.ts is the one reader.
    files: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**', 'e2e/**', 'bench/**', 'scripts/**', 'vitest.config.ts', '.ci/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
