import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import type { SummaryRow } from './summary';

/**
 * `npm run bench`: every benchmark in turn (each prints its own detail), then one summary table of
 * their headline figures with the date and the machine, also as Markdown for the README. Exits 1
 * when any benchmark misses a target, fails or runs out of time.
 *
 * The console is built into dist/ once first (when missing or stale, as `npm start` does), and the
 * benchmarks that serve it use that build: grid and lighthouse serve dist/, users is pointed at it
 * (BENCH_STATIC_DIR) instead of building its own.
 *
 * Each benchmark has BENCH_TIMEOUT_MINUTES (default 15; each takes a few minutes on 2 busy cores)
 * to finish. One that runs over gets SIGTERM, sent to its whole process group (its server and
 * PostgreSQL too), and SIGKILL 30 s later; the summary shows it as a failure and the next one runs.
 */
const BENCHES: { name: string; args: string[] }[] = [
  { name: 'bundle', args: ['bench/bundle.mjs'] },
  { name: 'grid', args: ['--import', 'tsx', 'bench/grid.ts'] },
  { name: 'users', args: ['--import', 'tsx', 'bench/users-grid.ts'] },
  { name: 'api', args: ['--import', 'tsx', 'bench/api.ts'] },
  { name: 'safety', args: ['--import', 'tsx', 'bench/safety.ts'] },
  { name: 'scale', args: ['--import', 'tsx', 'bench/scale.ts'] },
  { name: 'release', args: ['--import', 'tsx', 'bench/release.ts'] },
  { name: 'audit', args: ['--import', 'tsx', 'bench/audit.ts'] },
  { name: 'test-prescriptions', args: ['--import', 'tsx', 'bench/test-prescriptions.ts'] },
  { name: 'import', args: ['--import', 'tsx', 'bench/import.ts'] },
  { name: 'load', args: ['--import', 'tsx', 'bench/load.ts'] },
  { name: 'lighthouse', args: ['--import', 'tsx', 'bench/lighthouse.ts'] },
];
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MINUTES ?? 15) * 60_000;
const KILL_GRACE_MS = 30_000;
let interrupted = false;

/**
 * Runs one benchmark in its own process group; resolves with its exit status, or with
 * `timedOut` when it ran over TIMEOUT_MS (it and everything it started in its group are ended).
 */
function runBench(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; signal: string | null; timedOut: boolean }>(
    (done, fail) => {
      const child = spawn(process.execPath, args, { stdio: 'inherit', env, detached: true });
      let timedOut = false;
      let killTimer: NodeJS.Timeout | undefined;
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          if (child.pid) process.kill(-child.pid, signal);
        } catch {
          // the group has already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        console.error(`\n[bench] over ${TIMEOUT_MS / 60_000} min: stopping it (SIGTERM)`);
        signalGroup('SIGTERM');
        killTimer = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
      }, TIMEOUT_MS);
      // Ctrl-C on `npm run bench` reaches this process only (the child has its own group): it
      // stops the benchmark, and no further one starts.
      const forward = () => {
        interrupted = true;
        signalGroup('SIGTERM');
      };
      process.once('SIGINT', forward);
      process.once('SIGTERM', forward);
      child.on('error', fail);
      child.on('exit', (status, signal) => {
        clearTimeout(timer);
        process.off('SIGINT', forward);
        process.off('SIGTERM', forward);
        // Whatever it left in its group gets the rest of the grace period, then SIGKILL.
        if (killTimer) {
          clearTimeout(killTimer);
          setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS).unref();
        }
        done({ status, signal, timedOut });
      });
    },
  );
}

type Row = SummaryRow & { bench: string };

const dir = mkdtempSync(join(tmpdir(), 'medref-bench-'));
const file = join(dir, 'summary.jsonl');
const exits: { name: string; status: number | null; signal: string | null; timedOut: boolean }[] =
  [];
const started = new Date();
const loadBefore = loadavg()[0];
try {
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { ensureConsoleBuilt } from './scripts/console-build.mjs'; ensureConsoleBuilt();",
    ],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('building the console failed');
  const env = {
    ...process.env,
    BENCH_SUMMARY: file,
    BENCH_STATIC_DIR: process.env.BENCH_STATIC_DIR ?? resolve('dist'),
  };
  for (const bench of BENCHES) {
    console.log(`\n======== ${bench.name}: node ${bench.args.join(' ')}\n`);
    exits.push({ name: bench.name, ...(await runBench(bench.args, env)) });
    if (interrupted) break;
  }
  const rows: Row[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row)
    : [];
  // A benchmark that crashed or ran out of time is a missed target of its own.
  const failed = exits.filter((e) => e.status !== 0);
  for (const e of failed) {
    rows.push({
      bench: e.name,
      measure: 'ran to the end',
      value: e.timedOut
        ? `stopped after ${TIMEOUT_MS / 60_000} min`
        : `exited with ${e.status ?? e.signal}`,
      target: `exit 0 within ${TIMEOUT_MS / 60_000} min`,
      met: false,
    });
  }
  const metText = (met: boolean | null) => (met === null ? '' : met ? 'yes' : 'NO');
  const machine =
    `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ` +
    `${loadBefore.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end`;

  console.log(`\n======== summary: ${started.toISOString()}, ${machine}\n`);
  console.table(
    rows.map((r) => ({
      benchmark: r.bench,
      measure: r.measure,
      value: r.value,
      target: r.target,
      met: metText(r.met),
    })),
  );
  for (const e of failed) {
    console.log(
      e.timedOut
        ? `${e.name} ran over ${TIMEOUT_MS / 60_000} min and was stopped`
        : `${e.name} exited with ${e.status ?? e.signal}`,
    );
  }
  if (interrupted) console.log(`interrupted after ${exits.at(-1)?.name}`);
  console.log('\nAs Markdown (for the README):\n');
  console.log(`Measured ${started.toISOString().slice(0, 10)} on ${machine}.\n`);
  console.log('| benchmark | measure | value | target | met |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.bench} | ${r.measure} | ${r.value} | ${r.target} | ${metText(r.met)} |`);
  }
  process.exitCode = failed.length || rows.some((r) => r.met === false) ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
