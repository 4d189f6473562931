import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import type { Schema } from '../contract';
import { conflict } from '../errors';
import { isUniqueViolation } from '../lib/pgErrors';
import { writeWithEntry, type Author } from '../repositories/audit/entries';
import { runnableTests } from '../repositories/test-prescriptions';
import { outcomesNow, testsAltered } from '../test-prescriptions/impact';
import { csvRows, type RowProblem } from './csvRows';
import { IMPORTS, type EntityImport, type ImportEntity, type Staged } from './entities';

export type ImportResult = Schema<'ImportResult'>;
type ImportRow = Schema<'ImportRow'>;

/** How many rows of each kind (and errors) an answer lists; its counts are exact. */
export const LISTED = 1000;
/** Rows staged per statement: large enough for few round trips, small enough to hold. */
const BATCH = 2000;

/**
 * An import's statements work on up to IMPORT_MAX_ROWS rows at once, and its upload may pause
 * between batches: longer than the 10 s a request's statement gets and the 15 s a transaction may
 * sit idle (db/pool.ts TIMEOUTS), which would end a large import half way. Its transaction sets
 * PostgreSQL's limits for itself, and each statement the client's wait to match.
 */
const STATEMENT_MS = 120_000;
const IDLE_MS = 60_000;

function sql<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: PoolClient,
  text: string,
  values?: unknown[],
) {
  // pg reads a statement's own query_timeout; its QueryConfig type leaves the field out.
  const config = { text, values, query_timeout: STATEMENT_MS + 5_000 } as pg.QueryConfig;
  return client.query<R>(config);
}

export interface ImportRequest {
  entity: ImportEntity;
  dryRun: boolean;
  body: Readable;
  author: Author;
}

/**
 * Reads a CSV file of one entity's records and previews or stores it (see the contract's
 * `importReferenceData`). The rows are streamed into a temporary table in batches, then checked,
 * matched and written by set-based SQL, all in one transaction: a dry run rolls it back (after
 * running the test prescriptions before and after the writes), a real import commits it only
 * when the file has no error. Memory stays flat: the answer lists at most LISTED rows of a kind.
 */
