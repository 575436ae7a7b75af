import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint/plugin.js';

/**
 * A page's first render imports the contracts' values (`contracts/<name>.values.ts`, without zod),
 * never a contract with schemas: evaluating zod and every schema costs a phone about 100 ms of
 * main thread. Types may be imported from anywhere.
 */
const SCHEMAS_AT_FIRST_RENDER = {
  group: [
    '**/contracts/advisories',
    '**/contracts/beta',
    '**/contracts/bookings',
    '**/contracts/chat',
    '**/contracts/dates',
    '**/contracts/destinations',
    '**/contracts/emergency',
    '**/contracts/errors',
    '**/contracts/health',
    '**/contracts/help-lines',
    '**/contracts/media',
    '**/contracts/money',
    '**/contracts/payments',
    '**/contracts/planner',
    '**/contracts/search',
    '**/contracts/sender',
  ],
  allowTypeImports: true,
  message:
    'Import values from contracts/<name>.values; schemas (zod) only in lazily loaded code (see eslint.config.js).',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: [
      'server/**/*.ts',
      'tests/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.{js,cjs,mjs,ts}',
      'eslint/**/*.js',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['client/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Imports flow one way: contracts stand alone; client and server never import each other.
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/client/**', '**/server/**', 'node:*', 'react', 'react-dom'] },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', 'node:*'] }, SCHEMAS_AT_FIRST_RENDER] },
      ],
    },
  },
  // Code loaded lazily, after the page's first render, may use the contracts' schemas.
  {
    files: [
      'client/lib/zod.ts',
      'client/features/beta/wizard-fields.ts',
      'client/features/chat/**',
      'client/features/planner/{TripDialog,ShareTripForm}.tsx',
      'client/features/planner/validate-item-form.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  // Units a newcomer reads at once (eslint/function-size.js): a server function's own lines, a
  // client component's. Data (the catalogue, migrations) and tests are exempt.
  {
    files: ['server/**/*.ts', 'client/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/catalogue/**', 'server/db/migrations/**'],
    plugins: { local },
    rules: { 'local/function-size': ['error', { max: 85 }] },
  },
  {
    files: ['client/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { local },
    rules: { 'local/function-size': ['error', { max: 250 }] },
  },
  // Shared code is shared: components/ and lib/ never import a feature, a page or the app shell,
  // which compose them (the shell, client/shell/, composes the header's cart and the chat).
  {
    files: ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/pages/**', '**/shell/**'],
              message: 'Shared code imports no feature, page or shell: move what both need here.',
            },
          ],
        },
      ],
    },
  },
  // A feature imports nothing from another (eslint/feature-boundaries.js): what two share lives in
  // client/lib or client/components. The imports across features that are meant, and why:
  {
    files: ['client/features/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      'local/feature-boundaries': [
        'error',
        {
          allow: {
            // Signing out forgets the trip changes still waiting on the device: they are the
            // last traveller's.
            account: ['planner/change-queue'],
            // An applied proposal made trip items (or a trip): the planner's keys are refreshed.
            chat: ['planner/keys'],
            // The emergency page shows the countries of the visitor's trips first: it reads the
            // trips through the planner's queryOptions (one key, one shape).
            emergency: ['planner/api'],
            // The payment pages are about a booking: its reads, its labels and its receipt link.
            payments: ['bookings'],
            planner: [
              // The Overview reads these features' own queries through their queryOptions, so
              // each key keeps one shape (issue 26), and picks what it shows from them.
              'advisories/api',
              'destinations/api',
              'emergency/api',
              // Print prints the itinerary a trip link shows, the same document.
              'planner-share/SharedItinerary',
              // The trip open in the planner is the one the assistant is asked about.
              'chat/chat-context',
            ],
            // Search results are destination cards.
            search: ['destinations'],
          },
        },
      ],
    },
  },
  // Client unit tests run in Node and may start a local HTTP server to talk to.
  {
    files: ['client/**/*.test.{ts,tsx}'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
);
