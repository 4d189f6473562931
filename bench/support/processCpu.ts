import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** /proc/<pid>/stat after the command's closing parenthesis: field 3 (state) on. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * The CPU time (user and system, ms) process `pid` has used, or 0 once it has ended. Waiting for
 * a core does not count, so this moves far less than latency on a shared machine.
 */
export function cpuMs(pid: number): number {
  try {
    const fields = statFields(pid);
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The CPU time (ms) of a PostgreSQL postmaster and its children (backends, checkpointer, ...). */
export function postgresCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(entry)[1]) === postmaster) total += cpuMs(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
