import {
  SAFETY_VERDICTS,
  TEST_PRESCRIPTION_RULE_FIELDS,
  type SafetyVerdict,
  type TestPrescriptionRuleField,
} from '@contract/enums';
import type { Schema } from '../contract';
import type { SafetyResult } from '../domain/safety-check';

/**
 * A safety check's outcome as test prescriptions compare it: the verdict, `complete`, and each
 * finding by kind, medication ids (ascending), the rule it comes from, the reason of a
 * `not_checked` one, and its severity. Messages are not compared.
 */
export type OutcomeFinding = Schema<'TestPrescriptionFinding'>;
export type Outcome = Schema<'TestPrescriptionOutcome'>;
export type Difference = Schema<'TestPrescriptionDifference'>;
export type Status = Schema<'TestPrescriptionStatus'>;
export type Floor = Schema<'TestPrescriptionFloor'>;

/** An outcome, or why the request could no longer be checked. */
export type Actual = { outcome: Outcome } | { error: string };

type RuleKey = Exclude<keyof OutcomeFinding, 'kind' | 'medication_ids' | 'severity'>;

/**
 * What names a finding's rule and reason, in the order they are stored: the contract's list. The
 * check below fails to compile when a field added to TestPrescriptionFinding is not in it, so no
 * part of a finding's identity is left out of the comparison unnoticed.
 */
export const RULE_KEYS: readonly RuleKey[] = TEST_PRESCRIPTION_RULE_FIELDS;
const everyRuleKey: [Exclude<RuleKey, TestPrescriptionRuleField>] extends [never] ? true : never =
  true;
void everyRuleKey;

const SEVERITY_ORDER = ['contraindicated', 'major', 'moderate', 'minor', null];

/** A verdict's place, lowest (`none`) first. */
const verdictRank = (verdict: SafetyVerdict) => SAFETY_VERDICTS.indexOf(verdict);
/** A severity's place, lowest (null, not checked) first. */
const severityRank = (severity: OutcomeFinding['severity']) =>
  severity === null ? -1 : verdictRank(severity);

/** Kind, medications, rule and reason: findings with the same key are the same finding. */
const keyOf = (f: OutcomeFinding) =>
  JSON.stringify([f.kind, f.medication_ids, ...RULE_KEYS.map((k) => f[k] ?? '')]);

function compareFindings(a: OutcomeFinding, b: OutcomeFinding): number {
  const byKey = keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
  return byKey || SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity);
}

/** A finding as compared: the contract's fields only, medication ids ascending. */
function findingOf(f: OutcomeFinding): OutcomeFinding {
  const finding: OutcomeFinding = {
    kind: f.kind,
    medication_ids: [...f.medication_ids].sort((x, y) => x - y),
    severity: f.severity,
  };
  for (const key of RULE_KEYS) {
    if (f[key] !== undefined) Object.assign(finding, { [key]: f[key] });
  }
  return finding;
}

/** One order for any outcome, so two equal outcomes are equal as JSON too. */
export function canonical(outcome: Outcome): Outcome {
  return {
    verdict: outcome.verdict,
    complete: outcome.complete,
    findings: outcome.findings.map(findingOf).sort(compareFindings),
  };
}

/**
 * The outcome as an expected one saved before findings recorded their rule and reason: kind,
 * medications and severity only.
 */
export function withoutRules(outcome: Outcome): Outcome {
  return canonical({
    ...outcome,
    findings: outcome.findings.map(({ kind, medication_ids, severity }) => ({
      kind,
      medication_ids,
      severity,
    })),
  });
}

export function outcomeOf(result: SafetyResult): Outcome {
  return canonical(result);
}

/** Names findings in messages: "interaction of Warfarin + Ibuprofen". */
export type NameOf = (medicationId: number) => string;

function describe(f: OutcomeFinding, nameOf: NameOf): string {
  const kind = f.kind.replace('_', ' ');
  const reason = f.reason ? ` (${f.reason.replace(/_/g, ' ')})` : '';
  return `${kind} finding${reason} for ${f.medication_ids.map(nameOf).join(' + ')}`;
}

