/**
 * The demo data set: reference data (conditions, age and weight categories, lifestyles,
 * medications with dosages, contraindications and interactions, the simple drug list), demo
 * app users and their search history.
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE. The doses, categories, contraindications and
 * interactions are simplified for demonstration and must never be used for patient care.
 *
 * The data itself lives in ./seed-data/, one module per table. Everything random (sign-up dates,
 * activity, searches) comes from a fixed-seed PRNG, so the data set is the same every time for the
 * same `now`.
 */
import type pg from 'pg';
import { hashPassword } from '../auth/passwords';
import { ATC, ICD10, RXNORM, SNOMED, type Code } from '../domain/codes';
import { seedTestPrescriptions } from './seed-test-prescriptions';
import {
  CONDITION_CODES,
  INGREDIENT_CODES,
  MEDICATION_CODES,
  type ConditionCodes,
  type MedicineCodes,
} from './seed-data/codes';
import {
  AGE_CATEGORIES,
  CLASS_RULES,
  CONDITIONS,
  DRUG_CLASSES,
  DRUGS,
  INGREDIENT_LIMITS,
  INTERACTIONS,
  KIDNEY_CONDITIONS,
  LIFESTYLES,
  MEDICATIONS,
  POPULAR_SEARCHES,
  RENAL_CATEGORIES,
  RENAL_RULES,
  USERS,
  WEIGHT_CATEGORIES,
  WEIGHT_CATEGORY_MIN_AGE_YEARS,
  type DosageSeed,
} from './seed-data';

export const DEMO_USER_PASSWORD = 'demo-user-password';

type Db = pg.PoolClient | pg.Client;
type Value = string | number | boolean | Date | null | string[];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PRNG_SEED = 0x5eed2024;
/** Indexes into USERS of the accounts that were never active (no last_active_at, no history). */
const NEVER_ACTIVE = new Set([6, 15]);
/** Indexes into USERS of the accounts active today. */
const ACTIVE_TODAY = new Set([0, 2, 4, 8, 11, 13, 17, 19]);

/** mulberry32: a tiny, fast, deterministic PRNG returning numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One multi-row `INSERT ... VALUES ($1, $2, ...), (...)`. Table and column names are constants
 * of this file; every value is a bound parameter.
 */
