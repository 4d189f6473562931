// npm run test:time: how long the suites take, as a newcomer's machine or CI would run them. The
// committed tree (HEAD) is cloned once and installed with `npm ci`; then, RUNS times (default 3),
// every file git does not track is removed but node_modules (so dist/ is built again), Jest gets an
// empty cache, and `npm test` and `npm run test:quick` are timed. Prints each run and the medians,
// with each run's slowest files, and exits non-zero when a run had a failing test.
//   TEST_TIME_RUNS=1 npm run test:time     one run
//   TEST_TIME_SUITES=quick npm run test:time   the quick suite alone (full, quick or both)
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const RUNS = Number(process.env.TEST_TIME_RUNS ?? 3);
const SUITES = {
  full: ['test'],
  quick: ['run', 'test:quick'],
};
const chosen = (process.env.TEST_TIME_SUITES ?? 'full,quick').split(',');
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error('TEST_TIME_RUNS must be a whole number >= 1');
for (const name of chosen)
  if (!(name in SUITES)) throw new Error(`TEST_TIME_SUITES: no suite ${name} (full or quick)`);

function run(command, args, cwd, options = {}) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status;
}

const root = mkdtempSync(join(tmpdir(), 'medref-test-time-'));
// As root, the postgres user must be able to reach the checkout's PostgreSQL binaries.
chmodSync(root, 0o755);
const checkout = join(root, 'checkout');
const exit = (code) => {
  rmSync(root, { recursive: true, force: true });
  process.exit(code);
};
process.on('SIGINT', () => exit(130));

console.log(`[test:time] cloning HEAD into ${checkout} and installing (not timed)`);
if (run('git', ['clone', '--quiet', '--no-hardlinks', process.cwd(), checkout], '.') !== 0) exit(1);
if (run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], checkout) !== 0) exit(1);

const times = Object.fromEntries(chosen.map((name) => [name, []]));
let failed = false;
for (let i = 1; i <= RUNS; i++) {
  for (const name of chosen) {
    run('git', ['clean', '-xfdq', '-e', 'node_modules'], checkout);
    const results = join(root, `${name}-${i}.json`);
    const started = process.hrtime.bigint();
    const cache = `--cacheDirectory=${join(root, `jest-cache-${name}-${i}`)}`;
    const suite = spawnSync(
      'npm',
      [...SUITES[name], '--', cache, '--json', `--outputFile=${results}`],
      {
        cwd: checkout,
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      },
    );
    const status = suite.status;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    let counts = 'no results';
    let slowest = [];
    try {
      const r = JSON.parse(readFileSync(results, 'utf8'));
      counts = `${r.numPassedTests} passed, ${r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)} failed`;
      slowest = r.testResults
        .map((file) => [(file.endTime - file.startTime) / 1000, relative(checkout, file.name)])
        .sort((a, b) => b[0] - a[0])
        .slice(0, 8);
    } catch {
      // Jest wrote nothing: counted as a failure below
    }
    if (status !== 0) {
      failed = true;
      console.log(`${suite.stdout}\n${suite.stderr}`.split('\n').slice(-80).join('\n'));
    }
    times[name].push(seconds);
    console.log(`[test:time] run ${i} ${name}: ${minutes(seconds)} (${counts}, exit ${status})`);
    for (const [fileSeconds, file] of slowest)
      console.log(`[test:time]   ${fileSeconds.toFixed(1).padStart(6)} s  ${file}`);
  }
}

function minutes(seconds) {
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const name of chosen)
  console.log(`[test:time] ${name}: median ${minutes(median(times[name]))} of ${RUNS} run(s)`);
exit(failed ? 1 : 0);