const severityText = (s: string | null) => s ?? 'not checked';
/** " (major)"; nothing for a not_checked finding, whose kind says it. */
const severitySuffix = (f: OutcomeFinding) => (f.severity ? ` (${f.severity})` : '');

/**
 * How `to` differs from `from`: findings matched by kind, medications, rule and reason, the same
 * severity first; what is left over on one side only is a severity change when the other side has
 * a finding of the same key, else a finding added or removed. Each difference says whether it
 * lowers the outcome (`worse`): a verdict lowered, `complete` lost, a finding removed or its
 * severity lowered, the request no longer checked. Empty when they are equal.
 */
export function differences(from: Actual, to: Actual, nameOf: NameOf): Difference[] {
  if ('error' in to) {
    return 'error' in from && from.error === to.error
      ? []
      : [{ kind: 'request_invalid', message: to.error, worse: true }];
  }
  if ('error' in from) {
    return [
      {
        kind: 'request_invalid',
        message: `Now checked again (was: ${from.error})`,
        worse: false,
      },
    ];
  }
  const a = from.outcome;
  const b = to.outcome;
  const out: Difference[] = [];
  if (a.verdict !== b.verdict) {
    out.push({
      kind: 'verdict_changed',
      from: a.verdict,
      to: b.verdict,
      message: `Verdict: ${a.verdict} → ${b.verdict}`,
      worse: verdictRank(b.verdict) < verdictRank(a.verdict),
    });
  }
  if (a.complete !== b.complete) {
    out.push({
      kind: 'complete_changed',
      from: a.complete,
      to: b.complete,
      message: b.complete ? 'The check is now complete' : 'The check is now incomplete',
      worse: !b.complete,
    });
  }
  const groups = new Map<string, { before: OutcomeFinding[]; after: OutcomeFinding[] }>();
  const group = (f: OutcomeFinding) => {
    const key = keyOf(f);
    let entry = groups.get(key);
    if (!entry) groups.set(key, (entry = { before: [], after: [] }));
    return entry;
  };
  for (const f of a.findings) group(f).before.push(f);
  for (const f of b.findings) group(f).after.push(f);
  for (const { before, after } of groups.values()) {
    const left = [...before];
    const right: OutcomeFinding[] = [];
    for (const f of after) {
      const same = left.findIndex((g) => g.severity === f.severity);
      if (same >= 0) left.splice(same, 1);
      else right.push(f);
    }
    const paired = Math.min(left.length, right.length);
    for (let i = 0; i < paired; i++) {
      out.push({
        kind: 'severity_changed',
        finding: left[i],
        from: left[i].severity,
        to: right[i].severity,
        message: `${describe(left[i], nameOf)}: ${severityText(left[i].severity)} → ${severityText(right[i].severity)}`,
        worse: severityRank(right[i].severity) < severityRank(left[i].severity),
      });
    }
    for (const f of left.slice(paired)) {
      out.push({
        kind: 'finding_removed',
        finding: f,
        message: `No longer: ${describe(f, nameOf)}${severitySuffix(f)}`,
        worse: true,
      });
    }
    for (const f of right.slice(paired)) {
      out.push({
        kind: 'finding_added',
        finding: f,
        message: `New: ${describe(f, nameOf)}${severitySuffix(f)}`,
        worse: false,
      });
    }
  }
  return out;
}

/** The floor's difference when `actual`'s verdict is below it (a request not checked has none). */
export function belowFloor(actual: Actual, floor: Floor): Difference[] {
  if (floor === null || 'error' in actual) return [];
  const { verdict } = actual.outcome;
  if (verdictRank(verdict) >= verdictRank(floor)) return [];
  return [
    {
      kind: 'below_floor',
      from: floor,
      to: verdict,
      message: `Verdict ${verdict} is below this test's floor: at least ${floor}`,
      worse: true,
    },
  ];
}

/** `pass` without differences; `worse` when any of them lowers the outcome; else `changed`. */
export function statusOf(found: Difference[]): Status {
  if (found.length === 0) return 'pass';
  return found.some((d) => d.worse) ? 'worse' : 'changed';
}

/** The same outcome, or the same refusal. */
export const sameActual = (a: Actual, b: Actual) => JSON.stringify(a) === JSON.stringify(b);
