/** The settings tests use instead of `env.ts`: RTK Query needs an absolute URL under Node's fetch. */
export const env = {
  apiBaseUrl: 'http://localhost/api/v1',
} as const;
