import { TEST_PRESCRIPTION_RULE_FIELDS, type TestPrescriptionRuleField } from '@contract/enums';
import type {
  SafetyCheckResult,
  Severity,
  TestPrescriptionFinding,
  TestPrescriptionOutcome,
  TestPrescriptionStatus,
} from '@/api';

/**
 * How a safety check's answer becomes a test prescription's expected outcome, and how the test
 * prescriptions' results read on screen.
 */

type RuleKey = Exclude<keyof TestPrescriptionFinding, 'kind' | 'medication_ids' | 'severity'>;

/**
 * The fields that name a finding's rule and its not-checked reason, as the server compares them:
 * the contract's list, checked below to cover every other field of the contract's finding.
 */
const RULE_KEYS: readonly RuleKey[] = TEST_PRESCRIPTION_RULE_FIELDS;
const everyRuleKey: [Exclude<RuleKey, TestPrescriptionRuleField>] extends [never] ? true : never =
  true;
void everyRuleKey;

/**
 * A finding as tests compare it: its kind, medications (ids ascending, as the server compares
 * them), the rule it comes from and its reason, and its severity; the message is left out.
 */
function findingOf(finding: TestPrescriptionFinding): TestPrescriptionFinding {
  const compared: TestPrescriptionFinding = {
    kind: finding.kind,
    medication_ids: [...finding.medication_ids].sort((a, b) => a - b),
    severity: finding.severity,
  };
  for (const key of RULE_KEYS) {
    if (finding[key] !== undefined) Object.assign(compared, { [key]: finding[key] });
  }
  return compared;
}

/** A check's outcome as tests compare it: the verdict, `complete`, and each finding as compared. */
export function outcomeOf(result: SafetyCheckResult): TestPrescriptionOutcome {
  return {
    verdict: result.verdict,
    complete: result.complete,
    findings: result.findings.map(findingOf),
  };
}

/** Equal for the same finding (kind, medications, rule, reason) of the same severity. */
export function findingKey(finding: TestPrescriptionFinding): string {
  const { kind, medication_ids, severity, ...rule } = findingOf(finding);
  return JSON.stringify([kind, medication_ids, severity, RULE_KEYS.map((key) => rule[key] ?? '')]);
}

export const STATUS_LABELS: Record<TestPrescriptionStatus, string> = {
  pass: 'Pass',
  worse: 'Worse',
  changed: 'Changed',
};

/** A status's colour: a worse result in red, another change in amber. */
export const STATUS_COLORS: Record<TestPrescriptionStatus, 'success' | 'error' | 'warning'> = {
  pass: 'success',
  worse: 'error',
  changed: 'warning',
};

/** "at least major": a test's floor in words. */
export function floorText(floor: Severity): string {
  return `at least ${floor}`;
}

/** "3 test prescriptions", "1 test prescription". */
export function testCount(count: number): string {
  return `${count} test prescription${count === 1 ? '' : 's'}`;
}

/** The impact preview's headline: "This change alters 2 test prescriptions". */
export function altersText(count: number): string {
  return `This change alters ${testCount(count)}`;
}

/** How many of the altered tests would be worse: "1 would be worse than expected". */
export function worseText(count: number): string {
  return `${count} would be worse than expected`;
}

/** The headline when the change leaves every test prescription's outcome as it is. */
export const ALTERS_NONE = 'This change alters no test prescriptions';

/** The dashboard card's headline: "Test prescriptions: 14 of 15 pass". */
export function passText(passing: number, total: number): string {
  return `Test prescriptions: ${passing} of ${total} pass`;
}
