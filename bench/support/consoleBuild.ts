import { spawnSync } from 'node:child_process';

/**
 * Builds dist/ when it is missing or older than its sources, as `npm start` does
 * (scripts/console-build.mjs, run in its own process: it is a plain ES module without types).
 */
export function ensureConsoleBuilt() {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { ensureConsoleBuilt } from './scripts/console-build.mjs'; ensureConsoleBuilt();",
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error('building the console failed');
}
