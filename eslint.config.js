import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import noImportCycle from './scripts/eslint/no-import-cycle.mjs';

// Test support (apps/server/testing, packages/db/testing, apps/web/src/testing) is for tests only:
// production code never imports it, so production never loads it.
const testSupport = {
  group: ['**/testing', '**/testing/**', '**/testing.ts', '@chapar/db/testing'],
  message: 'production code never imports test support',
};

// Public code never reaches into the admin area (its own build: docs/decisions/0009-admin-client.md).
const noAdmin = { group: ['**/admin/**', '**/admin', '@/admin/**'], message: 'public code never imports the admin area' };

// Admin features never import each other; shared admin pieces live in admin/components or admin/lib.
const adminFeatures = readdirSync(new URL('./apps/web/src/admin/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const adminFeatureRules = adminFeatures.map((feature) => {
  const others = adminFeatures.filter((other) => other !== feature);
  return {
    files: [`apps/web/src/admin/features/${feature}/**`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`, message: 'admin features do not import each other' }],
      }],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.scratch/**', 'packages/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Features never import each other; shared pieces live in components/ or lib/.
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../features/*', '@/features/*'], message: 'features do not import each other' }, noAdmin] }],
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/app/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAdmin] }] },
  },
  ...adminFeatureRules,
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [testSupport] }] },
  },
  {
    // packages/shared is shared with the browser: Node's modules only in its Node-only entry
    // (src/render, exported as @chapar/shared/node-render for the server and its render threads).
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/render/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^node:', message: 'packages/shared runs in the browser too: Node modules only in src/render (node-render)' }] }] },
  },
  {
    // No source file is part of an import cycle (type-only imports count too).
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/server/testing/**/*.ts', 'packages/*/src/**/*.ts', 'packages/db/testing/**/*.ts'],
    plugins: { chapar: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'chapar/no-import-cycle': 'error' },
  },
  {
    // A file a reader can hold at once: no source file over 300 lines (the demo articles are data).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/db/src/seed/demo-articles.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // Imports flow one way: the server's integrations never reach back into modules.
    files: ['apps/server/src/integrations/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'integrations never import modules' }] }],
    },
  },
);
