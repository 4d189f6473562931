// Builds the console into dist/ when it is missing or stale: older than its sources, or built
// from other inputs than now (a .env file, tsconfig.json, or a VITE_* variable such as
// VITE_API_BASE_URL, which Vite bakes into the bundle). The inputs of the last build are
// recorded in dist/.build-inputs.json.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
  'api/openapi.yaml',
  'api/generated',
];
/** Files whose content is recorded in the stamp (besides every .env file). */
const RECORDED = ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];
const STAMP = '.build-inputs.json';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

/** Vite reads .env, .env.local, .env.[mode] and .env.[mode].local from the project root. */
function envFiles(root) {
  return readdirSync(root)
    .filter((name) => name.startsWith('.env') && statSync(join(root, name)).isFile())
    .sort();
}

/**
 * What a build depends on besides the sources' dates: every VITE_* variable of the environment
 * (Vite puts them into the bundle; VITE_API_BASE_URL is one) and the content of the .env files
 * and the build's configuration files.
 */
export function buildInputs(root = '.', env = process.env) {
  const files = {};
  for (const name of [...RECORDED, ...envFiles(root)]) {
    const path = join(root, name);
    files[name] = existsSync(path)
      ? createHash('sha256').update(readFileSync(path)).digest('hex')
      : null;
  }
  const variables = Object.fromEntries(
    Object.keys(env)
      .filter((name) => name.startsWith('VITE_'))
      .sort()
      .map((name) => [name, env[name]]),
  );
  return { env: variables, files };
}

function recordedInputs(root) {
  try {
    return JSON.parse(readFileSync(join(root, 'dist', STAMP), 'utf8'));
  } catch {
    return undefined;
  }
}

export function consoleIsStale(root = '.', env = process.env) {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  if (JSON.stringify(recordedInputs(root)) !== JSON.stringify(buildInputs(root, env))) return true;
  const builtAt = statSync(built).mtimeMs;
  return [...SOURCES, ...envFiles(root)].some((source) => newest(join(root, source)) > builtAt);
}

export function ensureConsoleBuilt() {
  if (!consoleIsStale()) return;
  console.log('[medref] building the console (dist/ is missing or stale)…');
  const inputs = buildInputs();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  writeFileSync(join('dist', STAMP), `${JSON.stringify(inputs, null, 2)}\n`);
}
