import type { FastifyInstance } from 'fastify';
import {
  loadDataQuality,
  type CategoryRow,
  type DataQualityData,
  type InvertedDosageRow,
} from '../repositories/data-quality';
import { defineRoute } from './define';
import { tolerance, toBase } from './safety-check';

/**
 * GET /data-quality (issue 7): what the reference data would make the safety check get wrong or
 * leave out, each finding naming the record to fix.
 */

export type Kind =
  | 'dosage_range_inverted'
  | 'category_range_inverted'
  | 'age_category_overlap'
  | 'weight_category_overlap'
  | 'missing_weight_dosage'
  | 'missing_age_dosage'
  | 'duplicate_interaction'
  | 'missing_pregnancy_category';

export interface DataQualityFinding {
  kind: Kind;
  severity: 'error' | 'warning' | 'info';
  entity:
    | 'medication'
    | 'weight_dosage'
    | 'age_dosage'
    | 'age_category'
    | 'weight_category'
    | 'drug_interaction';
  entity_id: number;
  related_id?: number;
  medication_id?: number;
  message: string;
}

const KINDS: Kind[] = [
  'dosage_range_inverted',
  'category_range_inverted',
  'age_category_overlap',
  'weight_category_overlap',
  'missing_weight_dosage',
  'missing_age_dosage',
  'duplicate_interaction',
  'missing_pregnancy_category',
];
const SEVERITIES = ['error', 'warning', 'info'];

/** A computed value (a converted bound), to 4 decimal places; stored values are shown as stored. */
const num = (value: number) => String(Number(value.toFixed(4)));

/** `1 year`, `12 years`, `1 lb`: a stored value with its (plural) unit. */
const quantity = (value: number, unit: string) =>
  `${value} ${value === 1 ? unit.replace(/s$/, '') : unit}`;

function categoryLabel(kind: 'age' | 'weight', c: CategoryRow): string {
  const name = c.category_name ?? `${kind === 'age' ? 'Age' : 'Weight'} category`;
  return `${name} #${c.id} (${c.min} to ${c.max} ${c.unit})`;
}

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
  const category = categoryLabel(d.kind, {
    id: d.category_id,
    min: d.category_min,
    max: d.category_max,
    unit: d.category_unit,
    category_name: d.category_name,
  });
  return {
    kind: 'dosage_range_inverted',
    severity: 'error',
    entity: d.kind === 'weight' ? 'weight_dosage' : 'age_dosage',
    entity_id: d.id,
    medication_id: d.medication_id,
    message: `${d.medication_name}, ${d.kind}-based dosage for ${category}: ${problems.join('; ')}.`,
  };
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
          : `${pair} overlap from ${inUnitOf(from)} to ${inUnitOf(to)} ${a.unit}: a patient in that range matches both.`,
      });
    }
  }
  return findings;
}

export function dataQualityFindings(data: DataQualityData): DataQualityFinding[] {
  const findings: DataQualityFinding[] = [
    ...data.inverted_dosages.map(invertedDosage),
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
      message: `${m.name} is dosed by ${basis} but has no ${basis}-based dosage: the safety check finds no dosing rule for any patient.`,
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
      message: `${m.name} has no pregnancy category: the safety check reports missing pregnancy data.`,
    });
  }
  return findings.sort(
    (a, b) =>
      SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) ||
      KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) ||
      a.entity.localeCompare(b.entity) ||
      a.entity_id - b.entity_id ||
      (a.related_id ?? 0) - (b.related_id ?? 0),
  );
}

export default async function dataQualityRoutes(app: FastifyInstance) {
  defineRoute(app, 'getDataQuality', async () => ({
    data: dataQualityFindings(await loadDataQuality(app.db)),
  }));
}
