// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'stream',
  'worker_threads',
];

/**
 * The walls between folders (architecture.md). A relative import crossing one climbs
 * ("../", any number) straight into the folder it may not reach; `shared/bridge` and
 * the like are two folders deep and never match. Each folder's rule lists every wall
 * it sits behind, since a later no-restricted-imports replaces an earlier one.
 */
const into = (folders) => `^(\\.\\./)+(${folders})(/|$)`;
const walls = {
  mainToServer: {
    regex: into('server|renderer'),
    message: 'main/ and server/ never import each other (nor the renderer): they meet only in shared/.',
  },
  serverToMain: {
    regex: into('main|renderer|preload'),
    message: 'server/ never imports main/ or the renderer: they meet only in shared/.',
  },
  domainToApi: {
    regex: into('(server/)?api'),
    message:
      'server/domain is the write path the API, jobs, ingestion and the identity provider share: it imports nothing from server/api.',
  },
  servicesToWiring: {
    regex: into('(main/)?(bridge|electron|host)'),
    message: 'main/services is what main/bridge, main/electron and main/host are built on: it never imports them.',
  },
  hostToElectron: {
    regex: into('(main/)?electron'),
    message: 'The browser host and Electron are two transports of the same services: neither imports the other.',
  },
  electronToHost: {
    regex: into('(main/)?host'),
    message: 'The browser host and Electron are two transports of the same services: neither imports the other.',
  },
  featuresToApp: {
    regex: into('(renderer/)?app'),
    message: "Features never import renderer/app (route table, layout, guards): take app's shared pieces from ui/ or lib/.",
  },
};
/**
 * The renderer's layers (issue 28): the record framework (features/records) and the search
 * screens (features/search) sit under the other features and import none of them; any other
 * feature imports lib/, ui/, those two and itself. What features add to one another (record
 * tabs, record page parts, search bulk actions, area routes) is registered from renderer/app.
 */
const FEATURES = readdirSync(new URL('./renderer/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const LAYERS = ['records', 'search'];
const featureWall = (feature) => {
  const barred = FEATURES.filter((f) => f !== feature && (LAYERS.includes(feature) || !LAYERS.includes(f)));
  return {
    regex: into(`(features/)?(${barred.join('|')})`),
    message: LAYERS.includes(feature)
      ? `features/${feature} is a layer under the features: it imports no other feature (register what they add from renderer/app).`
      : `A feature imports lib/, ui/, features/records, features/search and itself only: share through those, or register from renderer/app.`,
  };
};
const rendererPatterns = [
  { group: nodeBuiltins, message: 'The renderer must not import Node built-ins.' },
  { group: ['electron', '**/main/**', '**/server/**', '**/preload/**'], message: 'The renderer talks to main only through the bridge.' },
  { group: ['antd/lib/*', 'antd/es/*'], message: 'Import antd components from "antd" (tree-shaken per component).' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      '.tsbuild/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench/.results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Typed rules (the type checker's view of each file, through the project service): a promise neither awaited nor
    // handled, a promise where a void callback or a condition is expected, a switch over a union that misses a member.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // react-router's navigate answers a promise only under a data router's transitions, which the console does not use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // shared/ is the contract between runtimes: it imports nothing runtime-specific.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'shared/ must not import Node built-ins.' },
            {
              group: ['electron', 'react', 'react-dom', 'antd', '**/main/**', '**/renderer/**', '**/server/**', '**/preload/**'],
              message: 'shared/ imports nothing runtime-specific.',
            },
          ],
        },
      ],
    },
  },
  {
    // The renderer never reaches Node, Electron or main's code: it asks through the bridge.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: rendererPatterns }],
    },
  },
  {
    files: ['renderer/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...rendererPatterns, walls.featuresToApp] }] },
  },
  ...FEATURES.map((feature) => ({
    files: [`renderer/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...rendererPatterns, walls.featuresToApp, featureWall(feature)] }] },
  })),
  {
    // Query keys come from the endpoint declarations (renderer/lib/api.ts endpointQuery) or a
    // feature's key factory (its api.ts or queries.ts), never written where they are used:
    // one answer, one key, so a save refreshes every screen that shows it (issue 28).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/lib/**', 'renderer/features/*/api.ts', 'renderer/features/*/queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            "A query key comes from endpointQuery (renderer/lib/api.ts) or the feature's key factory (api.ts, queries.ts), not written here.",
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [walls.mainToServer] }] },
  },
  {
    files: ['main/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'main/services is pure Node: Electron wiring lives in main/electron.' },
            walls.servicesToWiring,
            walls.mainToServer,
          ],
        },
      ],
    },
  },
  {
    files: ['main/electron/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [walls.mainToServer, walls.electronToHost] }] },
  },
  {
    files: ['main/host/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [walls.mainToServer, walls.hostToElectron] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [walls.serverToMain] }],
      // A handler's caller is typed by its route (server/api/route.ts): never null where a token is needed.
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSNonNullExpression > Identifier[name='user']",
          message: "A route's user is never null where a token is needed (server/api/route.ts): no `user!`.",
        },
      ],
    },
  },
  {
    files: ['server/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [walls.serverToMain, walls.domainToApi] }] },
  },
);
