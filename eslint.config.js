import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Console layers (shared -> features -> app), as in bulletproof-react. A feature imports no other
// feature's files, only what that feature offers others in its `index.ts`; the shared folders
// (api, components, lib, session) import neither a feature nor the app. Their tests may render the app.
const consoleFeatures = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'data', 'coverage', 'src/api/generated.ts', 'api/generated'],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // ---------- server: layers and cycles ----------
  // Routes hold handlers; they call domain/ (pure rules), repositories/ (SQL) and lib/
  // (infrastructure). Nothing below a route imports a route (app.ts registers them), and the
  // rules import no database code.
  {
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, no-cycle reads no .ts file and so finds no cycle.
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [
                './server/domain',
                './server/repositories',
                './server/lib',
                './server/db',
                './server/audit',
                './server/auth',
                './server/plugins',
                './server/test-prescriptions',
              ],
              from: './server/routes',
              message: 'Only routes import routes: move what is shared to domain/ or lib/.',
            },
            {
              target: './server/domain',
              from: ['./server/repositories', './server/db'],
              message:
                'domain/ holds pure rules: take the data as an argument, and declare its type here.',
            },
          ],
        },
      ],
    },
  },
  // ---------- end of server ----------
  // ---- Console boundaries (src/) ----
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...consoleFeatures.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [
                `./${feature}`,
                ...consoleFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./${other}/index.ts`),
              ],
              message:
                'Import another feature only through its index.ts, or move the shared part to components/ or lib/.',
            })),
            {
              target: './src/{api,components,lib,session}/**/!(*.test).{ts,tsx}',
              from: ['./src/app', './src/features'],
              message:
                'Shared code imports neither the app nor a feature: pass it in, or move it down.',
            },
          ],
        },
      ],
    },
  },
  // ---- end of console boundaries ----
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
