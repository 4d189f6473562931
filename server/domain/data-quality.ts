import { DATA_QUALITY_SEVERITIES, type DataQualityKind } from '@contract/enums';
import type { Schema } from '../contract';
import { MAX_AGE_DAYS, MAX_WEIGHT_KG } from './safety-check';
import { tolerance, toBase } from './units';

/**
 * The data-quality report's rules: what the reference data would make the safety check get wrong
 * or leave out, each finding naming the record to fix.
 */

// ---------- what the report reads ----------

/** A dosage with its medication and category: inverted ranges and zero doses. */
export interface InvertedDosageRow {
  kind: 'weight' | 'age';
  id: number;
  medication_id: number;
  medication_name: string;
  category_id: number;
  category_name: string | null;
  category_min: number;
  category_max: number;
  category_unit: string;
  min_dosage: number;
  max_dosage: number;
  dosage_unit: string;
  min_frequency: number;
  max_frequency: number;
  frequency_unit: string;
  min_duration: number;
  max_duration: number;
  duration_unit: string;
}

export interface CategoryRow {
  id: number;
  min: number;
  max: number;
  unit: string;
  category_name: string | null;
}

export interface DuplicateInteractionRow {
  low_id: number;
  low_name: string;
  high_id: number;
  high_name: string;
  interactions: { id: number; medication_id: number; interacting_medication_id: number }[];
}

/**
 * A category of a medication's basis that none of its dosages uses: the basis, the medication's
 * id and name, and the category's id (one of `age_categories` or `weight_categories`).
 */
export type CoverageGapRow = [
  basis: 'weight' | 'age',
  medicationId: number,
  name: string,
  categoryId: number,
];

export interface DataQualityData {
  inverted_dosages: InvertedDosageRow[];
  zero_dosages: InvertedDosageRow[];
  coverage_gaps: CoverageGapRow[];
  /** Medications whose dosages use more than one of mcg, mg and g (per kg or not). */
  mixed_units: { id: number; name: string; units: string[] }[];
  /** Pairs of medications whose names are equal except for case or spaces (`other_id` < `id`). */
  similar_names: { id: number; name: string; other_id: number; other_name: string }[];
  /** Category X medications without a condition or lifestyle contraindication naming pregnancy. */
  pregnancy_x_uncontraindicated: { id: number; name: string }[];
  age_categories: CategoryRow[];
  weight_categories: CategoryRow[];
  without_basis_dosage: { id: number; name: string; weight_based: boolean }[];
  without_pregnancy_category: { id: number; name: string }[];
  duplicate_interactions: DuplicateInteractionRow[];
  /** Stored pairs of a lower severity than a class rule covering them (the strictest one). */
  contradicted_class_rules: {
    id: number;
    medication_id: number;
    name: string;
    severity: string;
    rule_id: number;
    rule_severity: string;
    rule: string;
  }[];
  /** Combination products with ingredients of no stated strength (their names). */
  missing_strengths: { id: number; name: string; ingredients: string[] }[];
  /** Medications with no rule for any patient under 18, and no minimum age saying so. */
  without_child_rule: { id: number; name: string }[];
  /** Medications with renal rules, when no condition is marked as affecting kidney function. */
  renal_without_kidney_condition: { id: number; name: string }[];
}

// ---------- the findings ----------

export type Kind = DataQualityKind;
export type DataQualityFinding = Schema<'DataQualityFinding'>;

/** The order of the findings of one severity (the contract lists severities worst first). */
const KINDS: Kind[] = [
  'dosage_range_inverted',
  'zero_dose',
  'category_range_inverted',
  'age_category_overlap',
  'weight_category_overlap',
  'age_category_gap',
  'weight_category_gap',
  'missing_weight_dosage',
  'missing_age_dosage',
  'coverage_gap',
  'dosage_unit_mixed',
  'duplicate_medication_name',
  'duplicate_interaction',
  'pregnancy_x_without_contraindication',
  'class_rule_contradicted',
  'missing_strength',
  'renal_without_kidney_condition',
  'missing_pregnancy_category',
  'no_child_rule',
];

/** A computed value (a converted bound), to 4 decimal places; stored values are shown as stored. */
const num = (value: number) => String(Number(value.toFixed(4)));

