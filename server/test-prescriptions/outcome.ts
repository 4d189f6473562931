import type { Schema } from '../contract';
import type { SafetyResult } from '../domain/safety-check';

/**
 * A safety check's outcome as test prescriptions compare it: the verdict, `complete`, and each
 * finding by kind, medication ids (ascending) and severity. Messages are not compared.
 */
export type OutcomeFinding = Schema<'TestPrescriptionFinding'>;
export type Outcome = Schema<'TestPrescriptionOutcome'>;
export type Difference = Schema<'TestPrescriptionDifference'>;

/** An outcome, or why the request could no longer be checked. */
export type Actual = { outcome: Outcome } | { error: string };

const SEVERITY_ORDER = ['contraindicated', 'major', 'moderate', 'minor', null];

/** Kind and medications: findings with the same key are the same finding, whatever their severity. */
const keyOf = (f: OutcomeFinding) => `${f.kind}:${f.medication_ids.join(',')}`;

function compareFindings(a: OutcomeFinding, b: OutcomeFinding): number {
  const byKey = keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0;
  return byKey || SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity);
}

/** One order for any outcome, so two equal outcomes are equal as JSON too. */
export function canonical(outcome: Outcome): Outcome {
  return {
    verdict: outcome.verdict,
    complete: outcome.complete,
    findings: outcome.findings
      .map((f) => ({
        kind: f.kind,
        medication_ids: [...f.medication_ids].sort((x, y) => x - y),
        severity: f.severity,
      }))
      .sort(compareFindings),
  };
}

export function outcomeOf(result: SafetyResult): Outcome {
  return canonical(result);
}

/** Names findings in messages: "interaction of Warfarin + Ibuprofen". */
export type NameOf = (medicationId: number) => string;

function describe(f: OutcomeFinding, nameOf: NameOf): string {
  const kind = f.kind.replace('_', ' ');
  return `${kind} finding for ${f.medication_ids.map(nameOf).join(' + ')}`;
}

const severityText = (s: string | null) => s ?? 'not checked';

/**
 * How `to` differs from `from`: findings matched by kind and medications, the same severity
 * first; what is left over on one side only is a severity change when the other side has a
 * finding of the same key, else a finding added or removed. Empty when they are equal.
 */
export function differences(from: Actual, to: Actual, nameOf: NameOf): Difference[] {
  if ('error' in to) {
    return 'error' in from && from.error === to.error
      ? []
      : [{ kind: 'request_invalid', message: to.error }];
  }
  if ('error' in from) {
    return [{ kind: 'request_invalid', message: `Now checked again (was: ${from.error})` }];
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
    });
  }
  if (a.complete !== b.complete) {
    out.push({
      kind: 'complete_changed',
      from: a.complete,
      to: b.complete,
      message: b.complete ? 'The check is now complete' : 'The check is now incomplete',
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
      });
    }
    for (const f of left.slice(paired)) {
      out.push({
        kind: 'finding_removed',
        finding: f,
        message: `No longer: ${describe(f, nameOf)} (${severityText(f.severity)})`,
      });
    }
    for (const f of right.slice(paired)) {
      out.push({
        kind: 'finding_added',
        finding: f,
        message: `New: ${describe(f, nameOf)} (${severityText(f.severity)})`,
      });
    }
  }
  return out;
}

/** The same outcome, or the same refusal. */
export const sameActual = (a: Actual, b: Actual) => JSON.stringify(a) === JSON.stringify(b);
