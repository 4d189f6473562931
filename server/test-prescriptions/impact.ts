import type { FastifyRequest, HTTPMethods } from 'fastify';
import type { PoolClient } from 'pg';
import type { Schema } from '../contract';
import { transactionScopeConflicted, withinTransactionScope } from '../db/pool';
import { conflict, invalid } from '../errors';
import {
  newestReferenceChange,
  runnableTests,
  type RunnableTest,
} from '../repositories/test-prescriptions';
import type { Actual } from './outcome';
import { evaluateTests } from './suite';

export type ImpactRequest = Schema<'TestPrescriptionImpactRequest'>;

/** A refused write, answered as the write itself answers. */
export interface Refused {
  statusCode: number;
  body: unknown;
}

/**
 * What a reference-data write would change in the test prescriptions, without making it. In one
 * REPEATABLE READ transaction: every test runs on the data as it is, the write runs through its
 * own route (`inject`, with the caller's token: the same validation, roles, SQL and history
 * entry as the real write), every test runs again, and everything is rolled back. Every query of
 * the route joins the transaction (`withinTransactionScope`); list caches and the background run
 * stand aside inside it. The snapshot is taken first, so a write another request commits
 * meanwhile is not seen; a real write to rows the preview wrote waits for its rollback and is then
 * made. When a real write committed first to rows the preview then writes (the same record, or
 * the same table's version), the preview starts again on a fresh snapshot, which holds that write
 * before and after, so its answer is still about its own write only; after 3 tries, a 409.
 */
export async function previewImpact(request: FastifyRequest, input: ImpactRequest, prefix: string) {
  const app = request.server;
  const op = app.operation(input.operation);
  const needsId = op.url.includes(':id');
  if (needsId !== (input.params?.id !== undefined)) {
    throw invalid(
      {
        'params.id': [
          needsId ? 'is required for this operation' : 'is not taken by this operation',
        ],
      },
      needsId ? `${input.operation} needs params.id.` : `${input.operation} takes no params.`,
    );
  }
  const url = prefix + op.url.replace(':id', String(input.params?.id ?? ''));
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await attemptPreview(request, op.method, url, input.body);
    if (result) return result;
  }
  throw conflict('The data changed meanwhile. Please try again.');
}

/** Tries again this often when a concurrent write to the same rows got in first. */
const ATTEMPTS = 3;

/** One preview in one transaction; undefined when a concurrent write made its snapshot stale. */
async function attemptPreview(
  request: FastifyRequest,
  method: HTTPMethods,
  url: string,
  body: unknown,
) {
  const app = request.server;
  const client = await app.db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    // The first statement takes the snapshot every read below sees (plus the write's own changes).
    await client.query('SELECT 1');
    return await withinTransactionScope(client, async () => {
      const list = await runnableTests(client);
      const before = await outcomesNow(client, list);
      const response = await app.inject({
        method,
        url,
        headers: {
          host: request.headers.host ?? 'localhost',
          ...(request.headers.authorization
            ? { authorization: request.headers.authorization }
            : {}),
          'content-type': 'application/json',
        },
        remoteAddress: request.ip,
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (transactionScopeConflicted()) return undefined;
      if (response.statusCode >= 300) {
        const refused: Refused = { statusCode: response.statusCode, body: response.json() };
        return { refused };
      }
      return { data: await testsAltered(client, list, before) };
    });
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

/**
 * Each test's outcome on the data as it is: the stored results when every one of them was computed
 * after the newest change in this snapshot (then they are exactly what a run would give: the
 * background run keeps them so), else a run.
 */
export async function outcomesNow(db: PoolClient, list: RunnableTest[]): Promise<Actual[]> {
  const newest = await newestReferenceChange(db);
  if (list.every((t) => t.last_outcome !== null && t.checked_through === newest)) {
    return list.map((t) => t.last_outcome as Actual);
  }
  return (await evaluateTests(db, list)).runs.map((run) => run.state);
}

/**
 * The tests whose outcome the writes made in `db`'s transaction since `before` (outcomesNow)
 * change, run again on the data as it is now. Each difference's `worse` says whether the writes
 * lower the outcome as it was; the status, whether the test would then be worse than expected (or
 * below its floor).
 */
export async function testsAltered(db: PoolClient, list: RunnableTest[], before: Actual[]) {
  const after = await evaluateTests(db, list, { before });
  const tests = after.runs.flatMap((run, index) => {
    const was = before[index];
    const found = after.changes[index];
    if (found.length === 0) return [];
    return [
      {
        id: run.id,
        name: run.name,
        status: run.status,
        before: 'outcome' in was ? was.outcome : null,
        after: run.actual,
        differences: found,
      },
    ];
  });
  const worse = tests.filter((test) => test.status === 'worse').length;
  return { total: list.length, altered: tests.length, worse, tests };
}
