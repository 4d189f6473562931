import type { Config } from 'jest';

// One runner, three projects: the console (jsdom), the API (a real embedded PostgreSQL,
// started once per run in server/test/globalSetup.mjs, only when API tests run), and end-to-end
// (Chromium against the built console). Each project's setup file sets its timeout for all its
// files (a project's own testTimeout is ignored when Jest runs several projects).
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] as const;

const config: Config = {
  // Once every result is written, exit: a handle left open in the runner (seen after full runs)
  // must not keep CI waiting after the summary.
  forceExit: true,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.tsx?$': tsJest },
      moduleNameMapper: {
        '^@/config/env$': '<rootDir>/src/config/env.test-values.ts',
        '^@/(.*)$': '<rootDir>/src/$1',
      },
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
    },
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      // Fastify brings `cookie` 2 and `content-disposition` 3, which are ESM-only on Node 20.
      transform: { '^.+\\.[tj]s$': tsJest },
      transformIgnorePatterns: ['/node_modules/(?!(cookie|content-disposition)/)'],
      globalSetup: '<rootDir>/server/test/globalSetup.mjs',
      globalTeardown: '<rootDir>/server/test/globalTeardown.mjs',
      setupFilesAfterEnv: ['<rootDir>/server/test/setup.ts'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      globalSetup: '<rootDir>/e2e/support/globalSetup.mjs',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setup.ts'],
    },
  ],
};

export default config;
