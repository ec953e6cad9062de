import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverBoundaries from './eslint/server-boundaries.js';

/**
 * The web app's layers import one way (bulletproof-react's restricted zones): app/ composes the
 * features; a feature uses another only through that feature's index.ts (`../../clients`, never
 * `../../clients/api/clients`) and never app/; the shared code (components/, lib/, i18n/) uses
 * neither. Import paths are relative, so the patterns depend on how deep the importing file sits.
 */
function webLayerRules() {
  const up = (levels) => '../'.repeat(levels);
  const depths = [0, 1, 2, 3];
  const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const features = depths.map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: rule([
      { group: [`${up(depth + 2)}app/**`], message: 'A feature must not import from app/: pages compose features.' },
      {
        group: [`${up(depth + 1)}*/**`, `!${up(depth + 2)}**`],
        message: "Another feature only through its index.ts: import '../<feature>', not its inner files.",
      },
    ]),
  }));
  const shared = depths.map((depth) => ({
    files: [`apps/web/src/{components,lib,i18n}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: rule([
      {
        group: [`${up(depth + 1)}features/**`, `${up(depth + 1)}app/**`],
        message: 'Shared code (components, lib, i18n) must not depend on features or app/.',
      },
    ]),
  }));
  return [...features, ...shared];
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'e2e/test-results/**', 'e2e/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webLayerRules(),
  {
    // Mantine's modals are events only a mounted ModalsProvider hears, and it mounts when the
    // browser is idle: every confirmation goes through lib/confirm.ts, which mounts it first.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/Overlays.tsx'],
    rules: {
      // no-restricted-syntax, not no-restricted-imports: that rule holds the layer rules above.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value="@mantine/modals"][importKind!="type"]',
          message: 'Open confirmations with openConfirm (lib/confirm.ts).',
        },
      ],
    },
  },
  {
    // No import cycles in the web app, the server and the shared package: a cycle makes the order
    // modules initialise in depend on which file is loaded first (a `const` read before it is set),
    // and ties together what the boundary rules mean to keep apart. The TypeScript resolver follows
    // the relative '.js' and '.ts' paths and '@mostrador/shared' to their sources.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without a parser for .ts/.tsx files the rule cannot read the imported files and sees no cycle.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Server modules meet through their public entries (eslint/server-boundaries.js).
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverBoundaries },
    rules: { 'server/module-boundaries': 'error' },
  },
  {
    // A function a reader can hold in their head. The initial migration is a schema listing; the
    // credit service and the cut's PDF predate the rule and are still to be split.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/migrations/2026-11-21-initial.ts',
      'apps/server/src/modules/credit/credit.service.ts',
      'apps/server/src/modules/reports/reports.pdf.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A module's SQL lives in its *.queries.ts files (Kysely builders or sql``), so a service
    // reads as rules and the queries can be found, reviewed and prepared in one place.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"], CallExpression[callee.object.name="sql"]',
          message: "SQL belongs in this module's *.queries.ts.",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: "Queries belong in this module's *.queries.ts.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'apps/server/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