async function insertRows<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: Db,
  table: string,
  columns: readonly string[],
  rows: Value[][],
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const values: Value[] = [];
  const tuples = rows.map((row) => {
    if (row.length !== columns.length) {
      throw new Error(`seed: ${table} row has ${row.length} values for ${columns.length} columns`);
    }
    const placeholders = row.map((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const text =
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}` +
    (returning ? ` RETURNING ${returning}` : '');
  const result = await client.query<R>(text, values);
  return result.rows;
}

/** A record's codes as its `codes` column takes them (JSON), in the order given. */
function codesJson(codes: [Code['system'], string | null | undefined][]): string {
  return JSON.stringify(
    codes.flatMap(([system, code]) => (code ? [{ system, code, display: null }] : [])),
  );
}
const medicineCodes = (c: MedicineCodes | undefined) =>
  codesJson([
    [ATC, c?.atc],
    [RXNORM, c?.rxnorm],
  ]);
const conditionCodes = (c: ConditionCodes | undefined) =>
  codesJson([
    [ICD10, c?.icd10],
    [SNOMED, c?.snomed],
  ]);

/** Every name of `codes` is one of `names`: a misspelt name would leave its record uncoded. */
function checkCodedNames(codes: Record<string, unknown>, names: string[], what: string) {
  for (const name of Object.keys(codes))
    if (!names.includes(name)) throw new Error(`seed: codes for unknown ${what} "${name}"`);
}

function lookup<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key.toLowerCase());
  if (value === undefined) throw new Error(`seed: unknown ${what} "${key}"`);
  return value;
}

function idsByKey(rows: { id: number; key: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.key.toLowerCase(), row.id]));
}

const DOSAGE_COLUMNS = [
  'min_dosage',
  'max_dosage',
  'dosage_unit',
  'min_frequency',
  'max_frequency',
  'frequency_unit',
  'min_duration',
  'max_duration',
  'duration_unit',
  'max_daily_dosage',
  'max_dose',
] as const;

function dosageValues(dosage: DosageSeed<string>): Value[] {
  return [
    ...dosage.dose,
    ...dosage.frequency,
    ...dosage.duration,
    dosage.maxDaily ?? null,
    dosage.maxDose ?? null,
  ];
}

/** Loads the demo data set. The caller runs it inside a transaction on an empty database. */
export async function seedDemo(
  client: pg.PoolClient | pg.Client,
  options: { passwordCost?: number; now?: Date } = {},
): Promise<void> {
  // Whole milliseconds throughout, so every stored time compares exactly.
  const now = (options.now ?? new Date()).getTime();
  const random = mulberry32(PRNG_SEED);

  // Hash while the reference data is inserted; scrypt runs on the libuv thread pool.
  const hashing = Promise.all(
    USERS.map(() => hashPassword(DEMO_USER_PASSWORD, options.passwordCost)),
  );
  // Do not leave a rejection unhandled if an insert below fails first.
  hashing.catch(() => undefined);

  checkCodedNames(
    CONDITION_CODES,
    CONDITIONS.map((c) => c.name),
    'condition',
  );
  checkCodedNames(
    MEDICATION_CODES,
    MEDICATIONS.map((m) => m.name),
    'medication',
  );
  checkCodedNames(
    INGREDIENT_CODES,
    MEDICATIONS.flatMap((m) => (m.ingredients ?? []).map((i) => i.name)),
    'ingredient',
  );

  // ---------- parents ----------
  const conditionIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'conditions',
      ['name', 'description', 'affects_kidney_function', 'codes'],
      CONDITIONS.map((c) => [
        c.name,
        c.description,
        KIDNEY_CONDITIONS.includes(c.name),
        conditionCodes(CONDITION_CODES[c.name]),
      ]),
      'id, name AS key',
    ),
  );

  const ageRows = await insertRows<{ id: number; key: string }>(
    client,
    'age_categories',
    ['min_age', 'max_age', 'age_unit', 'category_name', 'description'],
    AGE_CATEGORIES.map((a) => [a.minAge, a.maxAge, a.unit, a.categoryName, a.description]),
    'id, description AS key',
  );
  const ageIds = new Map(
    AGE_CATEGORIES.map((a): [string, number] => [
      a.key,
      lookup(idsByKey(ageRows), a.description, 'age category'),
    ]),
  );

  const weightIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'weight_categories',
      ['min_weight', 'max_weight', 'weight_unit', 'category_name', 'description', 'min_age_years'],
      WEIGHT_CATEGORIES.map((w) => [
        w.minWeight,
        w.maxWeight,
        'kg',
        w.categoryName,
        w.description,
        WEIGHT_CATEGORY_MIN_AGE_YEARS,
      ]),
      'id, category_name AS key',
    ),
  );

  const lifestyleIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'lifestyles',
      ['name'],
      LIFESTYLES.map((name) => [name]),
      'id, name AS key',
    ),
  );

  const medicationIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'medications',
      [
        'name',
        'condition_id',
        'is_dosage_weight_based',
        'avg_weight_dosage',
        'avg_weight_dosage_unit',
        'pregnancy_category',
        'min_age',
        'age_limit_unit',
        'age_limit_severity',
        'codes',
      ],
      MEDICATIONS.map((m) => [
        m.name,
        lookup(conditionIds, m.condition, 'condition'),
        m.dosing === 'weight',
        m.avgWeightDosage,
        m.avgWeightDosageUnit,
        m.pregnancyCategory,
        m.minimumAge?.[0] ?? null,
        m.minimumAge?.[1] ?? 'years',
        'contraindicated',
        medicineCodes(MEDICATION_CODES[m.name]),
      ]),
      'id, name AS key',
    ),
  );
  const medicationId = (name: string) => lookup(medicationIds, name, 'medication');

  // ---------- children of medications ----------
  await insertRows(
    client,
    'medication_contraindications',
    ['medication_id', 'condition_id', 'level', 'severity'],
    MEDICATIONS.flatMap((m) =>
      m.contraindications.map((link) =>
        typeof link === 'string'
          ? [
              medicationId(m.name),
              lookup(conditionIds, link, 'condition'),
              'contraindicated',
              'contraindicated',
            ]
          : [
              medicationId(m.name),
              lookup(conditionIds, link.condition, 'condition'),
              'caution',
              link.severity,
            ],
      ),
    ),
  );

  await insertRows(
    client,
    'weight_category_dosages',
    ['medication_id', 'weight_category_id', ...DOSAGE_COLUMNS],
    MEDICATIONS.flatMap((m) =>
      m.dosing === 'weight'
        ? m.dosages.map((d) => [
            medicationId(m.name),
            lookup(weightIds, d.category, 'weight category'),
            ...dosageValues(d),
          ])
        : [],
    ),
  );

  await insertRows(
    client,
    'age_category_dosages',
    ['medication_id', 'age_category_id', ...DOSAGE_COLUMNS],
    MEDICATIONS.flatMap((m) =>
      (m.dosing === 'age' ? m.dosages : (m.ageDosages ?? [])).map((d) => [
        medicationId(m.name),
        lookup(ageIds, d.category, 'age category'),
        ...dosageValues(d),
      ]),
    ),
  );

  await insertRows(
    client,
    'lifestyle_contraindications',
    ['medication_id', 'lifestyle_id', 'severity'],
    MEDICATIONS.flatMap((m) =>
      m.lifestyles.map((link) => {
        const [lifestyle, severity] = typeof link === 'string' ? [link, 'major'] : link;
        return [medicationId(m.name), lookup(lifestyleIds, lifestyle, 'lifestyle'), severity];
      }),
    ),
  );

  await insertRows(
    client,
    'drug_interactions',
    ['medication_id', 'interacting_medication_id', 'severity', 'description', 'is_allergen'],
    INTERACTIONS.map((i) => [
      medicationId(i.medication),
      medicationId(i.interactsWith),
      i.severity,
      i.description,
      i.isAllergen ?? false,
    ]),
  );

  // What each medication contains: its own ingredients, or one of its own name.
  const contents = MEDICATIONS.map((m) => ({
    medication: m.name,
    ingredients: m.ingredients ?? [{ name: m.name, strength: null }],
  }));
  const ingredientIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'ingredients',
      ['name', 'codes'],
      [...new Set(contents.flatMap((c) => c.ingredients.map((i) => i.name)))].map((name) => [
        name,
        medicineCodes(INGREDIENT_CODES[name] ?? MEDICATION_CODES[name]),
      ]),
      'id, name AS key',
    ),
  );
  await insertRows(
    client,
    'medication_ingredients',
    ['medication_id', 'ingredient_id', 'amount', 'amount_unit', 'per_unit'],
    contents.flatMap((c) =>
      c.ingredients.map((i) => [
        medicationId(c.medication),
        lookup(ingredientIds, i.name, 'ingredient'),
        ...(i.strength ?? [null, null, null]),
      ]),
    ),
  );
  await insertRows(
    client,
    'ingredient_daily_limits',
    ['ingredient_id', 'age_category_id', 'weight_category_id', 'max_daily_amount', 'unit'],
    INGREDIENT_LIMITS.map((l) => [
      lookup(ingredientIds, l.ingredient, 'ingredient'),
      l.basis === 'age' ? lookup(ageIds, l.category, 'age category') : null,
      l.basis === 'weight' ? lookup(weightIds, l.category, 'weight category') : null,
      l.amount,
      l.unit,
    ]),
  );

  const renalIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'renal_categories',
      ['min_egfr', 'max_egfr', 'category_name', 'description'],
      RENAL_CATEGORIES.map((c) => [c.min, c.max, c.name, c.description]),
      'id, category_name AS key',
    ),
  );
  await insertRows(
    client,
    'renal_rules',
    [
      'medication_id',
      'renal_category_id',
      'avoid',
      'min_dosage',
      'max_dosage',
      'dosage_unit',
      'max_daily_dosage',
      'min_frequency',
      'max_frequency',
      'frequency_unit',
    ],
    RENAL_RULES.map((r) => [
      medicationId(r.medication),
      lookup(renalIds, r.band, 'renal category'),
      r.avoid ?? false,
      ...(r.dose ?? [null, null, null]),
      r.maxDaily ?? null,
      ...(r.everyHours ? [...r.everyHours, 'hours'] : [null, null, null]),
    ]),
  );

  const classIds = idsByKey(
    await insertRows<{ id: number; key: string }>(
      client,
      'drug_classes',
      ['name', 'atc_code', 'duplicate_severity', 'codes'],
      DRUG_CLASSES.map((c) => [
        c.name,
        c.atcCode,
        c.duplicateSeverity,
        medicineCodes({ atc: c.atcCode ?? undefined }),
      ]),
      'id, name AS key',
    ),
  );
  const classId = (name: string) => lookup(classIds, name, 'drug class');
  await insertRows(
    client,
    'drug_class_members',
    ['drug_class_id', 'medication_id'],
    DRUG_CLASSES.flatMap((c) => c.members.map((m) => [classId(c.name), medicationId(m)])),
  );
  await insertRows(
    client,
    'class_rules',
    ['kind', 'drug_class_id', 'other_class_id', 'severity', 'description'],
    CLASS_RULES.map((r) => [
      r.kind,
      classId(r.drugClass),
      classId(r.otherClass),
      r.severity,
      r.description,
    ]),
  );

  await insertRows(
    client,
    'drugs',
    [
      'name',
      'description',
      'dosage',
      'side_effects',
      'contraindications',
      'category',
      'manufacturer',
    ],
    DRUGS.map((d) => [
      d.name,
      d.description,
      d.dosage,
      d.sideEffects,
      d.contraindications,
      d.category,
      d.manufacturer,
    ]),
  );

  // ---------- users and their activity ----------
  const localMidnight = new Date(now);
  localMidnight.setHours(0, 0, 0, 0);
  const sinceMidnight = Math.min(now - localMidnight.getTime(), now % DAY);

  const activity = USERS.map((_, index) => {
    // Sign-ups spread over the last 90 days, oldest first, so ids follow sign-up order.
    const createdDaysAgo = 90 - index * (86 / (USERS.length - 1)) - random() * 2;
    const createdAt = Math.floor(now - createdDaysAgo * DAY);
    let lastActiveAt: number | null = null;
    if (ACTIVE_TODAY.has(index)) {
      lastActiveAt = Math.floor(now - random() * Math.min(6 * HOUR, sinceMidnight));
    } else if (!NEVER_ACTIVE.has(index)) {
      lastActiveAt = Math.floor(now - (1 + random() * (Math.min(30, createdDaysAgo) - 1)) * DAY);
    }
    return { createdAt, lastActiveAt };
  });

  const hashes = await hashing;
  const userRows = await insertRows<{ id: number; key: string }>(
    client,
    'users',
    ['name', 'email', 'password_hash', 'role', 'created_at', 'last_active_at'],
    USERS.map((u, index) => {
      const { createdAt, lastActiveAt } = activity[index];
      return [
        u.name,
        u.email,
        hashes[index],
        'user',
        new Date(createdAt),
        lastActiveAt === null ? null : new Date(lastActiveAt),
      ];
    }),
    'id, email AS key',
  );
  const userIds = idsByKey(userRows);

  // Searches over the last 30 days, between sign-up and last activity, favouring common drugs.
  const popular = new Set(POPULAR_SEARCHES.map((name) => name.toLowerCase()));
  const choices = MEDICATIONS.map((m) => ({
    id: medicationId(m.name),
    name: m.name,
    weight: popular.has(m.name.toLowerCase()) ? 5 : 1,
  }));
  const totalWeight = choices.reduce((sum, choice) => sum + choice.weight, 0);
  const pickMedication = () => {
    let ticket = random() * totalWeight;
    for (const choice of choices) {
      ticket -= choice.weight;
      if (ticket < 0) return choice;
    }
    return choices[choices.length - 1];
  };

  const searches: { userId: number; medicationId: number; name: string; at: number }[] = [];
  USERS.forEach((u, index) => {
    const { createdAt, lastActiveAt } = activity[index];
    if (lastActiveAt === null) return;
    const start = Math.max(createdAt, now - 30 * DAY);
    const count = 5 + Math.floor(random() * 14);
    for (let n = 0; n < count; n += 1) {
      const choice = pickMedication();
      searches.push({
        userId: lookup(userIds, u.email, 'user'),
        medicationId: choice.id,
        name: choice.name,
        at: Math.floor(start + random() * (lastActiveAt - start)),
      });
    }
  });
  searches.sort((a, b) => a.at - b.at);

  await insertRows(
    client,
    'search_history',
    ['user_id', 'medication_id', 'drug_name', 'searched_at'],
    searches.map((s) => [s.userId, s.medicationId, s.name, new Date(s.at)]),
  );

  await seedTestPrescriptions(client);
}
