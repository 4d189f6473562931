import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/guard';
import { invalid } from '../errors';
import {
  loadSafetyData,
  recordSearches,
  type SafetyData,
  type SafetyDosageRow,
  type SafetyMedicationRow,
} from '../repositories/safety-check';
import { defineRoute } from './define';

/**
 * POST /safety-check (issue 7): a prescription checked against the reference data. The SQL is
 * in ../repositories/safety-check.ts; this module turns what it loads into findings and dosing,
 * as pure functions the tests and the data-quality report share.
 */

export type Severity = 'minor' | 'moderate' | 'major' | 'contraindicated';
export type AgeUnit = 'years' | 'months' | 'days';
export type WeightUnit = 'kg' | 'lbs';

export interface Patient {
  age?: number;
  age_unit?: AgeUnit;
  weight?: number;
  weight_unit?: WeightUnit;
  pregnant?: boolean;
  condition_ids?: number[];
  lifestyle_ids?: number[];
}

export interface SafetyCheckRequest {
  medication_ids: number[];
  patient?: Patient;
}

export interface Finding {
  kind: 'interaction' | 'condition' | 'lifestyle' | 'pregnancy' | 'dose';
  severity: Severity;
  medication_ids: number[];
  message: string;
  interaction_id?: number;
  allergen?: boolean;
  condition_id?: number;
  lifestyle_id?: number;
  pregnancy_category?: string | null;
}

interface Range {
  min: number;
  max: number;
  unit: string;
}

export interface Dosing {
  medication_id: number;
  medication_name: string;
  basis: 'weight' | 'age';
  category: {
    id: number;
    category_name: string | null;
    min: number;
    max: number;
    unit: string;
  } | null;
  dose: Range | null;
  frequency: Range | null;
  duration: Range | null;
  reason: string | null;
}

export interface SafetyResult {
  verdict: Severity | 'none';
  findings: Finding[];
  dosing: Dosing[];
}

// ---------- units ----------

/** Days per unit: 1 year = 12 months = 365.25 days, 1 month = 30.4375 days. */
export const DAYS_PER: Record<string, number> = { days: 1, months: 30.4375, years: 365.25 };
/** Kilograms per unit: 1 lb = 0.45359237 kg. */
export const KG_PER: Record<string, number> = { kg: 1, lbs: 0.45359237 };

/** A value in the base unit of its kind (days for ages, kilograms for weights). */
export function toBase(kind: 'age' | 'weight', value: number, unit: string): number {
  const factor = (kind === 'age' ? DAYS_PER : KG_PER)[unit];
  if (factor === undefined) throw new Error(`Unknown ${kind} unit ${unit}`);
  return value * factor;
}

/**
 * Equality after conversion, within the rounding of a unit conversion (1e-9 relative): 110 lbs
 * is 49.8951607 kg, although the two products differ in their last bits.
 */
export function tolerance(...values: number[]): number {
  return 1e-9 * Math.max(1, ...values.map(Math.abs));
}

/** min <= value <= max, bounds inclusive, all in one base unit. */
export function within(value: number, min: number, max: number): boolean {
  const eps = tolerance(value, min, max);
  return value >= min - eps && value <= max + eps;
}

// ---------- the check ----------

const RANK: Record<Severity, number> = { minor: 1, moderate: 2, major: 3, contraindicated: 4 };
const KIND_ORDER: Finding['kind'][] = [
  'interaction',
  'condition',
  'lifestyle',
  'pregnancy',
  'dose',
];
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const PREGNANCY: Record<string, { severity: Severity; text: string } | undefined> = {
  X: { severity: 'contraindicated', text: 'contraindicated in pregnancy' },
  D: { severity: 'major', text: 'positive evidence of fetal risk' },
  C: { severity: 'moderate', text: 'fetal risk cannot be ruled out' },
};

