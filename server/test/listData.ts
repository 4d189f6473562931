import type pg from 'pg';

/**
 * A few records of every reference list, with ties, nulls, mixed case, and texts CSV must quote
 * (commas, quotes, a leading `=`). Answers the ids by name (the second Ibuprofen is 'Ibuprofen 2';
 * interactions are 'Medication+Interacting').
 */
export async function insertListData(pool: pg.Pool): Promise<Record<string, number>> {
  const id: Record<string, number> = {};
  const insert = async (sql: string, params: unknown[]) => {
    const { rows } = await pool.query<{ id: number }>(`${sql} RETURNING id`, params);
    return rows[0].id;
  };
  const conditions: [string, string | null][] = [
    ['Asthma', 'Airway disease'],
    ['bronchitis', null],
    ['Cystic fibrosis', 'Lung, "sticky" mucus'],
    ['Diabetes', '=SUM(A1)'],
  ];
  for (const [name, description] of conditions) {
    id[name] = await insert('INSERT INTO conditions (name, description) VALUES ($1, $2)', [
      name,
      description,
    ]);
  }
  for (const name of ['Smoking', 'alcohol', 'Night shifts']) {
    id[name] = await insert('INSERT INTO lifestyles (name) VALUES ($1)', [name]);
  }
  // name, condition, weight-based, average dosage, pregnancy category
  const medications: [string, string, boolean, number | null, string | null][] = [
    ['Warfarin', 'Diabetes', false, null, 'X'],
    ['Ibuprofen', 'Asthma', false, null, 'C'],
    ['Amoxicillin', 'bronchitis', true, 25, 'B'],
    ['aspirin', 'Asthma', false, null, null],
    ['Ibuprofen', 'Cystic fibrosis', true, 10, 'C'],
  ];
  for (const [i, [name, condition, weight, dosage, category]] of medications.entries()) {
    id[i === 4 ? 'Ibuprofen 2' : name] = await insert(
      `INSERT INTO medications (name, condition_id, is_dosage_weight_based, avg_weight_dosage, pregnancy_category, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, '2025-01-01'::timestamptz + $6 * interval '1 day', '2025-06-01'::timestamptz - $6 * interval '1 day')`,
      [name, id[condition], weight, dosage, category, i],
    );
  }
  await pool.query(
    'INSERT INTO medication_contraindications (medication_id, condition_id) VALUES ($1, $2), ($1, $3)',
    [id.Warfarin, id['Cystic fibrosis'], id.Asthma],
  );
  // medication, interacting, severity, description, allergen
  const interactions: [string, string, string, string, boolean][] = [
    ['aspirin', 'Warfarin', 'major', 'Bleeding risk', false],
    ['Amoxicillin', 'Warfarin', 'moderate', 'Raises INR', false],
    ['Ibuprofen', 'aspirin', 'minor', 'Less "aspirin" effect, at times', true],
    ['Warfarin', 'Ibuprofen 2', 'contraindicated', 'Stomach bleeding', false],
    ['Amoxicillin', 'Ibuprofen', 'minor', 'Rash in 100% of cases', true],
  ];
  for (const [i, [a, b, severity, description, allergen]] of interactions.entries()) {
    id[`${a}+${b}`] = await insert(
      `INSERT INTO drug_interactions (medication_id, interacting_medication_id, severity, description, is_allergen, created_at)
       VALUES ($1, $2, $3, $4, $5, '2025-01-01'::timestamptz + $6 * interval '1 day')`,
      [id[a], id[b], severity, description, allergen, i],
    );
  }
  await pool.query(
    `INSERT INTO drugs (name, description, dosage, side_effects, contraindications, category, manufacturer, created_at) VALUES
      ('Zyrtec', 'Antihistamine', '10 mg', '{Drowsiness}', '{}', 'Allergy', 'Acme', '2025-01-03'),
      ('Advil', 'Pain reliever', '200 mg', '{Nausea,"Stomach pain"}', '{Ulcers}', 'NSAID', 'Pfizer', '2025-01-01'),
      ('Lipitor', 'Statin', '5 mg', '{}', '{}', 'Cholesterol', 'Pfizer', '2025-01-02')`,
  );
  await pool.query(
    `INSERT INTO age_categories (min_age, max_age, age_unit, category_name, description) VALUES
      (18, 65, 'years', 'Adult', 'Grown-ups'), (0, 24, 'months', 'Pediatric', NULL),
      (65, 120, 'years', 'Geriatric', 'Older adults'), (2, 17, 'years', NULL, 'Children')`,
  );
  await pool.query(
    `INSERT INTO weight_categories (min_weight, max_weight, weight_unit, category_name, description) VALUES
      (0, 18.5, 'kg', 'Underweight', NULL), (18.5, 25, 'kg', 'Normal', 'Healthy'),
      (100, 200, 'lbs', 'Overweight', 'Heavy'), (25, 30, 'kg', 'Overweight', NULL)`,
  );
  return id;
}
