import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { audited, auditedStatement } from '../audit/record';
import { sessionOf } from '../auth/guard';
import { IMPORT_MAX_BYTES, IMPORT_MAX_TESTS } from '../config';
import type { Schema } from '../contract';
import { withinTransactionScope } from '../db/pool';
import type { SafetyCheckRequest } from '../domain/safety-check';
import { conflict, invalid, notFound } from '../errors';
import * as tests from '../repositories/test-prescriptions';
import { previewImpact } from '../test-prescriptions/impact';
import { canonical } from '../test-prescriptions/outcome';
import { Busy, SuiteQueue } from '../test-prescriptions/queue';
import {
  evaluateTests,
  outcomesOf,
  runAndStore,
  storeRuns,
  type TestRun,
} from '../test-prescriptions/suite';
import { defineRoute } from './define';

/** What a create, an update and an imported item have in common. */
type Definition = Omit<Schema<'TestPrescriptionCreate'>, 'reason'>;

/**
 * How the history marks accepting a `worse` outcome: its reason starts with this. The reason is
 * stored within the history's 500 characters, so a downgrade's own may be this much shorter.
 */
export const DOWNGRADE_PREFIX = 'Downgrade accepted: ';
const REASON_MAX = 500;

/** A 422's field errors under `prefix` (`request.`, or `3.request.` in an import). */
function prefixed(
  error: { message: string; errors?: Record<string, string[]> },
  prefix: string,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(error.errors ?? { '': [error.message] }).map(([field, messages]) => [
      `${prefix}${field}`.replace(/\.$/, ''),
      messages,
    ]),
  );
}

/**
 * Each definition checked as the safety check checks its request (422 naming the fields, every
 * problem at once), with its expected outcome: the one given, or the request's outcome now.
 */
async function prepare(
  db: pg.Pool | pg.PoolClient,
  definitions: Definition[],
  prefixOf: (index: number) => string,
): Promise<tests.TestPrescriptionInput[]> {
  const requests = definitions.map((d) => d.request as SafetyCheckRequest);
  const results = await outcomesOf(db, requests);
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  definitions.forEach((d, index) => {
    const { refused } = results[index];
    if (refused) Object.assign(errors, prefixed(refused, `${prefixOf(index)}request.`));
    const key = d.name.trim().toLowerCase();
    if (seen.has(key))
      errors[`${prefixOf(index)}name`] = [`repeats the name of item ${seen.get(key)}`];
    else seen.set(key, index);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return definitions.map((d, index) => {
    const actual = results[index].state;
    // Valid requests only reach here, so `actual` is an outcome. A given one is stored in the
    // order outcomes are compared in (medication ids ascending).
    const expected = d.expected ?? ('outcome' in actual ? actual.outcome : undefined);
    if (!expected) throw new Error('a valid request without an outcome');
    return {
      name: d.name.trim(),
      note: d.note?.trim() || null,
      request: d.request,
      expected: canonical(expected),
      min_verdict: d.min_verdict,
    };
  });
}

/** Runs the tests `ids` on `tx` and stores their results (their first, or after an edit). */
async function runIn(tx: pg.PoolClient, ids: number[]): Promise<void> {
  const list = await tests.runnableTests(tx, ids);
  const { runs } = await evaluateTests(tx, list);
  const changeId = await tests.newestReferenceChange(tx);
  await storeRuns(tx, runs, new Map(list.map((t) => [t.id, t.last_outcome])), changeId);
}

/** A run as the contract's TestPrescriptionRunResult (without what is stored for the next run). */
const runResult = ({ state: _state, upgraded: _upgraded, ...result }: TestRun) => result;

/** What the per-account limit calls a run of the suite (in its 429's message). */
const SUITE_RUN = 'run of the test prescriptions';

/**
 * The import's own limits: a body of up to IMPORT_MAX_BYTES (the API's others stop at 1 MiB) and
 * at most IMPORT_MAX_TESTS tests, each refused before anything is read or stored, with a message
 * that says the limit.
 */
function importLimits(app: FastifyInstance) {
  const op = app.operation('importTestPrescriptions');
  const url = `${app.prefix}${op.url}`;
  const megabytes = IMPORT_MAX_BYTES / (1024 * 1024);
  const tooMany = async (request: FastifyRequest) => {
    const { body } = request;
    if (!Array.isArray(body) || body.length <= IMPORT_MAX_TESTS) return;
    throw invalid(
      { body: [`must have at most ${IMPORT_MAX_TESTS} items`] },
      `An import takes at most ${IMPORT_MAX_TESTS.toLocaleString('en')} test prescriptions; this one has ${body.length.toLocaleString('en')}. Split the file and import each part.`,
    );
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== url || route.method !== op.method) return;
    route.bodyLimit = IMPORT_MAX_BYTES;
    const own = route.preValidation;
    route.preValidation = [tooMany, ...(Array.isArray(own) ? own : own ? [own] : [])];
    // Fastify's own 413 says nothing of this limit; anything else goes on to the app's handler.
    route.errorHandler = (error: FastifyError, _request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      return reply.status(413).send({
        message: `An import is at most ${megabytes} MiB. Split the file and import each part.`,
      });
    };
  });
}

