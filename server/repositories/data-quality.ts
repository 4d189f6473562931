import type { Queryable } from '../db/pool';
import type { DataQualityData } from '../domain/data-quality';

/**
 * The SQL of the data-quality report: one statement that gathers every candidate problem. The
 * rules that need unit conversions (category overlaps) are applied by ../domain/data-quality.ts
 * to the categories, which are few.
 */

const dosagesWhere = (kind: 'weight' | 'age', where: string) => `
  SELECT json_build_object(
    'kind', '${kind}', 'id', d.id, 'medication_id', m.id, 'medication_name', m.name,
    'category_id', c.id, 'category_name', c.category_name, 'category_min', c.min_${kind},
    'category_max', c.max_${kind}, 'category_unit', c.${kind}_unit,
    'min_dosage', d.min_dosage, 'max_dosage', d.max_dosage, 'dosage_unit', d.dosage_unit,
    'min_frequency', d.min_frequency, 'max_frequency', d.max_frequency, 'frequency_unit', d.frequency_unit,
    'min_duration', d.min_duration, 'max_duration', d.max_duration, 'duration_unit', d.duration_unit) AS row
    FROM ${kind}_category_dosages d
    JOIN medications m ON m.id = d.medication_id
    JOIN ${kind}_categories c ON c.id = d.${kind}_category_id
   WHERE ${where}`;

const INVERTED =
  'd.min_dosage > d.max_dosage OR d.min_frequency > d.max_frequency OR d.min_duration > d.max_duration';
const ZERO = 'd.min_dosage = 0 OR d.max_dosage = 0';

// A gap is [basis, medication id, medication name, category id]: at 100,000 medications there
// are hundreds of thousands, and an array per gap, its category looked up among the categories
// read below, is cheaper to build and parse than an object with the category in it.
const coverageGaps = (kind: 'weight' | 'age') => `
  SELECT json_build_array('${kind}', m.id, m.name, c.id) AS row
    FROM medications m CROSS JOIN ${kind}_categories c
   WHERE m.is_dosage_weight_based = ${kind === 'weight'}
     -- An inverted category holds no patient; it has a finding of its own.
     AND c.min_${kind} <= c.max_${kind}
     AND EXISTS (SELECT 1 FROM ${kind}_category_dosages d WHERE d.medication_id = m.id)
     AND NOT EXISTS (SELECT 1 FROM ${kind}_category_dosages d
                      WHERE d.medication_id = m.id AND d.${kind}_category_id = c.id)`;

const categories = (kind: 'weight' | 'age') => `
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'min', c.min_${kind}, 'max', c.max_${kind},
                      'unit', c.${kind}_unit, 'category_name', c.category_name) ORDER BY c.id)
              FROM ${kind}_categories c), '[]'::json)`;

/** A severity's place, mildest first. */
const SEVERITY_RANK = (column: string) =>
  `array_position('{minor,moderate,major,contraindicated}'::text[], ${column})`;

/** An age column in days, as the safety check counts them (a year is 365.25 days). */
const inDays = (value: string, unit: string) =>
  `${value} * CASE ${unit} WHEN 'years' THEN 365.25 WHEN 'months' THEN 30.4375 ELSE 1 END`;
/** 18 years in days: from there a patient is an adult. */
const ADULT_DAYS = 18 * 365.25;

