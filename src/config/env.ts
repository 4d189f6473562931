/**
 * The one place that reads build-time settings (`import.meta.env`). Tests map this module to
 * `env.test-values.ts` (see jest.config.mjs), because `import.meta` does not exist in the CommonJS the tests run as.
 */
function readApiBaseUrl(): string {
  const value = import.meta.env.VITE_API_BASE_URL;
  return typeof value === 'string' && value.trim() !== ''
    ? value.trim().replace(/\/+$/, '')
    : '/api/v1';
}

export const env = {
  /** Where the console finds the API: `/api/v1` unless VITE_API_BASE_URL says otherwise. */
  apiBaseUrl: readApiBaseUrl(),
} as const;