/** The dosage whose category contains `value` (in the base unit); on a shared bound, the category that starts highest. */
function dosageFor(
  kind: 'age' | 'weight',
  dosages: SafetyDosageRow[],
  value: number,
): SafetyDosageRow | undefined {
  const matches = dosages
    .filter((d) => within(value, toBase(kind, d.min, d.unit), toBase(kind, d.max, d.unit)))
    .sort((a, b) => toBase(kind, b.min, b.unit) - toBase(kind, a.min, a.unit) || a.id - b.id);
  return matches[0];
}

/** The dosing entry, and when the patient's value was given but no rule applies, why not. */
function dosingOf(
  medication: SafetyMedicationRow,
  patient: Patient,
): { dosing: Dosing; noRule?: string } {
  const basis = medication.weight_based ? 'weight' : 'age';
  const given =
    basis === 'weight'
      ? patient.weight !== undefined && patient.weight_unit
        ? { value: patient.weight, unit: patient.weight_unit }
        : undefined
      : patient.age !== undefined && patient.age_unit
        ? { value: patient.age, unit: patient.age_unit }
        : undefined;
  const none = (reason: string): Dosing => ({
    medication_id: medication.id,
    medication_name: medication.name,
    basis,
    category: null,
    dose: null,
    frequency: null,
    duration: null,
    reason,
  });
  if (!given)
    return { dosing: none(`No ${basis} given: ${medication.name} is dosed by ${basis}.`) };
  const dosage = dosageFor(basis, medication.dosages, toBase(basis, given.value, given.unit));
  if (!dosage) {
    const noRule =
      medication.dosages.length === 0
        ? `${medication.name} has no ${basis}-based dosage`
        : `no ${basis} category of ${medication.name}'s dosages contains ${given.value} ${given.unit}`;
    return { dosing: none(`No dosing rule for this patient: ${noRule}.`), noRule };
  }
  const dosing: Dosing = {
    medication_id: medication.id,
    medication_name: medication.name,
    basis,
    category: {
      id: dosage.category_id,
      category_name: dosage.category_name,
      min: dosage.min,
      max: dosage.max,
      unit: dosage.unit,
    },
    dose: { min: dosage.min_dosage, max: dosage.max_dosage, unit: dosage.dosage_unit },
    frequency: {
      min: dosage.min_frequency,
      max: dosage.max_frequency,
      unit: dosage.frequency_unit,
    },
    duration: { min: dosage.min_duration, max: dosage.max_duration, unit: dosage.duration_unit },
    reason: null,
  };
  return { dosing };
}

