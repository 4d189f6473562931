import type { SafetyCheckResult, TestPrescriptionOutcome, TestPrescriptionStatus } from '@/api';

/**
 * How a safety check's answer becomes a test prescription's expected outcome, and how the test
 * prescriptions' results read on screen.
 */

/**
 * A check's outcome as tests compare it: the verdict, `complete`, and each finding's kind,
 * medications (ids ascending, as the server compares them) and severity; messages are left out.
 */
export function outcomeOf(result: SafetyCheckResult): TestPrescriptionOutcome {
  return {
    verdict: result.verdict,
    complete: result.complete,
    findings: result.findings.map(({ kind, medication_ids, severity }) => ({
      kind,
      medication_ids: [...medication_ids].sort((a, b) => a - b),
      severity,
    })),
  };
}

export const STATUS_LABELS: Record<TestPrescriptionStatus, string> = {
  pass: 'Pass',
  changed: 'Changed',
};

/** "3 test prescriptions", "1 test prescription". */
export function testCount(count: number): string {
  return `${count} test prescription${count === 1 ? '' : 's'}`;
}

/** The impact preview's headline: "This change alters 2 test prescriptions". */
export function altersText(count: number): string {
  return `This change alters ${testCount(count)}`;
}

/** The headline when the change leaves every test prescription's outcome as it is. */
export const ALTERS_NONE = 'This change alters no test prescriptions';

/** The dashboard card's headline: "Test prescriptions: 14 of 15 pass". */
export function passText(passing: number, total: number): string {
  return `Test prescriptions: ${passing} of ${total} pass`;
}
