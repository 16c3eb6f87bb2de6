// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'stream', 'worker_threads'];

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', '.tsbuild/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'bench/.results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
      'no-restricted-imports': ['error', { patterns: [
        { group: nodeBuiltins, message: 'shared/ must not import Node built-ins.' },
        { group: ['electron', 'react', 'react-dom', 'antd', '**/main/**', '**/renderer/**', '**/server/**', '**/preload/**'], message: 'shared/ imports nothing runtime-specific.' },
      ] }],
    },
  },
  {
    // The renderer never reaches Node, Electron or main's code: it asks through the bridge.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [
        { group: nodeBuiltins, message: 'The renderer must not import Node built-ins.' },
        { group: ['electron', '**/main/**', '**/server/**', '**/preload/**'], message: 'The renderer talks to main only through the bridge.' },
        { group: ['antd/lib/*', 'antd/es/*'], message: 'Import antd components from "antd" (tree-shaken per component).' },
      ] }],
    },
  },
  {
    files: ['main/services/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['electron'], message: 'main/services is pure Node: Electron wiring lives in main/electron.' }] }],
    },
  },
);
