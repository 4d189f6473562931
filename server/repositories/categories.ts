import type { Schema } from '../contract';
import type { Queryable } from '../db/pool';
import type { Write } from './audit/entries';
import { guardedDelete } from './guardedDelete';
import { type ListSpec } from './listing';

/**
 * Age and weight categories share one shape: a range with a unit, a category name and a
 * description, written as minimum_* / maximum_* / unit / category and read as min_* / max_* /
 * *_unit / category_name (the field names the console has always used).
 */
export type CategoryKind = 'age' | 'weight' | 'renal';

/** What a kind's ranges measure: ages, weights, and for kidney function the eGFR. */
const MEASURES = { age: 'age', weight: 'weight', renal: 'egfr' } as const;

/**
 * The names of a kind's tables, columns and fields, all made from the kind's name and what it
 * measures. The rules of a renal category are its renal rules; the others' are dosages.
 */
export function specOf<K extends CategoryKind>(kind: K) {
  const measure = MEASURES[kind];
  return {
    table: `${kind}_categories` as const,
    dosageTable:
      kind === 'renal' ? ('renal_rules' as const) : (`${kind}_category_dosages` as const),
    foreignKey: `${kind}_category_id` as const,
    /** Column names as read: [min, max, unit]. */
    columns: [`min_${measure}`, `max_${measure}`, `${measure}_unit`] as const,
    /** Field names as written: [minimum, maximum]. */
    fields: [`minimum_${measure}`, `maximum_${measure}`] as const,
    /** The grid's column titles say 'Age Range', 'Weight Unit', 'eGFR Range'. */
    label: { age: 'Age', weight: 'Weight', renal: 'eGFR' }[kind],
    /** The unit a write may leave out: an eGFR has one. */
    defaultUnit: kind === 'renal' ? 'mL/min/1.73m2' : null,
    /** Whether ingredients state daily limits by categories of this kind. */
    limits: kind !== 'renal',
    /**
     * Columns of one kind only, each with the field that writes it and its CSV title: a weight
     * category states the ages it is meant for.
     */
    own:
      kind === 'weight'
        ? ([
            ['min_age_years', 'minimum_age_years', 'Min Age (years)'],
            ['max_age_years', 'maximum_age_years', 'Max Age (years)'],
          ] as const)
        : ([] as const),
  };
}

/**
 * A kind's CSV cells, each its title and SQL over the columns `value` names (a stored row's, or
 * the values an import stages): the export writes them, and an import compares a row by them.
 * A weight category's ages are cells of their own, so that its export is the whole record.
 */
export function categoryCsvCells(
  kind: CategoryKind,
  value: (column: string, numeric: boolean) => string,
): [string, string][] {
  const spec = specOf(kind);
  const [min, max, unit] = spec.columns;
  return [
    [`${spec.label} Range`, `${value(min, true)} || ' - ' || ${value(max, true)}`],
    [`${spec.label} Unit`, `initcap(${value(unit, false)})`],
    ['Category', `coalesce(${value('category_name', false)}, '-')`],
    ['Description', `coalesce(nullif(${value('description', false)}, ''), '-')`],
    ...spec.own.map(([column, , title]): [string, string] => [
      title,
      `coalesce(${value(column, true)}::text, '-')`,
    ]),
  ];
}

type CategoryRow = Schema<'AgeCategory'> | Schema<'WeightCategory'> | Schema<'RenalCategory'>;
export type CategoryInput =
  Schema<'AgeCategoryCreate'> | Schema<'WeightCategoryCreate'> | Schema<'RenalCategoryCreate'>;

export function categoryRepository(kind: CategoryKind) {
  const spec = specOf(kind);
  const [min, max, unit] = spec.columns;
  const own = spec.own.map(([column]) => column);
  const select = [`id, ${min}, ${max}, ${unit}, category_name, description`, ...own].join(', ');
  const field = (input: CategoryInput, name: string) =>
    (input as Record<string, unknown>)[name] ?? null;
  const values = (input: CategoryInput) => [
    field(input, spec.fields[0]),
    field(input, spec.fields[1]),
    input.unit ?? spec.defaultUnit,
    input.category ?? null,
    input.description ?? null,
    ...spec.own.map(([, name]) => field(input, name)),
  ];
  /** `$6, $7` for the own columns, after the five shared values (and the id when `from` is 2). */
  const ownParams = (from: number) => own.map((_, i) => `$${from + 5 + i}`);
  const list: ListSpec<string> = {
    table: `${spec.table} t`,
    tables: [spec.table],
    columns: select,
    sorts: {
      [min]: [`t.${min}`],
      [max]: [`t.${max}`],
      [unit]: [`t.${unit}`],
      category_name: ['t.category_name'],
      description: ['lower(t.description)'],
    },
    defaultOrder: [`t.${unit}`, `t.${min}`],
    matchWord: (_word, like) =>
      ['t.category_name', `t.${unit}`, 't.description'].map(like).join(' OR '),
    csvColumns: categoryCsvCells(kind, (column) => `t.${column}`)
      .map(([title, cell]) => `${cell} AS "${title}"`)
      .join(',\n'),
  };

  /** The names of the medications with a dosage in this category, and of ingredients' limits. */
  async function usedBy(db: Queryable, id: number) {
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM (
         SELECT m.name FROM ${spec.dosageTable} d JOIN medications m ON m.id = d.medication_id
          WHERE d.${spec.foreignKey} = $1
         ${
           spec.limits
             ? `UNION
         SELECT i.name || ' (daily limit)' FROM ingredient_daily_limits l
           JOIN ingredients i ON i.id = l.ingredient_id WHERE l.${spec.foreignKey} = $1`
             : ''
         }) x
        ORDER BY name LIMIT 6`,
      [id],
    );
    return rows.map((r) => r.name);
  }

  return {
    table: spec.table,
    listSpec: list,
    async list(db: Queryable) {
      const { rows } = await db.query<CategoryRow>(
        `SELECT ${select} FROM ${spec.table} ORDER BY ${unit}, ${min}, id`,
      );
      return rows;
    },
    async get(db: Queryable, id: number) {
      const { rows } = await db.query<CategoryRow>(
        `SELECT ${select} FROM ${spec.table} WHERE id = $1`,
        [id],
      );
      return rows[0];
    },
    async insert(write: Write, input: CategoryInput) {
      const { rows } = await write<CategoryRow>(
        `INSERT INTO ${spec.table} (${[min, max, unit, 'category_name', 'description', ...own].join(', ')})
         VALUES (${['$1', '$2', '$3', '$4', '$5', ...ownParams(1)].join(', ')}) RETURNING ${select}`,
        values(input),
      );
      return rows[0];
    },
    async update(write: Write, id: number, input: CategoryInput) {
      const { rows } = await write<CategoryRow>(
        `UPDATE ${spec.table} SET ${min} = $2, ${max} = $3, ${unit} = $4, category_name = $5,
                description = $6, ${own.map((column, i) => `${column} = ${ownParams(2)[i]}, `).join('')}
                updated_at = now() WHERE id = $1 RETURNING ${select}`,
        [id, ...values(input)],
      );
      return rows[0];
    },
    ...guardedDelete(spec.table, usedBy),
  };
}

export type CategoryRepository = ReturnType<typeof categoryRepository>;

export const ageCategories = categoryRepository('age');
export const weightCategories = categoryRepository('weight');
export const renalCategories = categoryRepository('renal');
