import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import type { Schema } from '../contract';
import { conflict } from '../errors';
import { isUniqueViolation } from '../lib/pgErrors';
import { writeWithEntry, type Author } from '../repositories/audit/entries';
import { runnableTests, type RunnableTest } from '../repositories/test-prescriptions';
import { outcomesNow, testsAltered } from '../test-prescriptions/impact';
import type { Actual } from '../test-prescriptions/outcome';
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

/** One row of a source: its key in the staging table, and its cells in the header's order. */
export interface SourceRow {
  row: number;
  cells: string[] | null;
  /**
   * The displays of the row's codes by `system|code`: the CSV carries none, a FHIR coding does,
   * and a record's codes keep them.
   */
  displays?: ReadonlyMap<string, string>;
}
export type SourceItem = { header: string[] } | SourceRow;

/** The rows of one entity to import, and how the answer names them. */
export interface ImportPart {
  entity: ImportEntity;
  /**
   * The rows, header first: a CSV file's (csvRows), or what another format translates to. It is
   * called once the parts before it are written, in the same transaction, so it may read them;
   * `problem` takes the source's own problems (a row's shape).
   */
  rows(client: PoolClient, problem: (found: RowProblem) => void): AsyncIterable<SourceItem>;
  /** The row the answer shows for a staged row's key, when the two differ (a Bundle's entry). */
  reportRow?(key: number): number;
  /** The field the answer shows for a staged row's column, when it was translated from an element. */
  reportField?(column: string, key: number): string;
  /** Whether the answer's errors and rows name the part's entity (a Bundle's several). */
  named?: boolean;
}

/** A problem found before any part is staged (a Bundle's shape), as the answer lists it. */
export type ImportError = Schema<'ImportError'>;

export interface ImportRequest {
  /** What the answer names: the CSV file's entity, or `fhir-bundle`. */
  label: ImportResult['entity'];
  /** Imported in this order, each one's writes seen by the next. */
  parts: ImportPart[];
  dryRun: boolean;
  author: Author;
  /** The rows read when the source counts them itself (a Bundle's entries); else the parts' rows. */
  rows?: number;
  /** Problems of the input as a whole; with any of them nothing is stored. */
  problems?: ImportError[];
}

/** A row count of a kind and the first LISTED rows of it, over every part. */
interface Tally {
  errors: ImportError[];
  created: ImportRow[];
  changed: ImportRow[];
  unchanged: ImportRow[];
  counts: ImportResult['counts'];
  rows: number;
}

/**
 * Reads the rows of one or more entities (a CSV file of one, or a FHIR Bundle translated into
 * several) and previews or stores them (see the contract's `importReferenceData`). Each part's
 * rows are streamed into a temporary table in batches, then checked, matched and written by
 * set-based SQL, the parts one after another in one transaction, so that a part refers to the
 * records the parts before it create. A dry run rolls it all back (after running the test
 * prescriptions before and after the writes); a real import commits it only when no part has an
 * error. Memory stays flat: the answer lists at most LISTED rows of a kind.
 */