/** `1 year`, `12 years`, `1 lb`: a stored value with its (plural) unit. */
const quantity = (value: number, unit: string) =>
  `${value} ${value === 1 ? unit.replace(/s$/, '') : unit}`;

function categoryLabel(kind: 'age' | 'weight', c: CategoryRow): string {
  const name = c.category_name ?? `${kind === 'age' ? 'Age' : 'Weight'} category`;
  return `${name} #${c.id} (${c.min} to ${c.max} ${c.unit})`;
}

const dosageCategory = (d: InvertedDosageRow) =>
  categoryLabel(d.kind, {
    id: d.category_id,
    min: d.category_min,
    max: d.category_max,
    unit: d.category_unit,
    category_name: d.category_name,
  });

function invertedDosage(d: InvertedDosageRow): DataQualityFinding {
  const ranges: [string, number, number, string][] = [
    ['dose', d.min_dosage, d.max_dosage, d.dosage_unit],
    ['frequency', d.min_frequency, d.max_frequency, d.frequency_unit],
    ['duration', d.min_duration, d.max_duration, d.duration_unit],
  ];
  const problems = ranges
    .filter(([, min, max]) => min > max)
    .map(
      ([what, min, max, unit]) => `minimum ${what} ${min} ${unit} exceeds maximum ${max} ${unit}`,
    );
  const category = dosageCategory(d);
  return {
    kind: 'dosage_range_inverted',
    severity: 'error',
    entity: d.kind === 'weight' ? 'weight_dosage' : 'age_dosage',
    entity_id: d.id,
    medication_id: d.medication_id,
    message: `${d.medication_name}, ${d.kind}-based dosage for ${category}: ${problems.join('; ')}.`,
  };
}

/** A dose range with a zero bound: an `error` when the maximum is 0 (no dose allowed at all). */
function zeroDose(d: InvertedDosageRow): DataQualityFinding {
  const which =
    d.max_dosage === 0
      ? d.min_dosage === 0
        ? 'both bounds are'
        : 'the maximum is'
      : 'the minimum is';
  return {
    kind: 'zero_dose',
    severity: d.max_dosage === 0 ? 'error' : 'warning',
    entity: d.kind === 'weight' ? 'weight_dosage' : 'age_dosage',
    entity_id: d.id,
    medication_id: d.medication_id,
    message: `${d.medication_name}, ${d.kind}-based dosage for ${dosageCategory(d)}: ${which} 0 ${d.dosage_unit} (${d.min_dosage} to ${d.max_dosage} ${d.dosage_unit}).`,
  };
}

/**
 * Values no category of one kind covers, once converted to one unit (days, kilograms): between
 * adjacent categories, below the lowest and above the highest, up to the most a patient can
 * plausibly be (130 years, 650 kg). The safety check cannot check a patient there.
 */
function categoryGaps(
  kind: 'age' | 'weight',
  valid: (CategoryRow & { low: number; high: number })[],
): DataQualityFinding[] {
  const findings: DataQualityFinding[] = [];
  const base = kind === 'age' ? 'days' : 'kg';
  const limit = {
    low: kind === 'age' ? MAX_AGE_DAYS : MAX_WEIGHT_KG,
    unit: kind === 'age' ? 'years' : 'kg',
  };
  /** A bound in the unit it was entered in: `28 days`, `1 month`, `130 years`. */
  const bound = (value: number, unit: string) =>
    quantity(Number(num(value / toBase(kind, 1, unit))), unit);
  const gap = (
    from: { value: number; unit: string },
    to: { value: number; unit: string },
    at: CategoryRow,
    where: string,
    related?: CategoryRow,
  ) => {
    const inBase = from.unit === to.unit ? '' : ` (${num(from.value)} to ${num(to.value)} ${base})`;
    findings.push({
      kind: kind === 'age' ? 'age_category_gap' : 'weight_category_gap',
      severity: 'warning',
      entity: kind === 'age' ? 'age_category' : 'weight_category',
      entity_id: at.id,
      ...(related ? { related_id: related.id } : {}),
      message: `No ${kind} category covers ${bound(from.value, from.unit)} to ${bound(to.value, to.unit)}${inBase}, ${where}: the safety check cannot check a patient there.`,
    });
  };
  const sorted = [...valid].sort((a, b) => a.low - b.low || a.high - b.high || a.id - b.id);
  if (sorted.length === 0) return findings;
  const first = sorted[0];
  if (first.low > tolerance(first.low)) {
    gap(
      { value: 0, unit: first.unit },
      { value: first.low, unit: first.unit },
      first,
      `below ${categoryLabel(kind, first)}`,
    );
  }
  let reach = first;
  for (const c of sorted.slice(1)) {
    if (c.low > reach.high + tolerance(c.low, reach.high)) {
      gap(
        { value: reach.high, unit: reach.unit },
        { value: c.low, unit: c.unit },
        reach,
        `between ${categoryLabel(kind, reach)} and ${categoryLabel(kind, c)}`,
        c,
      );
    }
    if (c.high > reach.high) reach = c;
  }
  if (reach.high < limit.low - tolerance(limit.low, reach.high)) {
    gap(
      { value: reach.high, unit: reach.unit },
      { value: limit.low, unit: limit.unit },
      reach,
      `above ${categoryLabel(kind, reach)}`,
    );
  }
  return findings;
}

