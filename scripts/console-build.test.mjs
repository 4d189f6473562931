// node --test scripts/console-build.test.mjs: when `npm start` rebuilds the console.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, beforeEach, test } from 'node:test';
import { buildInputs, consoleIsStale } from './console-build.mjs';

const root = mkdtempSync(join(tmpdir(), 'medref-console-build-'));
after(() => rmSync(root, { recursive: true, force: true }));

const past = new Date(Date.now() - 60_000);
const env = { PATH: '/usr/bin', VITE_API_BASE_URL: '/api/v1' };

/** A project whose sources are a minute old, and a build of it recorded now with `env`. */
function builtProject() {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  for (const file of [
    'src/main.tsx',
    'index.html',
    'vite.config.ts',
    'package.json',
    'tsconfig.json',
  ]) {
    writeFileSync(join(root, file), `// ${file}\n`);
    utimesSync(join(root, file), past, past);
  }
  utimesSync(join(root, 'src'), past, past);
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html>');
  const builtAt = new Date(Date.now() - 30_000);
  utimesSync(join(root, 'dist', 'index.html'), builtAt, builtAt);
  writeFileSync(join(root, 'dist', '.build-inputs.json'), JSON.stringify(buildInputs(root, env)));
}

beforeEach(builtProject);

test('a build of the current inputs is fresh', () => {
  assert.equal(consoleIsStale(root, env), false);
});

test('a missing build or stamp is stale', () => {
  rmSync(join(root, 'dist', '.build-inputs.json'));
  assert.equal(consoleIsStale(root, env), true);
  rmSync(join(root, 'dist', 'index.html'));
  assert.equal(consoleIsStale(root, env), true);
});

test('a source newer than the build is stale (the mtime check)', () => {
  writeFileSync(join(root, 'src', 'main.tsx'), '// changed\n');
  assert.equal(consoleIsStale(root, env), true);
});

test('another VITE_API_BASE_URL, or a new VITE_ variable, is stale', () => {
  assert.equal(
    consoleIsStale(root, { ...env, VITE_API_BASE_URL: 'https://api.example.com/v1' }),
    true,
  );
  assert.equal(consoleIsStale(root, { ...env, VITE_OTHER: 'x' }), true);
  assert.equal(consoleIsStale(root, { PATH: '/usr/bin' }), true);
  // Other variables do not matter.
  assert.equal(consoleIsStale(root, { ...env, PATH: '/bin' }), false);
});

test('a .env file added, changed or removed is stale, even with an old date', () => {
  writeFileSync(join(root, '.env.production'), 'VITE_API_BASE_URL=/elsewhere\n');
  utimesSync(join(root, '.env.production'), past, past);
  assert.equal(consoleIsStale(root, env), true);
  writeFileSync(join(root, 'dist', '.build-inputs.json'), JSON.stringify(buildInputs(root, env)));
  assert.equal(consoleIsStale(root, env), false);
  writeFileSync(join(root, '.env.production'), 'VITE_API_BASE_URL=/again\n');
  utimesSync(join(root, '.env.production'), past, past);
  assert.equal(consoleIsStale(root, env), true);
  rmSync(join(root, '.env.production'));
  assert.equal(consoleIsStale(root, env), true);
});

test('a changed tsconfig.json is stale, even with an old date', () => {
  writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": { "jsx": "react" } }\n');
  utimesSync(join(root, 'tsconfig.json'), past, past);
  assert.equal(consoleIsStale(root, env), true);
});
