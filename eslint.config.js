import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'MemberExpression[object.name="process"][property.name="env"]', message: 'Only apps/server/src/config.ts reads process.env.' }],
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
  {
    // Tests, scripts and the test harness set up environments; config.ts is the one reader.
    files: ['apps/server/src/config.ts', '**/*.test.ts', 'apps/server/src/test/**', 'e2e/**', 'bench/**', 'scripts/**', 'vitest.config.ts', '.ci/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
