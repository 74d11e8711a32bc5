// ESLint flat config: typescript-eslint strict (type-aware), React hooks, jsx-a11y,
// TanStack Query, import cycles and the one-way import zones (README, "Architecture").
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['search', 'hotel', 'booking'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.server.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['./tsconfig.json', './tsconfig.server.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // The browser never imports the server; the server imports only the contract from src.
            // (It renders pages with the app's server entry, src/entry-server.tsx, built to
            // dist/ssr and loaded at run time: the two meet only through the contract's
            // RenderPage.)
            {
              target: './src',
              from: './server',
              message: 'Browser code must not import the server.',
            },
            {
              target: './server',
              from: './src',
              except: ['./contract'],
              message: 'The server imports only src/contract.',
            },
            // The contract stands alone.
            {
              target: './src/contract',
              from: './src',
              except: ['./contract'],
              message: 'The contract imports nothing of the app.',
            },
            // The sandbox is an upstream of its own: it does not import the app server, only
            // the Node-side pieces both share (server/shared).
            {
              target: './server/sandbox',
              from: './server',
              except: ['./sandbox', './shared'],
              message: 'The sandbox does not import the server (server/shared excepted).',
            },
            // What the server and the sandbox share stands alone: Node and the contract only.
            {
              target: './server/shared',
              from: './server',
              except: ['./shared'],
              message: 'server/shared imports neither the server nor the sandbox.',
            },
            // app → features → stay → components/lib, one way.
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import the app layer.',
            },
            // The stay (dates, rooms and guests, nationality: its URL, rules and fields) sits
            // between the features that use it and lib.
            {
              target: './src/stay',
              from: ['./src/app', './src/features'],
              message: 'The stay does not import features or the app.',
            },
            {
              target: './src/components',
              from: ['./src/app', './src/features', './src/stay'],
              message: 'Shared UI does not import the stay, features or the app.',
            },
            {
              target: './src/lib',
              from: ['./src/app', './src/features', './src/components', './src/stay'],
              message: 'lib does not import UI or the stay.',
            },
            // Test helpers render and stub what features use; they never depend on a feature or
            // the app, and only tests import them.
            {
              target: './src/testing',
              from: ['./src/app', './src/features'],
              message: 'src/testing does not import features or the app.',
            },
            // Features do not import each other.
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other; share through lib or components.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Only tests import the test helpers: nothing of them reaches the bundle.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/testing/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/testing/*'], message: 'Only tests import src/testing.' }] },
      ],
    },
  },
  {
    // The same for the server and the sandbox: their test helpers (test-support) and the
    // contract's test data (src/contract/testing) never reach a running server.
    files: ['server/**/*.{ts,mts}'],
    ignores: ['server/**/test-support/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test-support/*', '**/testing/*'],
              message: 'Only tests import test-support and src/contract/testing.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
