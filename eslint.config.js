// Lint rules, including the layering of docs/architecture.md, each proved by a fixture that breaks
// it (tests/lint/layering.test.ts):
// - runtimes: contract/ imports nothing of ours; src/ and sw/ never import server/, nor server/ src/;
// - client: routes → features → (ui, sync, db, api, session, lib) → contract; no feature imports
//   another feature; nothing below the features imports features, app/ or routes/;
// - server: lib → kernel → modules → composition root (app.ts, sync-domains.ts), seed and testing
//   above; a module reaches another only through its index.ts;
// - simulators/ (the providers' stand-ins) import nothing of ours, and only the composition root
//   and tests import them;
// - screens (feature components, routes) read the device database only through live hooks (their feature's api/, src/db/live-lookups.ts);
// - no import cycles; path aliases instead of climbing two folders or more.
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const runtime = (patterns) => ({
  group: patterns,
  message: 'Only contract/ is shared between runtimes (docs/architecture.md).',
});
const climb = { group: ['../../*'], message: 'Use a path alias (@contract/, @/, @server/, @tests/) instead of climbing two folders.' };
const restrict = (patterns, paths = []) => ({ 'no-restricted-imports': ['error', { patterns: [climb, ...patterns], paths }] });
const clientRuntime = runtime(['@server/*', '@tests/*', '**/server/**', '**/sw/**']);
/** Screens read the device database through live hooks (their feature's api/, or src/db/live-lookups.ts for the pickers every feature has), never directly. */
const deviceReads = [
  { name: 'dexie-react-hooks', message: "Read the device through the feature's api/ (a hook there), not from a component." },
  { name: 'dexie', message: "Read the device through the feature's api/, not from a component." },
  ...[
    ['@/db/variant-search', 'searchLocalVariants'],
    ['@/db/customer-search', 'searchLocalCustomers'],
  ].map(([name, search]) => ({
    name,
    importNames: [search],
    message: 'Search the device live through src/db/live-lookups.ts (useVariantSearch, useCustomerSearch).',
  })),
];

const below = (...layers) => layers.map((layer) => `src/${layer}`);
const clientZones = [
  // A feature shares with another only through ui/, lib/, db/, sync/ or contract/.
  ...folders('src/features').map((feature) => ({
    target: `src/features/${feature}`,
    from: `src/features/!(${feature})/**`,
    message: 'A feature does not import another feature: share through src/ui, src/lib, src/db, src/sync or contract/.',
  })),
  {
    target: [...below('features', 'ui', 'sync', 'db', 'api', 'session', 'lib')],
    from: ['src/app', 'src/routes'],
    message: 'app/ and routes/ compose the layers below them, never the other way round.',
  },
  {
    target: [...below('ui', 'sync', 'db', 'api', 'session', 'lib')],
    from: 'src/features',
    message: 'The shared layers do not know the features.',
  },
  { target: below('lib'), from: ['src/ui', 'src/sync', 'src/db', 'src/api', 'src/session'], message: 'lib/ holds plain helpers.' },
  { target: below('db', 'api', 'session'), from: ['src/ui', 'src/sync'], message: 'db/, api/ and session/ sit below ui/ and sync/.' },
  { target: below('db', 'session'), from: 'src/api', message: 'db/ and session/ sit below api/.' },
  { target: below('api', 'session'), from: 'src/db', message: 'api/ and session/ do not read the device database.' },
  { target: 'src/!(testing)/**', from: 'src/testing', message: 'src/testing is for tests only.' },
];

const serverZones = [
  ...folders('server/modules').map((module) => ({
    target: `server/modules/${module}`,
    from: `server/modules/!(${module})/**`,
    except: ['**/server/modules/*/index.ts'],
    message: 'Reach another module through its index.ts (@server/modules/<name>).',
  })),
  {
    target: ['server/lib', 'server/kernel', 'server/modules'],
    from: ['server/app.ts', 'server/sync-domains.ts', 'server/server.ts', 'server/main.ts', 'server/seed', 'server/testing'],
    message: 'The composition root, seed data and test kits sit above the modules.',
  },
  { target: ['server/lib', 'server/kernel'], from: 'server/modules', message: 'The kernel knows no module (modules register with it).' },
  { target: 'server/lib', from: 'server/kernel', message: 'server/lib holds helpers that know neither the database nor HTTP.' },
  {
    target: ['server/lib', 'server/kernel', 'server/modules'],
    from: 'simulators',
    message: 'The simulators stand for the outside world: only the composition root (server.ts) and tests start them.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/route-tree.gen.ts', 'coverage/**', 'data/**', '.tmp/**', 'tests/bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the files an import leads to (for cycles) with the TypeScript parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      ...restrict([]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict([clientRuntime]) },
  },
  {
    files: ['src/features/*/components/**/*.{ts,tsx}', 'src/routes/**/*.tsx'],
    ignores: TESTS,
    rules: restrict([clientRuntime], deviceReads),
  },
  { files: ['sw/**/*.ts'], rules: restrict([runtime(['@server/*', '@/*', '@tests/*', '**/server/**', '**/src/**'])]) },
  { files: ['server/**/*.ts'], rules: restrict([runtime(['@/*', '@tests/*', '**/src/**', '**/sw/**'])]) },
  {
    files: ['simulators/**/*.ts'],
    rules: restrict([runtime(['@/*', '@server/*', '@tests/*', '@contract/*', '**/src/**', '**/sw/**', '**/server/**', '**/contract/**'])]),
  },
  { files: ['contract/**/*.ts'], rules: restrict([runtime(['@/*', '@server/*', '@tests/*', '**/src/**', '**/sw/**', '**/server/**'])]) },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...clientZones, ...serverZones] }] },
  },
  // Small modules and functions with one job: a production file past 400 lines, or a function past
  // 150 (blank lines and comments not counted), is split where its parts divide.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'sw/**/*.ts', 'simulators/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    ignores: TESTS,
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
