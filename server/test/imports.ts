import type { LightMyRequestResponse } from 'fastify';
import { contractProblems } from './contract';
import type { TestApp } from './helpers';

/** Posts a CSV file to the import as `as`, checking the answer against the contract. */
export async function importCsv(
  app: TestApp,
  as: string,
  entity: string,
  csv: string,
  options: { dryRun?: boolean; fileName?: string } = {},
): Promise<LightMyRequestResponse> {
  const url = `/api/v1/import?entity=${entity}&dry_run=${options.dryRun ?? true}&file_name=${encodeURIComponent(options.fileName ?? 'test.csv')}`;
  const response = await app.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${as}`, 'content-type': 'text/csv' },
    payload: csv,
  });
  const problems = contractProblems('POST', url, response.statusCode, response.json());
  if (problems.length) throw new Error(`${problems.join('\n')}\n${response.body}`);
  return response;
}

/** A list's CSV export (`path` such as `/condition`), as `as` downloads it. */
export async function exportCsv(app: TestApp, as: string, path: string): Promise<string> {
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}format=csv`,
    headers: { authorization: `Bearer ${as}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}
