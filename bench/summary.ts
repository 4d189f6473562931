import { appendFileSync } from 'node:fs';

/** One headline figure of a benchmark, for `npm run bench`'s summary table. */
export interface SummaryRow {
  measure: string;
  value: string;
  /** The target, or '' for a figure that is only informative. */
  target: string;
  /** Whether the target is met; null when there is none. */
  met: boolean | null;
}

/**
 * Adds a benchmark's headline figures to the summary `npm run bench` (bench/all.ts) prints at the
 * end: one JSON line per figure in the file BENCH_SUMMARY names. Does nothing when a benchmark
 * runs on its own.
 */
export function reportSummary(bench: string, rows: SummaryRow[]) {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  for (const row of rows) appendFileSync(file, `${JSON.stringify({ bench, ...row })}\n`);
}
