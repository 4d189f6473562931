import {
  AGE_CATEGORY_NAMES,
  AGE_UNITS,
  RENAL_CATEGORY_NAMES,
  RENAL_UNITS,
  WEIGHT_CATEGORY_NAMES,
  WEIGHT_UNITS,
} from '@contract/enums';
import { checkRanges } from '../errors';
import { categoryCsvCells, specOf, type CategoryKind } from '../repositories/categories';
import { isNone, MAX_AMOUNT, numberOf, oneOf, passes, RANGE, rangeOf } from './cells';
import type { EntityImport, RowReader, Staged } from './entities';

/**
 * Age, weight and renal categories from their CSV exports: flat records, matched by their range
 * and unit (what a dosage tells them apart by); a matched row changes the name and description.
 */

/** What each kind takes besides its shared columns: units, names, and the range's bounds. */
const KINDS = {
  age: { audit: 'age_category', units: AGE_UNITS, names: AGE_CATEGORY_NAMES, most: MAX_AMOUNT },
  weight: {
    audit: 'weight_category',
    units: WEIGHT_UNITS,
    names: WEIGHT_CATEGORY_NAMES,
    most: MAX_AMOUNT,
  },
  // An eGFR goes up to 200 (the contract's Egfr).
  renal: { audit: 'renal_category', units: RENAL_UNITS, names: RENAL_CATEGORY_NAMES, most: 200 },
} as const;

/** A weight category's ages are in years, up to 130 (the contract's CategoryAgeYears). */
const MAX_AGE_YEARS = 130;

function categoryImport(kind: CategoryKind): EntityImport {
  const spec = specOf(kind);
  const { audit, units, names, most } = KINDS[kind];
  const [min, max, unit] = spec.columns;
  const rangeTitle = `${spec.label} Range`;
  const unitTitle = `${spec.label} Unit`;
  const own = spec.own.map(([column, , title]) => ({ column, title }));
  const has = (header: ReadonlySet<string>, title: string) => header.has(title);
  const cells = (alias: string, header: ReadonlySet<string>, staged: boolean) =>
    `jsonb_build_object(${categoryCsvCells(kind, (column, numeric) =>
      staged && numeric ? `${alias}.${column}::float8` : `${alias}.${column}`,
    )
      .filter(([title]) => !own.some((o) => o.title === title) || has(header, title))
      .map(([title, cell]) => `'${title}', ${cell}`)
      .join(', ')})`;

  return {
    audit,
    table: spec.table,
    columns: [
      { name: rangeTitle },
      { name: unitTitle },
      { name: 'Category' },
      { name: 'Description' },
      ...own.map((o) => ({ name: o.title, optional: true })),
    ],
    staging: [
      [min, 'text'],
      [max, 'text'],
      [unit, 'text'],
      ['category_name', 'text'],
      ['description', 'text'],
      ...own.map((o): readonly [string, 'text'] => [o.column, 'text']),
    ],
    read(row: RowReader, header) {
      let ok = true;
      const fail = (column: string, message: string) => {
        row.problem(column, message);
        ok = false;
      };
      const match = new RegExp(`^${RANGE}$`).exec((row.cell(rangeTitle) ?? '').trim());
      const [low, high] = match ? rangeOf(match[1], match[2]) : [NaN, NaN];
      if (!match) fail(rangeTitle, 'must be written "minimum - maximum", such as "1 - 12"');
      else if (high > most) fail(rangeTitle, `must be at most ${most}`);
      else if (
        !passes(row, rangeTitle, () =>
          checkRanges({ [spec.fields[0]]: low, [spec.fields[1]]: high }, [
            [spec.fields[0], spec.fields[1]],
          ]),
        )
      )
        ok = false;
      const unitValue = oneOf(units, row.cell(unitTitle) ?? '');
      if (!unitValue) fail(unitTitle, `must be one of ${units.join(', ')}`);
      const nameText = row.cell('Category') ?? '';
      const name = isNone(nameText) ? null : (oneOf(names, nameText) ?? undefined);
      if (name === undefined || (name === null && kind === 'weight'))
        fail('Category', `must be one of ${names.join(', ')}${kind === 'weight' ? '' : ', or -'}`);
      const description = isNone(row.cell('Description'))
        ? null
        : (row.cell('Description') ?? '').trim();
      if (description && description.length > 2000)
        fail('Description', 'must be at most 2000 characters');
      const ages = own.map(({ title }) => {
        const text = row.cell(title);
        if (!has(header, title) || isNone(text)) return null;
        const value = numberOf(text ?? '');
        if (value === undefined || value > MAX_AGE_YEARS) {
          fail(title, `must be a number of years from 0 to ${MAX_AGE_YEARS}, or -`);
          return null;
        }
        return value;
      });
      if (ages.length === 2 && ages[0] !== null && ages[1] !== null && ages[0] > ages[1])
        fail(own[0].title, `must not exceed ${own[1].title}`);
      if (!ok) return undefined;
      const values: Staged[] = [
        String(low),
        String(high),
        unitValue ?? null,
        name ?? null,
        description,
        ...ages.map((age) => (age === null ? null : String(age))),
      ];
      return values;
    },
    resolve: [
      `UPDATE import_rows r SET target_id = t.id
         FROM (SELECT min(id) AS id, ${min}, ${max}, ${unit} FROM ${spec.table}
                GROUP BY ${min}, ${max}, ${unit}) t
        WHERE t.${min} = r.${min}::float8 AND t.${max} = r.${max}::float8 AND t.${unit} = r.${unit}`,
    ],
    problems: [
      `SELECT row, '${rangeTitle}', 'repeats the range of row ' || first FROM (
         SELECT row, min(row) OVER (PARTITION BY ${min}::float8, ${max}::float8, ${unit}) AS first
           FROM import_rows r) d
        WHERE row > first`,
    ],
    before: (header) => cells('t', header, false),
    after: (header) => cells('r', header, true),
    label: `r.${min} || ' - ' || r.${max} || ' ' || r.${unit}`,
    insert: () => `INSERT INTO ${spec.table} (${min}, ${max}, ${unit}, category_name, description
                     ${own.map((o) => `, ${o.column}`).join('')})
        SELECT r.${min}::float8, r.${max}::float8, r.${unit}, r.category_name, r.description
               ${own.map((o) => `, r.${o.column}::float8`).join('')}
          FROM import_rows r WHERE r.kind = 'create' ORDER BY r.row
        RETURNING id`,
    update: (header) => `UPDATE ${spec.table} t SET category_name = r.category_name,
          description = r.description,
          ${own
            .filter((o) => has(header, o.title))
            .map((o) => `${o.column} = r.${o.column}::float8, `)
            .join('')}
          updated_at = now()
        FROM import_rows r WHERE r.kind = 'change' AND t.id = r.target_id
        RETURNING t.id`,
  };
}

export const AGE_CATEGORIES = categoryImport('age');
export const WEIGHT_CATEGORIES = categoryImport('weight');
export const RENAL_CATEGORIES = categoryImport('renal');
