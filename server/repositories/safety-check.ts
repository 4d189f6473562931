import type { Queryable } from '../db/pool';
import type { SafetyData, SafetyIds } from '../domain/safety-check';

/**
 * The SQL of the prescription safety check: one statement reads everything the check needs for
 * the given ids, one statement records the searches. Two queries whatever the list length.
 */

const dosageJson = (category: 'weight' | 'age') => `json_build_object(
    'id', d.id, 'category_id', c.id, 'category_name', c.category_name,
    'min', c.min_${category}, 'max', c.max_${category}, 'unit', c.${category}_unit,
    'min_dosage', d.min_dosage, 'max_dosage', d.max_dosage, 'dosage_unit', d.dosage_unit,
    'min_frequency', d.min_frequency, 'max_frequency', d.max_frequency, 'frequency_unit', d.frequency_unit,
    'min_duration', d.min_duration, 'max_duration', d.max_duration, 'duration_unit', d.duration_unit,
    'max_daily_dosage', d.max_daily_dosage, 'max_dose', d.max_dose${
      category === 'weight'
        ? `,
    'min_age_years', c.min_age_years, 'max_age_years', c.max_age_years`
        : ''
    })`;

/**
 * Every lookup is by the given ids (`= ANY($n)`), each on an index: medications by primary key,
 * dosages and contraindications by their (medication_id, ...) keys, and interactions by the pair
 * index (both medications of a pair are in the list exactly when the lesser and the greater
 * of its two ids are).
 */
export const SAFETY_DATA_SQL = `
WITH classes_read AS (
  SELECT dm.drug_class_id AS id FROM drug_class_members dm
   WHERE dm.medication_id = ANY($1::int[]) OR dm.medication_id = ANY($4::int[])
  UNION
  SELECT unnest($5::int[]))
SELECT
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', m.id, 'name', m.name, 'pregnancy_category', m.pregnancy_category,
      'age_limit', CASE WHEN m.min_age IS NOT NULL OR m.max_age IS NOT NULL
                        THEN json_build_object('min_age', m.min_age, 'max_age', m.max_age,
                               'unit', m.age_limit_unit, 'severity', m.age_limit_severity) END,
      'weight_dosages', COALESCE((SELECT json_agg(${dosageJson('weight')} ORDER BY d.id)
                                    FROM weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
                                   WHERE d.medication_id = m.id), '[]'::json),
      'age_dosages', COALESCE((SELECT json_agg(${dosageJson('age')} ORDER BY d.id)
                                 FROM age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
                                WHERE d.medication_id = m.id), '[]'::json),
      'condition_ids', COALESCE((SELECT json_agg(mc.condition_id ORDER BY mc.condition_id)
                                   FROM medication_contraindications mc
                                  WHERE mc.medication_id = m.id AND mc.condition_id = ANY($2::int[])), '[]'::json),
      'condition_cautions', COALESCE((SELECT json_object_agg(mc.condition_id, mc.severity)
                                        FROM medication_contraindications mc
                                       WHERE mc.medication_id = m.id AND mc.condition_id = ANY($2::int[])
                                         AND mc.level = 'caution'), '{}'::json),
      'ingredients', COALESCE((SELECT json_agg(json_build_object(
                                  'ingredient_id', i.id, 'name', i.name, 'amount', mi.amount,
                                  'amount_unit', mi.amount_unit, 'per_unit', mi.per_unit) ORDER BY i.id)
                                 FROM medication_ingredients mi JOIN ingredients i ON i.id = mi.ingredient_id
                                WHERE mi.medication_id = m.id), '[]'::json),
      'renal_rules', COALESCE((SELECT json_agg(json_build_object(
                                  'id', r.id, 'category_name', c.category_name, 'min_egfr', c.min_egfr,
                                  'max_egfr', c.max_egfr, 'avoid', r.avoid, 'min_dosage', r.min_dosage,
                                  'max_dosage', r.max_dosage, 'dosage_unit', r.dosage_unit,
                                  'max_daily_dosage', r.max_daily_dosage, 'min_frequency', r.min_frequency,
                                  'max_frequency', r.max_frequency, 'frequency_unit', r.frequency_unit)
                                  ORDER BY r.id)
                                 FROM renal_rules r JOIN renal_categories c ON c.id = r.renal_category_id
                                WHERE r.medication_id = m.id), '[]'::json),
      'lifestyle_links', COALESCE((SELECT json_agg(json_build_object('lifestyle_id', lc.lifestyle_id,
                                                                     'severity', lc.severity)
                                                   ORDER BY lc.lifestyle_id)
                                   FROM lifestyle_contraindications lc
                                  WHERE lc.medication_id = m.id AND lc.lifestyle_id = ANY($3::int[])), '[]'::json)
    ) ORDER BY m.id)
    FROM medications m WHERE m.id = ANY($1::int[])
  ), '[]'::json) AS medications,
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name,
                                              'affects_kidney_function', c.affects_kidney_function)
                            ORDER BY c.id)
              FROM conditions c WHERE c.id = ANY($2::int[])), '[]'::json) AS conditions,
  COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.id)
              FROM lifestyles l WHERE l.id = ANY($3::int[])), '[]'::json) AS lifestyles,
  COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name) ORDER BY a.id)
              FROM medications a WHERE a.id = ANY($4::int[])), '[]'::json) AS allergies,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', i.id, 'medication_id', i.medication_id, 'interacting_medication_id', i.interacting_medication_id,
      'severity', i.severity, 'description', i.description, 'is_allergen', i.is_allergen) ORDER BY i.id)
    FROM drug_interactions i
    WHERE (least(i.medication_id, i.interacting_medication_id) = ANY($1::int[])
           AND greatest(i.medication_id, i.interacting_medication_id) = ANY($1::int[]))
       OR (i.is_allergen
           AND ((least(i.medication_id, i.interacting_medication_id) = ANY($1::int[])
                 AND greatest(i.medication_id, i.interacting_medication_id) = ANY($4::int[]))
             OR (least(i.medication_id, i.interacting_medication_id) = ANY($4::int[])
                 AND greatest(i.medication_id, i.interacting_medication_id) = ANY($1::int[]))))
  ), '[]'::json) AS interactions,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', c.id, 'name', c.name, 'duplicate_severity', c.duplicate_severity,
      'medication_ids', COALESCE((SELECT json_agg(dm.medication_id ORDER BY dm.medication_id)
                                    FROM drug_class_members dm
                                   WHERE dm.drug_class_id = c.id
                                     AND (dm.medication_id = ANY($1::int[]) OR dm.medication_id = ANY($4::int[]))),
                                 '[]'::json)) ORDER BY c.id)
    FROM drug_classes c WHERE c.id = ANY(ARRAY(SELECT id FROM classes_read))
  ), '[]'::json) AS classes,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', r.id, 'kind', r.kind, 'drug_class_id', r.drug_class_id, 'other_class_id', r.other_class_id,
      'other_medication_id', r.other_medication_id, 'severity', r.severity,
      'description', r.description) ORDER BY r.id)
    FROM class_rules r
    WHERE r.drug_class_id = ANY(ARRAY(SELECT id FROM classes_read))
      AND (r.other_class_id = ANY(ARRAY(SELECT id FROM classes_read))
           OR r.other_medication_id = ANY($1::int[]))
  ), '[]'::json) AS class_rules,
  COALESCE((
    SELECT json_agg(json_build_object(
      'id', l.id, 'ingredient_id', l.ingredient_id,
      'basis', CASE WHEN a.id IS NOT NULL THEN 'age' ELSE 'weight' END,
      'category_name', coalesce(a.category_name, w.category_name),
      'min', coalesce(a.min_age, w.min_weight), 'max', coalesce(a.max_age, w.max_weight),
      'unit', coalesce(a.age_unit, w.weight_unit),
      'min_age_years', w.min_age_years, 'max_age_years', w.max_age_years,
      'max_daily_amount', l.max_daily_amount, 'amount_unit', l.unit) ORDER BY l.id)
    FROM ingredient_daily_limits l
    LEFT JOIN age_categories a ON a.id = l.age_category_id
    LEFT JOIN weight_categories w ON w.id = l.weight_category_id
    WHERE l.ingredient_id = ANY(ARRAY(SELECT mi.ingredient_id FROM medication_ingredients mi
                                       WHERE mi.medication_id = ANY($1::int[])))
  ), '[]'::json) AS ingredient_limits`;

