// @ts-check
// Plain JavaScript: Jest would otherwise load ts-node and the TypeScript compiler (seconds) to
// read a TypeScript config before every run.

// One runner, four projects:
// - web: the console in jsdom;
// - api: the API in-process (Fastify's inject) on a real PostgreSQL, started once per run in
//   server/test/globalSetup.mjs;
// - system: tests that start real processes and clusters (crashes, start-up anywhere, data
//   directories, two servers, backups, the generated API's check, which runs the generator, and
//   the fuzz suite), on the same PostgreSQL where they need one;
// - e2e: Chromium against the built console, each file's server on a copy of one seeded database.
// `npm run test:quick` runs web and api. Each project's setup file sets its timeout for all its
// files (a project's own testTimeout is ignored when Jest runs several projects).
// SWC strips the types and writes CommonJS; `npm run typecheck` checks the types of the tests.
// It transforms a file several times faster than ts-jest did, which an empty cache (a fresh clone,
// CI) pays for every file.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** The tests that start processes of their own, and the fuzz suite: slow, and left out of the
 * quick suite. */
const SYSTEM_TESTS = [
  'src/api/generated.test.ts',
  'server/fuzz.test.ts',
  'server/twoInstances.test.ts',
  'server/auth/hashGate.test.ts',
  'server/db/backup.test.ts',
  'server/db/crash.test.ts',
  'server/db/dataDir.test.ts',
  'server/db/lifecycle.test.ts',
  'server/db/rootStart.test.ts',
  'server/db/startAnywhere.test.ts',
].map((path) => `<rootDir>/${path}`);

/** `@contract/enums` is api/generated/enums.ts, as in tsconfig.json. */
const CONTRACT_ALIAS = { '^@contract/(.*)$': '<rootDir>/api/generated/$1' };

const server = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server'],
  // Fastify brings `cookie` 2 and `content-disposition` 3, which are ESM-only on Node 20.
  transform: { '^.+\\.[tj]s$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition)/)'],
  moduleNameMapper: CONTRACT_ALIAS,
  globalSetup: '<rootDir>/server/test/globalSetup.mjs',
  globalTeardown: '<rootDir>/server/test/globalTeardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts'],
};

/** @type {import('jest').Config} */
const config = {
  // Both cores: the files run two at a time. `test:quick` runs three: an API test file spends part
  // of its time waiting on PostgreSQL, a process of its own, so a third keeps both cores busy.
  maxWorkers: 2,
  // Once every result is written, exit: a handle left open in the runner (seen after full runs)
  // must not keep CI waiting after the summary.
  forceExit: true,
  projects: [
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/src/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: SYSTEM_TESTS.map((path) => `${path.replaceAll('.', '\\.')}$`),
      transform: { '^.+\\.tsx?$': swc },
      moduleNameMapper: {
        '^@/config/env$': '<rootDir>/src/config/env.test-values.ts',
        '^@/(.*)$': '<rootDir>/src/$1',
        ...CONTRACT_ALIAS,
      },
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
    },
    {
      ...server,
      displayName: 'api',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: SYSTEM_TESTS.map((path) => `${path.replaceAll('.', '\\.')}$`),
    },
    {
      ...server,
      displayName: 'system',
      roots: ['<rootDir>/server', '<rootDir>/src/api'],
      testMatch: SYSTEM_TESTS,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.tsx?$': swc },
      globalSetup: '<rootDir>/e2e/support/globalSetup.mjs',
      globalTeardown: '<rootDir>/e2e/support/globalTeardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setup.ts'],
    },
  ],
};

export default config;