export const DATA_QUALITY_SQL = `
SELECT
  COALESCE((SELECT json_agg(x.row) FROM (${dosagesWhere('weight', INVERTED)} UNION ALL ${dosagesWhere('age', INVERTED)}) x), '[]'::json)
    AS inverted_dosages,
  COALESCE((SELECT json_agg(x.row) FROM (${dosagesWhere('weight', ZERO)} UNION ALL ${dosagesWhere('age', ZERO)}) x), '[]'::json)
    AS zero_dosages,
  -- Unordered: ../domain/data-quality.ts sorts them, faster than PostgreSQL sorts their JSON.
  COALESCE((SELECT json_agg(x.row)
              FROM (${coverageGaps('weight')} UNION ALL ${coverageGaps('age')}) x), '[]'::json) AS coverage_gaps,
  COALESCE((
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'units', u.units) ORDER BY m.id)
      FROM (SELECT d.medication_id, json_agg(DISTINCT replace(d.dosage_unit, '/kg', '')) AS units
              FROM (SELECT medication_id, dosage_unit FROM weight_category_dosages
                    UNION ALL SELECT medication_id, dosage_unit FROM age_category_dosages) d
             WHERE replace(d.dosage_unit, '/kg', '') IN ('mcg', 'mg', 'g')
             GROUP BY d.medication_id
            HAVING count(DISTINCT replace(d.dosage_unit, '/kg', '')) > 1) u
      JOIN medications m ON m.id = u.medication_id
  ), '[]'::json) AS mixed_units,
  COALESCE((
    -- Each name's key once, and the pairs looked for among the keys held more than once.
    WITH named AS MATERIALIZED (
      SELECT id, name, lower(regexp_replace(name, '\\s', '', 'g')) AS name_key FROM medications),
    shared AS (SELECT name_key FROM named GROUP BY name_key HAVING count(*) > 1)
    SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'other_id', b.id, 'other_name', b.name)
                    ORDER BY a.id, b.id)
      FROM named a
      JOIN shared USING (name_key)
      JOIN named b ON b.name_key = a.name_key AND b.id < a.id
  ), '[]'::json) AS similar_names,
  COALESCE((
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.id)
      FROM medications m
     WHERE m.pregnancy_category = 'X'
       AND NOT EXISTS (SELECT 1 FROM medication_contraindications mc JOIN conditions c ON c.id = mc.condition_id
                        WHERE mc.medication_id = m.id AND mc.level = 'contraindicated'
                          AND c.name ILIKE '%pregnan%')
       AND NOT EXISTS (SELECT 1 FROM lifestyle_contraindications lc JOIN lifestyles l ON l.id = lc.lifestyle_id
                        WHERE lc.medication_id = m.id AND l.name ILIKE '%pregnan%')
  ), '[]'::json) AS pregnancy_x_uncontraindicated,
  ${categories('age')} AS age_categories,
  ${categories('weight')} AS weight_categories,
  COALESCE((
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'weight_based', m.is_dosage_weight_based) ORDER BY m.id)
      FROM medications m
     WHERE CASE WHEN m.is_dosage_weight_based
                THEN NOT EXISTS (SELECT 1 FROM weight_category_dosages d WHERE d.medication_id = m.id)
                ELSE NOT EXISTS (SELECT 1 FROM age_category_dosages d WHERE d.medication_id = m.id) END
  ), '[]'::json) AS without_basis_dosage,
  COALESCE((SELECT json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.id)
              FROM medications m WHERE m.pregnancy_category IS NULL), '[]'::json) AS without_pregnancy_category,
  COALESCE((
    SELECT json_agg(json_build_object('low_id', p.low, 'low_name', lo.name, 'high_id', p.high, 'high_name', hi.name,
                                      'interactions', p.interactions) ORDER BY p.low, p.high)
      FROM (SELECT d.low, d.high,
                   json_agg(json_build_object('id', i.id, 'medication_id', i.medication_id,
                            'interacting_medication_id', i.interacting_medication_id) ORDER BY i.id) AS interactions
              FROM (SELECT least(medication_id, interacting_medication_id) AS low,
                           greatest(medication_id, interacting_medication_id) AS high
                      FROM drug_interactions
                     -- Migration 001's unique index on the pair makes a duplicate impossible: then
                     -- skip the pass over every interaction. Databases without it get the full check.
                     WHERE NOT EXISTS (SELECT 1 FROM pg_index x
                                        WHERE x.indexrelid = to_regclass('drug_interactions_pair_key')
                                          AND x.indisunique AND x.indisvalid)
                     GROUP BY 1, 2 HAVING count(*) > 1) d
              JOIN drug_interactions i
                ON least(i.medication_id, i.interacting_medication_id) = d.low
               AND greatest(i.medication_id, i.interacting_medication_id) = d.high
             GROUP BY d.low, d.high) p
      JOIN medications lo ON lo.id = p.low
      JOIN medications hi ON hi.id = p.high
  ), '[]'::json) AS duplicate_interactions,
  COALESCE((
    -- A stored pair that a class rule also covers, at a lower severity: the pair overrides it.
    -- From the rules: each one's pairs of members (a few hundred), each looked up on the pair
    -- index, rather than every interaction against every rule.
    WITH covered AS (
      SELECT r.id AS rule_id, r.severity AS rule_severity,
             c.name || ' with ' || coalesce(oc.name, om.name) AS rule,
             a.medication_id AS x, coalesce(b.medication_id, r.other_medication_id) AS y
        FROM class_rules r
        JOIN drug_classes c ON c.id = r.drug_class_id
        LEFT JOIN drug_classes oc ON oc.id = r.other_class_id
        LEFT JOIN medications om ON om.id = r.other_medication_id
        JOIN drug_class_members a ON a.drug_class_id = r.drug_class_id
        LEFT JOIN drug_class_members b ON b.drug_class_id = r.other_class_id
       WHERE r.kind = 'interaction'),
    strictest AS (
      SELECT DISTINCT ON (i.id) i.id, i.medication_id, i.interacting_medication_id, i.severity,
             p.rule_id, p.rule_severity, p.rule
        FROM covered p
        JOIN drug_interactions i
          ON least(i.medication_id, i.interacting_medication_id) = least(p.x, p.y)
         AND greatest(i.medication_id, i.interacting_medication_id) = greatest(p.x, p.y)
       WHERE p.x <> p.y
       ORDER BY i.id, ${SEVERITY_RANK('p.rule_severity')} DESC, p.rule_id)
    SELECT json_agg(json_build_object('id', s.id, 'medication_id', s.medication_id,
                    'name', ma.name || ' + ' || mb.name, 'severity', s.severity, 'rule_id', s.rule_id,
                    'rule_severity', s.rule_severity, 'rule', s.rule) ORDER BY s.id)
      FROM strictest s
      JOIN medications ma ON ma.id = s.medication_id
      JOIN medications mb ON mb.id = s.interacting_medication_id
     WHERE ${SEVERITY_RANK('s.severity')} < ${SEVERITY_RANK('s.rule_severity')}
  ), '[]'::json) AS contradicted_class_rules,
  COALESCE((
    -- Combination products with an ingredient of no stated strength.
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'ingredients', x.names) ORDER BY m.id)
      FROM medications m
      JOIN LATERAL (SELECT json_agg(i.name ORDER BY lower(i.name)) AS names, count(*) AS missing
                      FROM medication_ingredients mi JOIN ingredients i ON i.id = mi.ingredient_id
                     WHERE mi.medication_id = m.id AND mi.amount IS NULL) x ON x.missing > 0
     WHERE (SELECT count(*) FROM medication_ingredients mi WHERE mi.medication_id = m.id) > 1
  ), '[]'::json) AS missing_strengths,
  COALESCE((
    -- No rule reaches any patient under 18, no minimum age of 18 or more says it is not for
    -- children, and the data does have rules for children elsewhere.
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.id)
      FROM medications m
     WHERE EXISTS (SELECT 1 FROM age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
                    WHERE ${inDays('c.max_age', 'c.age_unit')} <= ${ADULT_DAYS})
       AND NOT EXISTS (SELECT 1 FROM age_category_dosages d JOIN age_categories c ON c.id = d.age_category_id
                        WHERE d.medication_id = m.id AND ${inDays('c.min_age', 'c.age_unit')} < ${ADULT_DAYS})
       AND NOT EXISTS (SELECT 1 FROM weight_category_dosages d JOIN weight_categories c ON c.id = d.weight_category_id
                        WHERE d.medication_id = m.id AND coalesce(c.min_age_years, 0) < 18)
       AND (m.min_age IS NULL OR ${inDays('m.min_age', 'm.age_limit_unit')} < ${ADULT_DAYS})
  ), '[]'::json) AS without_child_rule,
  COALESCE((
    -- Renal rules no patient without an eGFR is asked about: no condition is marked as affecting
    -- kidney function.
    SELECT json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.id)
      FROM medications m
     WHERE EXISTS (SELECT 1 FROM renal_rules r WHERE r.medication_id = m.id)
       AND NOT EXISTS (SELECT 1 FROM conditions c WHERE c.affects_kidney_function)
  ), '[]'::json) AS renal_without_kidney_condition`;

export async function loadDataQuality(db: Queryable): Promise<DataQualityData> {
  const { rows } = await db.query<DataQualityData>(DATA_QUALITY_SQL);
  return rows[0];
}
