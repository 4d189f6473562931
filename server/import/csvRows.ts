import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { HttpError } from '../errors';

/** The largest file an import reads. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** The most data rows one import takes. */
export const IMPORT_MAX_ROWS = 250_000;

/**
 * The formula guard of the CSV encoder (server/lib/csv.ts) taken off again: the `'` it writes
 * before `=`, `+`, `-`, `@`, a tab or a carriage return at the start of a text or after a `,`,
 * `;` or tab inside it. A text that itself began with `'=` comes back without its `'`: the
 * encoder writes both the same way, and the guarded form is by far the likelier.
 */
const GUARD = /(?:^|(?<=[,;\t]))'(?=[=+\-@\t\r])/g;

export function unguard(text: string): string {
  return text.includes("'") ? text.replace(GUARD, '') : text;
}

/**
 * One data row: its number as a spreadsheet shows it (the header is row 1) and its cells; null
 * cells for a row whose shape was reported as a problem.
 */
export interface CsvRow {
  row: number;
  cells: string[] | null;
}

/** A problem with the file as a whole or with one row's shape. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** Counts the bytes that pass and stops the stream past `limit`, with a 413. */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        done(
          new HttpError(
            413,
            `An import is at most ${limit / (1024 * 1024)} MiB. Split the file and import each part.`,
          ),
        );
        return;
      }
      done(null, chunk);
    },
  });
}

/**
 * The rows of a CSV body, read as it arrives (the whole file is never held): the header first
 * (trimmed names), then each data row with its number and its cells, the formula guard undone.
 * A row with a wrong number of cells is a problem, reported through `problem`, and has no cells; a
 * malformed file (an unclosed quote) ends the reading with a problem on the row it reached.
 */
export async function* csvRows(
  body: Readable,
  problem: (found: RowProblem) => void,
  maxBytes = IMPORT_MAX_BYTES,
): AsyncGenerator<{ header: string[] } | CsvRow> {
  // Records as plain arrays: csv-parse's `info` per record halves its speed.
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true });
  const limit = byteLimit(maxBytes);
  body.on('error', (error) => limit.destroy(error));
  limit.on('error', (error) => parser.destroy(error));
  body.pipe(limit).pipe(parser);
  let header: string[] | undefined;
  let row = 1;
  let malformed = false;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!header) {
        header = cells.map((cell) => unguard(cell).trim());
        yield { header };
        continue;
      }
      row++;
      if (row - 1 > IMPORT_MAX_ROWS) {
        throw new HttpError(
          422,
          `An import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Split the file and import each part.`,
          { file: [`must have at most ${IMPORT_MAX_ROWS} rows`] },
        );
      }
      if (cells.length !== header.length) {
        problem({
          row,
          field: 'row',
          message: `has ${cells.length} cells where the header has ${header.length}`,
        });
        yield { row, cells: null };
        continue;
      }
      yield { row, cells: cells.map(unguard) };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    malformed = true;
    // The parser's message names the line; the row is the first one not read.
    problem({ row: row + 1, field: 'file', message: `is not valid CSV: ${message}` });
  } finally {
    body.unpipe();
  }
  if (!header && !malformed)
    problem({ row: 1, field: 'file', message: 'is empty: it needs a header row' });
}
