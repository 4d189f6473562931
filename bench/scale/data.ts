import pg from 'pg';

/**
 * The data of `npm run bench:scale`, loaded by set-based SQL (generate_series, INSERT ... SELECT):
 * 10,000 conditions, 50 lifestyles, 100,000 medications, each with two dosages and two condition
 * contraindications, and 1,000,000 interactions. Names are made of drug-like syllables, so a
 * search for a few letters finds a realistic share of them.
 */
export const SCALE = {
  conditions: 10_000,
  lifestyles: 50,
  medications: 100_000,
  /** Each medication with the next 10 (by id, wrapping): 1,000,000 distinct pairs. */
  interactionsPerMedication: 10,
} as const;

const NAME = (g: string) => `(ARRAY['Amo','Bel','Car','Dex','Eri','Flu','Gli','Hyd','Ibu','Ket',
  'Lev','Met','Nap','Ome','Pra','Que','Ris','Sim','Tra','Val'])[1 + ${g} % 20]
  || (ARRAY['xi','pro','va','zo','ta','lo','ni','mi','re','sa'])[1 + (${g} / 20) % 10]
  || (ARRAY['cillin','fen','pril','statin','zole','mab','vir','olol','sartan','dine'])[1 + (${g} / 200) % 10]
  || ' ' || ${g}`;

const LOAD_SQL = [
  `INSERT INTO conditions (name, description)
   SELECT (ARRAY['Chronic','Acute','Severe','Mild','Recurrent'])[1 + g % 5] || ' '
          || (ARRAY['asthma','bronchitis','arthritis','dermatitis','hepatitis','nephritis','gastritis',
                    'colitis','migraine','anemia'])[1 + (g / 5) % 10] || ' ' || g,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 'Reference condition number ' || g END
     FROM generate_series(1, ${SCALE.conditions}) g`,
  `INSERT INTO lifestyles (name) SELECT 'Lifestyle ' || g FROM generate_series(1, ${SCALE.lifestyles}) g`,
  `INSERT INTO age_categories (min_age, max_age, age_unit, category_name, description) VALUES
     (0, 28, 'days', 'Pediatric', 'Neonate'), (1, 12, 'months', 'Pediatric', 'Infant'),
     (1, 12, 'years', 'Pediatric', 'Child'), (18, 65, 'years', 'Adult', 'Adult'),
     (65, 120, 'years', 'Geriatric', 'Older adult')`,
  `INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name) VALUES
     (0, 50, 'kg', 'Underweight'), (50.1, 80, 'kg', 'Normal'), (80.1, 100, 'kg', 'Overweight'),
     (100.1, 300, 'kg', 'Obese')`,
  `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, pregnancy_category, created_at, updated_at)
   SELECT ${NAME('g')}, 1 + (g * 7919) % ${SCALE.conditions}, g % 2 = 0,
          CASE WHEN g % 2 = 0 THEN 5 * (1 + g % 40) END, (ARRAY['A', 'B', 'C', 'D', 'X', NULL])[1 + g % 6],
          now() - g * interval '1 minute', now() - (g % 997) * interval '1 minute'
     FROM generate_series(1, ${SCALE.medications}) g`,
  `INSERT INTO weight_category_dosages (medication_id, weight_category_id, min_dosage, max_dosage, dosage_unit,
     min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
   SELECT m.id, c.id, 100 * c.id, 150 * c.id, 'mg', 6, 8, 'hours', 5, 7, 'days'
     FROM medications m JOIN weight_categories c ON c.id IN (1 + m.id % 4, 1 + (m.id + 1) % 4)
    WHERE m.is_dosage_weight_based`,
  `INSERT INTO age_category_dosages (medication_id, age_category_id, min_dosage, max_dosage, dosage_unit,
     min_frequency, max_frequency, frequency_unit, min_duration, max_duration, duration_unit)
   SELECT m.id, c.id, 10 * c.id, 20 * c.id, 'mg', 12, 24, 'hours', 3, 10, 'days'
     FROM medications m JOIN age_categories c ON c.id IN (1 + m.id % 5, 1 + (m.id + 2) % 5)
    WHERE NOT m.is_dosage_weight_based`,
  `INSERT INTO medication_contraindications (medication_id, condition_id)
   SELECT m.id, 1 + (m.id * 31 + k * 977) % ${SCALE.conditions} FROM medications m, generate_series(1, 2) k`,
  `INSERT INTO lifestyle_contraindications (medication_id, lifestyle_id)
   SELECT m.id, 1 + m.id % ${SCALE.lifestyles} FROM medications m WHERE m.id % 3 = 0`,
  // The pair {a, a + k mod n} for k = 1..10: distinct unordered pairs, half stored each way round.
  `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description, is_allergen, created_at)
   SELECT CASE WHEN (a + k) % 2 = 0 THEN a ELSE b END, CASE WHEN (a + k) % 2 = 0 THEN b ELSE a END,
          (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + (a * k) % 4],
          'May ' || (ARRAY['increase','decrease','potentiate','inhibit'])[1 + (a + k) % 4] || ' '
          || (ARRAY['bleeding risk','serum levels','sedation','QT prolongation','renal clearance',
                    'blood pressure','"serotonin" effects, with caution'])[1 + (a * 3 + k) % 7],
          (a + k) % 50 = 0, now() - (a * 10 + k) * interval '1 second'
     FROM generate_series(1, ${SCALE.medications}) a, generate_series(1, ${SCALE.interactionsPerMedication}) k,
          LATERAL (SELECT (a - 1 + k) % ${SCALE.medications} + 1 AS b) other`,
];

const LOADED_TABLES = [
  'conditions',
  'lifestyles',
  'medications',
  'weight_category_dosages',
  'age_category_dosages',
  'medication_contraindications',
  'lifestyle_contraindications',
  'drug_interactions',
];

/** Every table the load writes: the loaded ones and the few categories. */
const WRITTEN_TABLES = [...LOADED_TABLES, 'age_categories', 'weight_categories'];

/**
 * Loads the data into the (migrated, empty) database at `adminUrl`, a superuser's connection:
 * as a bulk load does, with the triggers off and the indexes that back no constraint dropped for
 * the load and built again after it (from their own definitions), then analysed and checkpointed.
 * Answers the seconds it took.
 */
export async function loadScaleData(adminUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '256MB'");
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i
        WHERE i.indrelid::regclass::text = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [LOADED_TABLES],
    );
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await client.query("SET session_replication_role = 'replica'");
    for (const sql of LOAD_SQL) await client.query(sql);
    await client.query("SET session_replication_role = 'origin'");
    // The triggers that note the draft's changes for the next release were off too: note the
    // loaded rows as they would have (once a release exists, as they do), so that publishing the
    // draft versions them.
    await client.query(
      `INSERT INTO draft_changes (table_name, id)
       SELECT table_name, id
         FROM (${WRITTEN_TABLES.map((table) => `SELECT '${table}' AS table_name, id FROM ${table}`).join(' UNION ALL ')}) loaded
        WHERE EXISTS (SELECT 1 FROM releases)
       ON CONFLICT DO NOTHING`,
    );
    for (const index of indexes) await client.query(index.definition);
    // The triggers that move the tables' versions were off: move them once, as a write would.
    await client.query('UPDATE table_versions SET version = version + 1');
    await client.query('VACUUM (ANALYZE)');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}