/**
 * Categories of one kind whose ranges overlap once converted to one unit (days, kilograms):
 * a `warning` when they share more than a point, `info` when they only share a bound, since the
 * safety check then uses the category that starts there.
 */
export function categoryProblems(
  kind: 'age' | 'weight',
  rows: CategoryRow[],
): DataQualityFinding[] {
  const findings: DataQualityFinding[] = [];
  const entity = kind === 'age' ? 'age_category' : 'weight_category';
  const valid: (CategoryRow & { low: number; high: number })[] = [];
  for (const c of rows) {
    if (c.min > c.max) {
      findings.push({
        kind: 'category_range_inverted',
        severity: 'error',
        entity,
        entity_id: c.id,
        message: `${categoryLabel(kind, c)}: the minimum exceeds the maximum, so no patient falls in it.`,
      });
    } else {
      valid.push({ ...c, low: toBase(kind, c.min, c.unit), high: toBase(kind, c.max, c.unit) });
    }
  }
  for (let i = 0; i < valid.length; i++) {
    for (let j = i + 1; j < valid.length; j++) {
      const [a, b] = [valid[i], valid[j]];
      const from = Math.max(a.low, b.low);
      const to = Math.min(a.high, b.high);
      const eps = tolerance(from, to);
      if (to < from - eps) continue;
      const pair = `${categoryLabel(kind, a)} and ${categoryLabel(kind, b)}`;
      const touching = to <= from + eps;
      const starter = a.low > b.low ? a : b;
      const inUnitOf = (value: number) => num(value / toBase(kind, 1, a.unit));
      findings.push({
        kind: kind === 'age' ? 'age_category_overlap' : 'weight_category_overlap',
        severity: touching ? 'info' : 'warning',
        entity,
        entity_id: a.id,
        related_id: b.id,
        message: touching
          ? `${pair} share the bound ${quantity(starter.min, starter.unit)}: a patient of exactly that ${kind} matches both, and the safety check uses #${starter.id}, which starts there.`
          : `${pair} overlap from ${inUnitOf(from)} to ${inUnitOf(to)} ${a.unit}: a patient in that range matches both, and the safety check applies the rules of both.`,
      });
    }
  }
  return [...findings, ...categoryGaps(kind, valid)];
}

