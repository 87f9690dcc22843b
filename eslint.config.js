import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/lint/boundaries.js';

const FETCH_MESSAGE = 'Call the API through a function of apps/web/src/api (the one fetch wrapper).';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/coverage/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features never reach into each other's insides (ARCHITECTURE.md).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*/*', '../features/*/*'],
              message: 'Import a feature only through its page from src/app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-dom'] }],
    },
  },
  {
    // Import boundaries resolved from each file's path (scripts/lint/boundaries.js); import
    // cycles are dependency-cruiser's (.dependency-cruiser.cjs, `npm run lint`; docs/adr/0021).
    plugins: { antenne: boundaries },
    rules: { 'antenne/feature-boundaries': 'error', 'antenne/contract-boundaries': 'error' },
  },
  {
    // Nothing outside src/api calls fetch: one wrapper for the API (its errors, its headers).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: FETCH_MESSAGE }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: FETCH_MESSAGE,
        })),
      ],
    },
  },
  {
    // Type-aware: a promise is awaited, returned, or marked `void` on purpose.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/vitest.config.ts', '**/vite.config.ts'],
    languageOptions: {
      parserOptions: {
        // The packages' tests sit beside their sources but outside their build's tsconfig.
        // The packages' tests sit outside their build tsconfig (nothing of them goes to dist): the
        // default project type-checks them for the type-aware rules, a dozen files at most.
        projectService: {
          allowDefaultProject: [
            'packages/*/src/*.test.ts',
            'packages/*/src/*.test-helpers.ts',
            'packages/*/src/*/*.test.ts',
          ],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'apps/server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
