import { randomUUID } from 'node:crypto';
import type { CdsAlertRuleKind } from '@contract/enums';
import type { Schema } from '../contract';
import type { Finding, SafetyResult, Severity } from '../domain/safety-check';

/**
 * The safety check's findings as CDS Hooks cards, each with the identity of the rule that fired
 * it (stored with the card's uuid, so feedback is counted per rule). Pure functions.
 */

export type Card = Schema<'CdsCard'>;
type Indicator = Card['indicator'];

/** A card with what is stored about it. */
export interface FiredCard {
  card: Card;
  rule: { kind: CdsAlertRuleKind; recordId: number | null; medicationId: number | null };
  label: string;
  severity: Severity | null;
}

export const OVERRIDE_SYSTEM = 'https://medref.example/cds/override-reason';
/** The reasons a clinician may give for going ahead anyway. */
export const OVERRIDE_REASONS: Schema<'CdsCoding'>[] = [
  {
    system: OVERRIDE_SYSTEM,
    code: 'benefit-outweighs-risk',
    display: 'Patient benefit outweighs risk',
  },
  {
    system: OVERRIDE_SYSTEM,
    code: 'tolerated-before',
    display: 'Patient has tolerated this before',
  },
  { system: OVERRIDE_SYSTEM, code: 'will-monitor', display: 'Will monitor the patient closely' },
  {
    system: OVERRIDE_SYSTEM,
    code: 'not-applicable',
    display: 'Alert does not apply to this patient',
  },
];

const INDICATOR: Record<Severity, Indicator> = {
  contraindicated: 'critical',
  major: 'critical',
  moderate: 'warning',
  minor: 'info',
};

const KIND_TEXT: Record<Finding['kind'], string> = {
  interaction: 'interaction',
  condition: 'condition contraindication',
  lifestyle: 'lifestyle caution',
  pregnancy: 'pregnancy risk',
  allergy: 'allergy',
  duplicate_therapy: 'duplicate therapy',
  duplicate_ingredient: 'duplicate ingredient',
  renal: 'renal function',
  age_limit: 'age limit',
  dose: 'dose out of range',
  daily_dose: 'daily maximum exceeded',
  frequency: 'dosing frequency out of range',
  duration: 'duration out of range',
  not_checked: 'could not check',
};

/** The longest summary CDS Hooks allows is under 140 characters. */
export const SUMMARY_MAX = 139;
export function shorten(text: string, max = SUMMARY_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The record a finding's rule lives on. */
export function ruleOf(f: Finding): FiredCard['rule'] {
  const medicationId = f.medication_ids[0] ?? null;
  const rule = (kind: CdsAlertRuleKind, recordId: number | null | undefined) => ({
    kind,
    recordId: recordId ?? null,
    medicationId,
  });
  if (f.class_rule_id !== undefined) return rule('class_rule', f.class_rule_id);
  if (f.renal_rule_id !== undefined) return rule('renal_rule', f.renal_rule_id);
  switch (f.kind) {
    case 'interaction':
      return rule('interaction', f.interaction_id);
    case 'allergy':
      return rule('allergy', f.interaction_id ?? f.drug_class_id ?? medicationId);
    case 'condition':
      return rule('condition', f.condition_id);
    case 'lifestyle':
      return rule('lifestyle', f.lifestyle_id);
    case 'pregnancy':
      return rule('pregnancy', medicationId);
    case 'age_limit':
      return rule('age_limit', medicationId);
    case 'duplicate_therapy':
      return rule('duplicate_class', f.drug_class_id);
    case 'duplicate_ingredient':
      return rule('duplicate_ingredient', f.ingredient_id);
    case 'daily_dose':
      return f.ingredient_id !== undefined && f.dosage_id === undefined
        ? rule('ingredient_limit', f.ingredient_id)
        : rule('dosage', f.dosage_id);
    case 'dose':
    case 'frequency':
    case 'duration':
      return rule('dosage', f.dosage_id);
    case 'not_checked':
    default:
      return rule('not_checked', medicationId);
  }
}

export interface CardContext {
  release: number;
  /** Names of the medications by id (prescribed and allergies). */
  names: Map<number, string>;
  /** What was ordered, per medication id, as the check read it ("1 g every 4 hours"). */
  ordered: Map<number, string>;
  /** The patient facts the check used, as a line of text. */
  patient: string;
}

const sourceOf = (release: number) => ({ label: `MedRef release ${release}` });

/** One card per finding, most severe first (the check's order). */
export function findingCards(result: SafetyResult, ctx: CardContext): FiredCard[] {
  return result.findings.map((f) => {
    const names = f.medication_ids.map((id) => ctx.names.get(id) ?? `#${id}`);
    const what = KIND_TEXT[f.kind];
    const summary = shorten(
      f.severity
        ? `${names.join(' + ')}: ${what} (${f.severity})`
        : `${names.join(' + ')}: could not check ${f.reason?.replaceAll('_', ' ') ?? 'everything'}`,
    );
    const ordered = f.medication_ids
      .filter((id) => ctx.ordered.has(id))
      .map((id) => `- ${ctx.names.get(id) ?? `#${id}`}: ${ctx.ordered.get(id)}`);
    const detail = [
      f.message,
      ...(ordered.length ? ['', '**Ordered**', ...ordered] : []),
      '',
      `**Patient:** ${ctx.patient}`,
    ].join('\n');
    const severity = f.severity ?? null;
    const indicator = severity ? INDICATOR[severity] : 'info';
    return {
      card: {
        uuid: randomUUID(),
        summary,
        detail,
        indicator,
        source: sourceOf(ctx.release),
        ...(indicator !== 'info' && { overrideReasons: OVERRIDE_REASONS }),
      },
      rule: ruleOf(f),
      label: shorten(`${what[0].toUpperCase()}${what.slice(1)}: ${names.join(' + ')}`, 200),
      severity,
    };
  });
}

/** An info card for something the service could not check at all. */
export function couldNotCheckCard(
  summary: string,
  detail: string,
  release: number | null,
  label: string,
): FiredCard {
  return {
    card: {
      uuid: randomUUID(),
      summary: shorten(summary),
      detail,
      indicator: 'info',
      source: release === null ? { label: 'MedRef (no release published)' } : sourceOf(release),
    },
    rule: { kind: 'not_checked', recordId: null, medicationId: null },
    label,
    severity: null,
  };
}
