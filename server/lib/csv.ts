/**
 * The one CSV encoder of every download (the reference lists, the data-quality report, a
 * release's changes): RFC 4180 lines ending in CRLF, every text quoted, numbers left as numbers.
 *
 * A text a spreadsheet would run as a formula is made inert with a `'` before its first
 * character, the usual defence: one that starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return. Spreadsheets that split a line on `;` or tabs rather than commas (a semicolon is the
 * default separator where the decimal mark is a comma) ignore the quotes and start a new cell
 * after each of those separators, so the same check is made after every `,`, `;` and tab inside a
 * text: `Zeta;=cmd|' /C calc'!A0` is written `"Zeta;'=cmd|' /C calc'!A0"`.
 */

/** Where a text, split by any spreadsheet, starts a cell that would run as a formula. */
const FORMULA_START = /(?:^|(?<=[,;\t]))(?=[=+\-@\t\r])/g;
/** The characters a quoted text may need changed for: a quote, or a formula's first character. */
const SPECIAL = /["=+\-@\t\r]/;
/** A text of dashes alone (the lists' `-` and `--` for nothing) is no formula: left as it is. */
const DASHES = /^-+$/;
/** A number as PostgreSQL and JavaScript write one, which spreadsheets read as that number. */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const CSV_LINE_END = '\r\n';

/** A text as one quoted CSV field, with anything a spreadsheet would run as a formula made inert. */
export function csvText(text: string): string {
  // Most texts hold none of these characters: quoted as they are, without a closer look.
  if (!SPECIAL.test(text)) return `"${text}"`;
  const inert = DASHES.test(text) ? text : text.replace(FORMULA_START, "'");
  return `"${inert.includes('"') ? inert.replaceAll('"', '""') : inert}"`;
}

/**
 * One CSV field: nothing (null, undefined) is an empty field; a finite number is written as it
 * is, unquoted, so a spreadsheet reads it as a number (a negative one included); a boolean as
 * `true` or `false`; anything else is a text (csvText).
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(value) : csvText(String(value));
  if (typeof value === 'boolean') return String(value);
  return csvText(value);
}

/**
 * A field of a numeric column as PostgreSQL wrote it (text): unquoted when it is a plain number,
 * so `-3` stays the number -3; anything else (`NaN`, `Infinity`) is a text.
 */
export function csvNumber(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return NUMBER.test(text) ? text : csvText(text);
}

/** One CSV line of `fields`, each written by csvField. */
export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i === 0 ? '' : ',') + csvField(fields[i]);
  return line + CSV_LINE_END;
}

/** PostgreSQL's numeric types (pg_type oids): int2, int4, int8, oid, float4, float8, numeric. */
const NUMERIC_TYPES = new Set([21, 23, 20, 26, 700, 701, 1700]);

/**
 * A writer of the rows of a query read with every value as PostgreSQL's text (see
 * wholeStream's `raw` reading), by the query's columns: numeric columns as numbers, every other
 * column as text. Answers the header line (the columns' names) and a function writing rows.
 */
export function csvColumns(fields: readonly { name: string; dataTypeID: number }[]): {
  header: string;
  lines: (rows: readonly (readonly (string | null)[])[]) => string;
} {
  const numeric = fields.map((field) => NUMERIC_TYPES.has(field.dataTypeID));
  return {
    header: csvLine(fields.map((field) => field.name)),
    lines(rows) {
      let text = '';
      for (const row of rows) {
        for (let i = 0; i < numeric.length; i++) {
          const value = row[i];
          if (i > 0) text += ',';
          if (value !== null) text += numeric[i] ? csvNumber(value) : csvText(value);
        }
        text += CSV_LINE_END;
      }
      return text;
    },
  };
}