export default async function testPrescriptionRoutes(app: FastifyInstance) {
  const { db } = app;
  const queue = new SuiteQueue(app.config.testSuite);
  // A refused job says when to try again.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof Busy) reply.header('retry-after', String(error.retryAfter));
  });
  importLimits(app);

  const answer = async (id: number) => {
    const row = await tests.getTestPrescription(db, id);
    if (!row) throw notFound('Test prescription');
    return row;
  };

  defineRoute(app, 'listTestPrescriptions', async () => {
    const [data, meta] = await Promise.all([tests.listTestPrescriptions(db), tests.summary(db)]);
    return { data, meta };
  });

  defineRoute(app, 'getTestPrescription', async (request) => ({
    data: await answer(request.params.id),
  }));

  defineRoute(app, 'createTestPrescription', async (request, reply) => {
    const [input] = await prepare(db, [request.body], () => '');
    const id = await audited(
      request,
      { entity: 'test_prescription', action: 'create', idOf: (created: number) => created },
      async (tx) => {
        const created = await tests.insertTestPrescription(tx, input);
        await runIn(tx, [created]);
        return created;
      },
    );
    return reply
      .status(201)
      .send({ data: await answer(id), message: 'Test prescription saved successfully' });
  });

  defineRoute(app, 'updateTestPrescription', async (request) => {
    const { id } = request.body;
    const [input] = await prepare(db, [request.body], () => '');
    const updated = await audited(
      request,
      { entity: 'test_prescription', action: 'update', id },
      async (tx, before) => {
        if (!before) return false;
        // Left out, the stored expected outcome is kept.
        const expected = request.body.expected ? input.expected : (before.expected as object);
        await tests.updateTestPrescription(tx, id, { ...input, expected });
        await runIn(tx, [id]);
        return true;
      },
    );
    if (!updated) throw notFound('Test prescription');
    return { data: await answer(id), message: 'Test prescription updated successfully' };
  });

  defineRoute(app, 'deleteTestPrescription', async (request) => {
    const { id } = request.params;
    const deleted = await auditedStatement(request, 'test_prescription', (tx) =>
      tests.deleteTestPrescription(tx, id),
    );
    if (!deleted) throw notFound('Test prescription');
    return { message: 'Test prescription deleted successfully' };
  });

  defineRoute(app, 'runTestPrescriptions', async (request) => {
    const runs = await queue.run(() => runAndStore(db, request.body?.ids), {
      account: sessionOf(request).id,
      kind: SUITE_RUN,
    });
    return { data: runs.map(runResult), meta: await tests.summary(db) };
  });

  defineRoute(app, 'runTestPrescription', async (request) => {
    const { id } = request.params;
    const runs = await queue.run(async () => {
      if (!(await tests.getTestPrescription(db, id))) throw notFound('Test prescription');
      return runAndStore(db, [id]);
    });
    return { data: runs.map(runResult), meta: await tests.summary(db) };
  });

  defineRoute(app, 'acceptTestPrescription', async (request) => {
    const { id } = request.params;
    let downgrade = false;
    const accepted = await audited(
      request,
      { entity: 'test_prescription', action: 'update', id },
      async (tx, before) => {
        if (!before) return false;
        const [run] = await evaluateTests(tx, await tests.runnableTests(tx, [id])).then(
          (r) => r.runs,
        );
        if (!run.actual) {
          throw conflict(
            `This test can no longer be checked, so there is no outcome to accept: ${run.differences[0]?.message}`,
          );
        }
        const floor = run.differences.find((d) => d.kind === 'below_floor');
        if (floor) {
          throw conflict(
            `${floor.message}. Accepting this outcome would not make the test pass: change its floor first.`,
          );
        }
        downgrade = run.status === 'worse';
        if (downgrade && request.body.reason.trim().length > REASON_MAX - DOWNGRADE_PREFIX.length) {
          throw invalid(
            {
              reason: [
                `must be at most ${REASON_MAX - DOWNGRADE_PREFIX.length} characters when accepting a worse outcome`,
              ],
            },
            'This outcome is worse than the expected one: its reason is recorded as a downgrade.',
          );
        }
        await tests.setExpected(tx, id, run.actual);
        await runIn(tx, [id]);
        return true;
      },
      // A worse outcome lowers what the test guards: its history entry says so.
      { reason: (given) => (downgrade ? `${DOWNGRADE_PREFIX}${given ?? ''}` : given) },
    );
    if (!accepted) throw notFound('Test prescription');
    return { data: await answer(id), message: 'The new outcome is now the expected one' };
  });

  defineRoute(app, 'previewTestPrescriptionImpact', async (request, reply) => {
    const result = await queue.run(() => previewImpact(request, request.body, app.prefix));
    // A refused write answers with its own status and body, forwarded as they are.
    if (result.refused)
      return (reply as FastifyReply).status(result.refused.statusCode).send(result.refused.body);
    return { data: result.data };
  });

  defineRoute(app, 'exportTestPrescriptions', async () => {
    const rows = await tests.listTestPrescriptions(db);
    return rows.map((row: Schema<'TestPrescriptionPortable'>) => ({
      name: row.name,
      note: row.note,
      request: row.request,
      expected: row.expected,
      min_verdict: row.min_verdict,
    }));
  });

  defineRoute(app, 'importTestPrescriptions', async (request) =>
    queue.run(async () => {
      const inputs = await prepare(db, request.body, (index) => `${index}.`);
      const client = await db.connect();
      let ids: number[];
      let created = 0;
      try {
        await client.query('BEGIN');
        // Every audited write below joins this one transaction: all of the file, or none of it.
        ids = await withinTransactionScope(client, async () => {
          const existing = await tests.idsByName(
            client,
            inputs.map((i) => i.name),
          );
          const written: number[] = [];
          for (const input of inputs) {
            const id = existing.get(input.name.toLowerCase());
            if (id === undefined) {
              created++;
              written.push(
                await audited(
                  request,
                  { entity: 'test_prescription', action: 'create', idOf: (n: number) => n },
                  (tx) => tests.insertTestPrescription(tx, input),
                ),
              );
            } else {
              await audited(request, { entity: 'test_prescription', action: 'update', id }, (tx) =>
                tests.updateTestPrescription(tx, id, input),
              );
              written.push(id);
            }
          }
          await runIn(client, written);
          return written;
        });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      const updated = ids.length - created;
      return {
        data: { created, updated },
        message: `Imported ${ids.length} test prescriptions (${created} new, ${updated} updated)`,
      };
    }),
  );
}
