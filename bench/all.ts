import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { SummaryRow } from './summary';

/**
 * `npm run bench`: every benchmark in turn (each prints its own detail), then one summary table of
 * their headline figures with the date and the machine, also as Markdown for the README. Exits 1
 * when any benchmark misses a target or fails.
 */
const BENCHES: { name: string; args: string[] }[] = [
  { name: 'bundle', args: ['bench/bundle.mjs'] },
  { name: 'grid', args: ['--import', 'tsx', 'bench/grid.ts'] },
  { name: 'api', args: ['--import', 'tsx', 'bench/api.ts'] },
  { name: 'safety', args: ['--import', 'tsx', 'bench/safety.ts'] },
  { name: 'load', args: ['--import', 'tsx', 'bench/load.ts'] },
  { name: 'lighthouse', args: ['--import', 'tsx', 'bench/lighthouse.ts'] },
];

type Row = SummaryRow & { bench: string };

const dir = mkdtempSync(join(tmpdir(), 'medref-bench-'));
const file = join(dir, 'summary.jsonl');
const exits: { name: string; status: number | null }[] = [];
const started = new Date();
const loadBefore = loadavg()[0];
try {
  for (const bench of BENCHES) {
    console.log(`\n======== ${bench.name}: node ${bench.args.join(' ')}\n`);
    const run = spawnSync(process.execPath, bench.args, {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SUMMARY: file },
    });
    exits.push({ name: bench.name, status: run.status });
  }
  const rows: Row[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Row)
    : [];
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
  const failed = exits.filter((e) => e.status !== 0);
  for (const e of failed) console.log(`${e.name} exited with ${e.status}`);
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
