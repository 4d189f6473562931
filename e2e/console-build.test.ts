// When `npm start` and the end-to-end setup rebuild the console: scripts/console-build.mjs is a
// native ES module that the tests, run as CommonJS, cannot import, so its node:test suite runs
// here as a child process and this test fails with its report when any of its cases fails.
import { spawnSync } from 'node:child_process';

test('scripts/console-build.test.mjs passes (node --test)', () => {
  const run = spawnSync(
    process.execPath,
    ['--test', '--test-reporter=tap', 'scripts/console-build.test.mjs'],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const report = `${run.stdout}\n${run.stderr}`;
  expect({ status: run.status, report }).toEqual({ status: 0, report: expect.any(String) });
  expect(report).toMatch(/# fail 0/);
  expect(report).toMatch(/# pass [1-9]/);
});
