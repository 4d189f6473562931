import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
);
