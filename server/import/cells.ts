import { HttpError } from '../errors';
import type { RowReader } from './entities';

/**
 * Reading the cells the readable exports write: numbers, ranges `A - B`, units and names from a
 * fixed list, lists of items separated by `; `, and the `-`/`--` they write for nothing.
 */

/** The largest quantity the contract takes (its Amount). */
export const MAX_AMOUNT = 1_000_000;

/** Whether a cell says "nothing": empty, or the `-` / `--` the exports write for none. */
export function isNone(text: string | undefined): boolean {
  const value = (text ?? '').trim();
  return value === '' || value === '-' || value === '--';
}

/** A number's text (`12`, `0.5`, `1e-05`), or undefined when the text is no finite number. */
export function numberOf(text: string): number | undefined {
  const value = text.trim();
  if (!/^[+]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(value)) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** A number as the exports write it, as a pattern. */
export const NUMBER = String.raw`[+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?`;
/** `A - B`, or `A` alone for A to A, as a pattern with the two bounds as groups. */
export const RANGE = String.raw`(${NUMBER})(?:\s*-\s*(${NUMBER}))?`;

/** The bounds of a range's groups (`RANGE`), the maximum the minimum when it is left out. */
export function rangeOf(low: string, high: string | undefined): [number, number] {
  return [Number(low), Number(high ?? low)];
}

/** The value of `list` that `text` names, whatever its case; undefined when none does. */
export function oneOf<T extends string>(list: readonly T[], text: string): T | undefined {
  const wanted = text.trim().toLowerCase();
  return list.find((item) => item.toLowerCase() === wanted);
}

/** A list cell's items, trimmed, without empty ones; none for `--`. */
export function itemsOf(text: string | undefined): string[] {
  if (isNone(text)) return [];
  return (text ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Runs one of the API's own checks (which throw a 422 naming fields) on a value read from a
 * cell, and reports each problem it finds against the cell's column (or, for a check of values
 * read from several cells, the column `columnOf` gives the field); answers whether it passed.
 */
export function passes(
  row: RowReader,
  column: string,
  check: () => void,
  prefix = '',
  columnOf?: (field: string) => string | undefined,
): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 422) throw error;
    const problems = Object.entries(error.errors ?? {}).flatMap(([field, messages]) =>
      messages.map((message) => [columnOf?.(field) ?? column, message] as const),
    );
    for (const [at, message] of problems.length > 0 ? problems : [[column, error.message]])
      row.problem(at, `${prefix}${message}`);
    return false;
  }
}