export function dataQualityFindings(data: DataQualityData): DataQualityFinding[] {
  const findings: DataQualityFinding[] = [
    ...data.inverted_dosages.map(invertedDosage),
    ...data.zero_dosages.map(zeroDose),
    ...categoryProblems('age', data.age_categories),
    ...categoryProblems('weight', data.weight_categories),
  ];
  for (const m of data.without_basis_dosage) {
    const basis = m.weight_based ? 'weight' : 'age';
    findings.push({
      kind: m.weight_based ? 'missing_weight_dosage' : 'missing_age_dosage',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} is dosed by ${basis} but has no ${basis}-based dosage: the safety check cannot check its dose for any patient.`,
    });
  }
  for (const pair of data.duplicate_interactions) {
    const [first, ...others] = pair.interactions;
    for (const other of others) {
      const bothOrders = other.medication_id !== first.medication_id;
      findings.push({
        kind: 'duplicate_interaction',
        severity: 'warning',
        entity: 'drug_interaction',
        entity_id: other.id,
        related_id: first.id,
        medication_id: other.medication_id,
        message: `The interaction between ${pair.low_name} and ${pair.high_name} is stored twice${
          bothOrders ? ', in both orders' : ''
        } (#${first.id} and #${other.id}): the safety check reports it twice; delete one.`,
      });
    }
  }
  for (const m of data.without_pregnancy_category) {
    findings.push({
      kind: 'missing_pregnancy_category',
      severity: 'info',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} has no pregnancy category: for a pregnant patient the safety check reports it as not checked.`,
    });
  }
  const categories = {
    age: new Map(data.age_categories.map((c) => [c.id, c])),
    weight: new Map(data.weight_categories.map((c) => [c.id, c])),
  };
  // In the findings' order (by medication, then category): the sort of every finding below then
  // runs over long stretches already in order, which takes it a fraction of the time.
  const gaps = data.coverage_gaps.toSorted((a, b) => a[1] - b[1] || a[3] - b[3]);
  for (const [basis, medicationId, name, categoryId] of gaps) {
    const category = categories[basis].get(categoryId);
    // Read by the same statement as the gaps, so from the same state of the data.
    if (!category) throw new Error(`Coverage gap of unknown ${basis} category ${categoryId}`);
    findings.push({
      kind: 'coverage_gap',
      severity: 'warning',
      entity: 'medication',
      entity_id: medicationId,
      related_id: categoryId,
      medication_id: medicationId,
      message: `${name} is dosed by ${basis} and has no dosage for ${categoryLabel(basis, category)}: the safety check cannot check a patient there.`,
    });
  }
  for (const m of data.mixed_units) {
    findings.push({
      kind: 'dosage_unit_mixed',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name}'s dosages mix ${[...m.units].sort().join(', ')}: a dose read in the wrong unit is off by a factor of 1,000.`,
    });
  }
  for (const m of data.similar_names) {
    findings.push({
      kind: 'duplicate_medication_name',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      related_id: m.other_id,
      medication_id: m.id,
      message: `"${m.name}" (#${m.id}) and "${m.other_name}" (#${m.other_id}) differ only in case or spaces: the same medication may be stored twice.`,
    });
  }
  for (const m of data.pregnancy_x_uncontraindicated) {
    findings.push({
      kind: 'pregnancy_x_without_contraindication',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} is pregnancy category X but has no condition or lifestyle contraindication naming pregnancy.`,
    });
  }
  for (const pair of data.contradicted_class_rules) {
    findings.push({
      kind: 'class_rule_contradicted',
      severity: 'warning',
      entity: 'drug_interaction',
      entity_id: pair.id,
      related_id: pair.rule_id,
      medication_id: pair.medication_id,
      message: `${pair.name} is stored as ${pair.severity}, below the class rule ${pair.rule} (${pair.rule_severity}): the stored pair overrides the class rule, so the safety check says ${pair.severity}.`,
    });
  }
  for (const m of data.missing_strengths) {
    findings.push({
      kind: 'missing_strength',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} contains several ingredients and no strength of ${m.ingredients.join(', ')}: a dose in tablets, capsules or ml cannot be converted, nor its ingredients added to the day's totals.`,
    });
  }
  for (const m of data.without_child_rule) {
    findings.push({
      kind: 'no_child_rule',
      severity: 'info',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} has no dosage rule for patients under 18 and no minimum age: the safety check reports a child's prescription as not checked. Add a rule for children, or a minimum age.`,
    });
  }
  for (const m of data.renal_without_kidney_condition) {
    findings.push({
      kind: 'renal_without_kidney_condition',
      severity: 'warning',
      entity: 'medication',
      entity_id: m.id,
      medication_id: m.id,
      message: `${m.name} has renal rules, but no condition is marked as affecting kidney function: a patient with kidney disease and no eGFR given is not asked for one.`,
    });
  }
  return findings.sort(
    (a, b) =>
      DATA_QUALITY_SEVERITIES.indexOf(a.severity) - DATA_QUALITY_SEVERITIES.indexOf(b.severity) ||
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      // Entity names are lower-case ASCII: compared by code point, in the same order as
      // localeCompare, without its cost on each of the comparisons hundreds of thousands of
      // findings take.
      (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0) ||
      a.entity_id - b.entity_id ||
      (a.related_id ?? 0) - (b.related_id ?? 0),
  );
}