export async function loadSafetyData(db: Queryable, ids: SafetyIds): Promise<SafetyData> {
  // A named (prepared) statement: each connection plans it once, not on every check.
  const { rows } = await db.query<SafetyData>({
    name: 'safety-check-read',
    text: SAFETY_DATA_SQL,
    values: [ids.medications, ids.conditions, ids.lifestyles, ids.allergies, ids.allergyClasses],
  });
  return rows[0];
}

/**
 * One search-history entry per medication checked, in the order asked, named as it is now (the
 * route calls it for app users only: administrators' checks are not their searches). It
 * runs beside the read (not after it), so it checks the ids itself: when one of them is unknown
 * (the check answers 422), it records nothing. (The contract makes each list's ids distinct, so
 * a list is all known exactly when as many rows match it as it has ids.)
 */
export const RECORD_SEARCHES_SQL = `
INSERT INTO search_history (user_id, medication_id, drug_name)
SELECT $1, s.id, (SELECT m.name FROM medications m WHERE m.id = s.id)
  FROM unnest($2::int[]) WITH ORDINALITY AS s(id, n)
 WHERE (SELECT count(*) FROM medications WHERE id = ANY($2::int[])) = cardinality($2::int[])
   AND (SELECT count(*) FROM conditions WHERE id = ANY($3::int[])) = cardinality($3::int[])
   AND (SELECT count(*) FROM lifestyles WHERE id = ANY($4::int[])) = cardinality($4::int[])
   AND (SELECT count(*) FROM medications WHERE id = ANY($5::int[])) = cardinality($5::int[])
   AND (SELECT count(*) FROM drug_classes WHERE id = ANY($6::int[])) = cardinality($6::int[])
 ORDER BY s.n`;

export async function recordSearches(
  db: Queryable,
  userId: number,
  ids: SafetyIds,
): Promise<number> {
  const { rowCount } = await db.query({
    name: 'safety-check-record-searches',
    text: RECORD_SEARCHES_SQL,
    values: [
      userId,
      ids.medications,
      ids.conditions,
      ids.lifestyles,
      ids.allergies,
      ids.allergyClasses,
    ],
  });
  return rowCount ?? 0;
}