/** The findings, dosing and verdict for `data` (loaded for the request's ids) and `patient`. */
export function evaluateSafety(data: SafetyData, patient: Patient = {}): SafetyResult {
  const medications = [...data.medications].sort(
    (a, b) => byName.compare(a.name, b.name) || a.id - b.id,
  );
  const position = new Map(medications.map((m, index) => [m.id, index]));
  const nameOf = new Map(medications.map((m) => [m.id, m.name]));
  const conditionName = new Map(data.conditions.map((c) => [c.id, c.name]));
  const lifestyleName = new Map(data.lifestyles.map((l) => [l.id, l.name]));
  const findings: Finding[] = [];

  for (const i of data.interactions) {
    const ids = [i.medication_id, i.interacting_medication_id].sort(
      (a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
    findings.push({
      kind: 'interaction',
      severity: i.severity,
      medication_ids: ids,
      interaction_id: i.id,
      allergen: i.is_allergen,
      message:
        `${nameOf.get(ids[0])} and ${nameOf.get(ids[1])}: ${i.description}` +
        (i.is_allergen ? ' (flagged as an allergen)' : ''),
    });
  }

  for (const m of medications) {
    for (const conditionId of m.condition_ids) {
      findings.push({
        kind: 'condition',
        severity: 'contraindicated',
        medication_ids: [m.id],
        condition_id: conditionId,
        message: `${m.name} is contraindicated in ${conditionName.get(conditionId)}.`,
      });
    }
    for (const lifestyleId of m.lifestyle_ids) {
      findings.push({
        kind: 'lifestyle',
        severity: 'major',
        medication_ids: [m.id],
        lifestyle_id: lifestyleId,
        message: `${m.name} is contraindicated with ${lifestyleName.get(lifestyleId)}.`,
      });
    }
    if (patient.pregnant) {
      const category = m.pregnancy_category;
      const rule = category ? PREGNANCY[category] : undefined;
      if (!category) {
        findings.push({
          kind: 'pregnancy',
          severity: 'minor',
          medication_ids: [m.id],
          pregnancy_category: null,
          message: `${m.name} has no pregnancy category: pregnancy data is missing.`,
        });
      } else if (rule) {
        findings.push({
          kind: 'pregnancy',
          severity: rule.severity,
          medication_ids: [m.id],
          pregnancy_category: category,
          message: `${m.name} is pregnancy category ${category}: ${rule.text}.`,
        });
      }
    }
  }

  const dosing: Dosing[] = [];
  for (const m of medications) {
    const { dosing: entry, noRule } = dosingOf(m, patient);
    dosing.push(entry);
    // The patient's weight or age was given and no category of the medication's dosages holds it.
    if (noRule) {
      findings.push({
        kind: 'dose',
        severity: 'moderate',
        medication_ids: [m.id],
        message: `${m.name}: no dosing rule for this patient (${noRule}).`,
      });
    }
  }

  findings.sort((a, b) => {
    const bySeverity = RANK[b.severity] - RANK[a.severity];
    if (bySeverity) return bySeverity;
    const length = Math.max(a.medication_ids.length, b.medication_ids.length);
    for (let k = 0; k < length; k++) {
      const x = a.medication_ids[k];
      const y = b.medication_ids[k];
      if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
      const byMedication = (position.get(x) ?? 0) - (position.get(y) ?? 0);
      if (byMedication) return byMedication;
    }
    return (
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      (a.interaction_id ?? a.condition_id ?? a.lifestyle_id ?? 0) -
        (b.interaction_id ?? b.condition_id ?? b.lifestyle_id ?? 0)
    );
  });

  const top = findings[0]?.severity;
  return { verdict: top ?? 'none', findings, dosing };
}

// ---------- the route ----------

function missing(asked: number[] | undefined, found: { id: number }[]): number[] {
  const known = new Set(found.map((row) => row.id));
  return (asked ?? []).filter((id) => !known.has(id));
}

export default async function safetyCheckRoutes(app: FastifyInstance) {
  defineRoute(app, 'safetyCheck', async (request: FastifyRequest<{ Body: SafetyCheckRequest }>) => {
    const { medication_ids: medicationIds, patient = {} } = request.body;
    const conditionIds = patient.condition_ids ?? [];
    const lifestyleIds = patient.lifestyle_ids ?? [];
    // Two statements whatever the list length, side by side: the read, and the searches (which
    // records nothing when an id is unknown), so the check waits for one round trip, not two.
    const [data] = await Promise.all([
      loadSafetyData(app.db, medicationIds, conditionIds, lifestyleIds),
      recordSearches(app.db, sessionOf(request).id, medicationIds, conditionIds, lifestyleIds),
    ]);
    const unknown = {
      medication: missing(medicationIds, data.medications),
      condition: missing(patient.condition_ids, data.conditions),
      lifestyle: missing(patient.lifestyle_ids, data.lifestyles),
    };
    if (unknown.medication.length || unknown.condition.length || unknown.lifestyle.length) {
      const errors: Record<string, string[]> = {};
      const parts: string[] = [];
      const fields = {
        medication: 'medication_ids',
        condition: 'patient.condition_ids',
        lifestyle: 'patient.lifestyle_ids',
      } as const;
      for (const kind of ['medication', 'condition', 'lifestyle'] as const) {
        if (!unknown[kind].length) continue;
        const list = unknown[kind].join(', ');
        errors[fields[kind]] = [`No such ${kind}: ${list}`];
        parts.push(`${kind} ${list}`);
      }
      throw invalid(errors, `Unknown ids: ${parts.join('; ')}.`);
    }
    return { data: evaluateSafety(data, patient) };
  });
}