export async function runImport(client: PoolClient, input: ImportRequest): Promise<ImportResult> {
  // A dry run reads one snapshot throughout, so that the suite's runs before and after the writes
  // differ by the import alone.
  await sql(client, input.dryRun ? 'BEGIN ISOLATION LEVEL REPEATABLE READ' : 'BEGIN');
  let committed = false;
  try {
    await sql(
      client,
      `SET LOCAL statement_timeout = ${STATEMENT_MS}; SET LOCAL idle_in_transaction_session_timeout = ${IDLE_MS}`,
    );
    const tally: Tally = {
      errors: [...(input.problems ?? [])],
      created: [],
      changed: [],
      unchanged: [],
      counts: { errors: input.problems?.length ?? 0, created: 0, changed: 0, unchanged: 0 },
      rows: 0,
    };
    // The suite's outcomes before the first write, taken only when a write comes (a file with
    // errors in its only part writes nothing, and costs no run).
    let tests: { list: RunnableTest[]; before: Actual[] } | undefined;
    for (const [index, part] of input.parts.entries()) {
      const spec = IMPORTS[part.entity];
      const { rows, header } = await stage(client, spec, part);
      await classify(client, spec, header, part, tally);
      tally.rows += rows;
      // Later parts refer to this one's records: its valid rows are written even when some
      // rows have errors (the transaction is then rolled back), so every error shows at once.
      if (tally.counts.errors === 0 || index < input.parts.length - 1) {
        if (input.dryRun && !tests) {
          const list = await runnableTests(client);
          tests = { list, before: await outcomesNow(client, list) };
        }
        await write(client, spec, header, input.author);
      }
      await sql(client, 'DROP TABLE import_rows, import_errors');
    }
    const result = answer(input, tally);
    if (result.counts.errors > 0) return result;
    if (input.dryRun) {
      if (tests) result.tests = await testsAltered(client, tests.list, tests.before);
      return result;
    }
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

const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;

/** The answer from the parts' tally: each list in row order, at most LISTED long. */
function answer(input: ImportRequest, tally: Tally): ImportResult {
  // Each part lists its rows in order; parts and the input's own problems interleave by row.
  const listed = <T extends { row: number }>(items: T[]) => [...items].sort(byRow).slice(0, LISTED);
  return {
    entity: input.label,
    dry_run: input.dryRun,
    stored: false,
    rows: input.rows ?? tally.rows,
    counts: tally.counts,
    errors: listed(tally.errors),
    created: listed(tally.created),
    changed: listed(tally.changed),
    unchanged: listed(tally.unchanged),
    tests: null,
  };
}

/**
 * Streams the part's rows into `import_rows` (valid rows) and `import_errors` (each cell's
 * problem).
 */
async function stage(client: PoolClient, spec: EntityImport, part: ImportPart) {
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
  const codesAt = spec.staging.findIndex(([name, type]) => name === 'codes' && type === 'jsonb');

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
  for await (const item of part.rows(client, (found) => problems.push(found))) {
    if ('header' in item) {
      header = new Set(item.header);
      index = new Map(item.header.map((name, i) => [name, i]));
      const usable = checkHeader(spec, item.header, (message, field = 'file') =>
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
      if (item.displays && codesAt >= 0)
        values[codesAt] = withDisplays(values[codesAt], item.displays);
      staged[0].push(String(item.row));
      values.forEach((value, i) => staged[i + 1].push(value));
    }
    if (staged[0].length >= BATCH || problems.length >= BATCH) await flush();
  }
  await flush();
  await sql(client, 'ANALYZE import_rows');
  return { rows, header };
}

/** Staged codes (JSON) with the displays a source gave them. */
function withDisplays(codes: Staged, displays: ReadonlyMap<string, string>): Staged {
  if (typeof codes !== 'string') return codes;
  const list = JSON.parse(codes) as { system: string; code: string; display: string | null }[];
  return JSON.stringify(
    list.map((c) => ({ ...c, display: displays.get(`${c.system}|${c.code}`) ?? c.display })),
  );
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

/**
 * Matches, checks and sorts the staged rows; adds the counts and the first rows of each kind to
 * the tally, as the part's rows are reported.
 */
async function classify(
  client: PoolClient,
  spec: EntityImport,
  header: ReadonlySet<string>,
  part: ImportPart,
  tally: Tally,
) {
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
  const report = reporter(part);
  tally.counts.errors += count('errors');
  tally.counts.created += count('create');
  tally.counts.changed += count('change');
  tally.counts.unchanged += count('unchanged');
  tally.errors.push(
    ...errors.map((e) => ({
      row: report.row(e.row),
      field: report.field(e.field, e.row),
      message: report.message(e.message),
      ...report.entity,
    })),
  );
  const listed = async (kind: string) =>
    (await listRows(client, spec, header, kind)).map((r) => ({
      ...r,
      row: report.row(r.row),
      ...report.entity,
    }));
  tally.created.push(...(await listed('create')));
  tally.changed.push(...(await listed('change')));
  tally.unchanged.push(...(await listed('unchanged')));
}

/** How a part's staged rows, columns and messages read in the answer. */
function reporter(part: ImportPart) {
  const row = (key: number) => (part.reportRow ? part.reportRow(key) : key);
  return {
    row,
    field: (column: string, key: number) =>
      part.reportField ? part.reportField(column, key) : column,
    // The checks' messages name other staged rows ("repeats the name of row 3").
    message: (text: string) =>
      part.reportRow
        ? text.replace(/\brow (\d+)/g, (_all, key: string) => `row ${row(Number(key))}`)
        : text,
    entity: part.named ? { entity: part.entity } : {},
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

/**
 * Stores the rows to create and to change, then their dependent rows (a medication's dosages and
 * links), each with its history entry (one statement each).
 */
async function write(
  client: PoolClient,
  spec: EntityImport,
  header: ReadonlySet<string>,
  author: Author,
) {
  const run = (text: string, values: unknown[]) => sql(client, text, values);
  await writeWithEntry(run, spec.audit, { text: spec.update(header), values: [] }, author);
  await writeWithEntry(run, spec.audit, { text: spec.insert(header), values: [] }, author);
  for (const step of spec.dependents?.(header) ?? [])
    await writeWithEntry(run, step.audit, { text: step.text, values: [] }, author);
}

/** A CSV file of one entity's records as the part of an import (see csvRows). */
export function csvPart(entity: ImportEntity, body: Readable): ImportPart {
  return {
    entity,
    async *rows(_client, problem) {
      try {
        yield* csvRows(body, problem);
      } finally {
        // The rest of a body left unread (a header that cannot be read) is let go.
        body.resume();
      }
    },
  };
}