export async function runImport(client: PoolClient, input: ImportRequest): Promise<ImportResult> {
  const spec = IMPORTS[input.entity];
  // A dry run reads one snapshot throughout, so that the suite's runs before and after the writes
  // differ by the import alone.
  await sql(client, input.dryRun ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN');
  let committed = false;
  try {
    await sql(
      client,
      `SET LOCAL statement_timeout = ${STATEMENT_MS}; SET LOCAL idle_in_transaction_session_timeout = ${IDLE_MS}`,
    );
    const { rows, header } = await stage(client, spec, input.body);
    const result = await classify(client, spec, header, input, rows);
    if (result.counts.errors > 0) return result;
    if (input.dryRun) {
      result.tests = await impact(client, () => write(client, spec, header, input.author));
      return result;
    }
    await write(client, spec, header, input.author);
    await sql(client, 'COMMIT');
    committed = true;
    return { ...result, stored: true };
  } catch (error) {
    if (isUniqueViolation(error) || (error as { code?: string }).code === '40001')
      throw conflict('The data changed meanwhile. Please try again.');
    throw error;
  } finally {
    if (!committed) await sql(client, 'ROLLBACK').catch(() => undefined);
  }
}

/** Streams the file into `import_rows` (valid rows) and `import_errors` (each cell's problem). */
async function stage(client: PoolClient, spec: EntityImport, body: Readable) {
  const own = spec.staging.map(([name, type]) => `${name} ${type}`).join(', ');
  // Each row is updated several times as it is matched and sorted: room on its page lets each
  // update stay there (a HOT update) instead of moving the row to a new page.
  await sql(
    client,
    `CREATE TEMPORARY TABLE import_rows (
      row integer PRIMARY KEY, target_id integer, ref1 integer, ref2 integer, kind text, ${own}
    ) WITH (fillfactor = 50) ON COMMIT DROP`,
  );
  await sql(
    client,
    `CREATE TEMPORARY TABLE import_errors (row integer NOT NULL,
      field text NOT NULL, message text NOT NULL) ON COMMIT DROP`,
  );
  const types = ['integer', ...spec.staging.map(([, type]) => type)];
  const insertRows = `INSERT INTO import_rows (row, ${spec.staging.map(([name]) => name).join(', ')})
    SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})`;

  let staged: Staged[][] = types.map(() => []);
  let problems: RowProblem[] = [];
  const flush = async () => {
    if (staged[0].length > 0) await sql(client, insertRows, staged);
    if (problems.length > 0) {
      await sql(
        client,
        `INSERT INTO import_errors SELECT * FROM unnest($1::int[], $2::text[], $3::text[])`,
        [problems.map((p) => p.row), problems.map((p) => p.field), problems.map((p) => p.message)],
      );
    }
    staged = types.map(() => []);
    problems = [];
  };

  let header: ReadonlySet<string> = new Set();
  let index = new Map<string, number>();
  let rows = 0;
  let usable = true;
  for await (const item of csvRows(body, (found) => problems.push(found))) {
    if ('header' in item) {
      header = new Set(item.header);
      index = new Map(item.header.map((name, i) => [name, i]));
      usable = checkHeader(spec, item.header, (message, field = 'file') =>
        problems.push({ row: 1, field, message }),
      );
      if (!usable) break;
      continue;
    }
    rows++;
    const { cells } = item;
    if (!cells) continue;
    let bad = false;
    const values = spec.read(
      {
        cell: (column) => {
          const at = index.get(column);
          return at === undefined ? undefined : cells[at];
        },
        problem: (field, message) => {
          bad = true;
          problems.push({ row: item.row, field, message });
        },
      },
      header,
    );
    if (values && !bad) {
      staged[0].push(String(item.row));
      values.forEach((value, i) => staged[i + 1].push(value));
    }
    if (staged[0].length >= BATCH || problems.length >= BATCH) await flush();
  }
  // The rest of a body left unread (a header that cannot be read) is let go.
  if (!usable) body.resume();
  await flush();
  await sql(client, 'ANALYZE import_rows');
  return { rows, header };
}

/** The header's problems: a column the entity needs is missing, or one is unknown or repeated. */
function checkHeader(
  spec: EntityImport,
  names: readonly string[],
  problem: (message: string, field?: string) => void,
): boolean {
  const known = new Set(spec.columns.map((c) => c.name));
  let ok = true;
  for (const column of spec.columns) {
    if (!column.optional && !names.includes(column.name)) {
      problem(`is missing: the header needs it`, column.name);
      ok = false;
    }
  }
  names.forEach((name, i) => {
    if (!known.has(name)) {
      problem(
        `is not a column of this import (it reads ${[...known].join(', ')})`,
        name || `column ${i + 1}`,
      );
      ok = false;
    } else if (names.indexOf(name) !== i) {
      problem('is given twice', name);
      ok = false;
    }
  });
  return ok;
}

/** Matches, checks and sorts the staged rows; answers the counts and the first rows of each kind. */
async function classify(
  client: PoolClient,
  spec: EntityImport,
  header: ReadonlySet<string>,
  input: ImportRequest,
  rows: number,
): Promise<ImportResult> {
  for (const statement of spec.resolve) await sql(client, statement);
  for (const problem of spec.problems)
    await sql(client, `INSERT INTO import_errors (row, field, message) ${problem}`);
  await sql(
    client,
    `UPDATE import_rows SET kind = 'error' WHERE row IN (SELECT row FROM import_errors)`,
  );
  await sql(
    client,
    `UPDATE import_rows SET kind = 'create' WHERE kind IS NULL AND target_id IS NULL`,
  );
  await sql(
    client,
    `UPDATE import_rows r
      SET kind = CASE WHEN ${spec.before(header)} = ${spec.after(header)} THEN 'unchanged' ELSE 'change' END
     FROM ${spec.table} t WHERE r.kind IS NULL AND t.id = r.target_id`,
  );

  const { rows: counted } = await sql<{ kind: string; n: number }>(
    client,
    `SELECT kind, count(*)::int AS n FROM import_rows WHERE kind <> 'error' GROUP BY kind
     UNION ALL SELECT 'errors', count(*)::int FROM import_errors`,
  );
  const count = (kind: string) => counted.find((c) => c.kind === kind)?.n ?? 0;
  const { rows: errors } = await sql<{ row: number; field: string; message: string }>(
    client,
    `SELECT row, field, message FROM import_errors ORDER BY row, field LIMIT ${LISTED}`,
  );
  const listed = (kind: string) => listRows(client, spec, header, kind);
  return {
    entity: input.entity,
    dry_run: input.dryRun,
    stored: false,
    rows,
    counts: {
      errors: count('errors'),
      created: count('create'),
      changed: count('change'),
      unchanged: count('unchanged'),
    },
    errors,
    created: await listed('create'),
    changed: await listed('change'),
    unchanged: await listed('unchanged'),
    tests: null,
  };
}

/** The first LISTED rows of a kind, with the fields a create sets or a change changes. */
async function listRows(
  client: PoolClient,
  spec: EntityImport,
  header: ReadonlySet<string>,
  kind: string,
): Promise<ImportRow[]> {
  const { rows } = await sql<{
    row: number;
    id: number | null;
    label: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>(
    client,
    `SELECT r.row, r.target_id AS id, ${spec.label} AS label,
            ${spec.before(header)} AS before, ${spec.after(header)} AS after
       FROM import_rows r LEFT JOIN ${spec.table} t ON t.id = r.target_id
      WHERE r.kind = $1 ORDER BY r.row LIMIT ${LISTED}`,
    [kind],
  );
  return rows.map(({ row, id, label, before, after }) => {
    const base = { row, label, ...(id === null ? {} : { id }) };
    if (kind === 'unchanged') return base;
    const changes = Object.fromEntries(
      Object.keys(after)
        .filter((key) => kind === 'create' || before[key] !== after[key])
        .map((key) => [key, { before: kind === 'create' ? null : before[key], after: after[key] }]),
    );
    return { ...base, changes };
  });
}

/** Stores the rows to create and to change, each with its history entry (one statement each). */
async function write(
  client: PoolClient,
  spec: EntityImport,
  header: ReadonlySet<string>,
  author: Author,
) {
  const run = (text: string, values: unknown[]) => sql(client, text, values);
  await writeWithEntry(run, spec.audit, { text: spec.update(header), values: [] }, author);
  await writeWithEntry(run, spec.audit, { text: spec.insert(header), values: [] }, author);
}

/**
 * The test prescriptions whose outcome `apply` alters, as an impact preview answers them
 * (test-prescriptions/impact.ts): the suite on the data as it is (the stored outcomes when they
 * are current), then again after the writes, in the caller's transaction.
 */
async function impact(client: PoolClient, apply: () => Promise<void>) {
  const list = await runnableTests(client);
  const before = await outcomesNow(client, list);
  await apply();
  return testsAltered(client, list, before);
}
