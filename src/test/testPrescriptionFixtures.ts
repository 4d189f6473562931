import type {
  TestPrescription,
  TestPrescriptionImpactResponse,
  TestPrescriptionListResponse,
} from '@/api';

/** Test prescriptions as the server answers them, for the console's tests. */

export const warfarinIbuprofen: TestPrescription = {
  id: 1,
  name: 'Warfarin with ibuprofen',
  note: 'A bleeding risk the checker must flag',
  request: { medications: [{ medication_id: 1 }, { medication_id: 2 }] },
  expected: {
    verdict: 'major',
    complete: true,
    findings: [
      { kind: 'interaction', medication_ids: [1, 2], severity: 'major', interaction_id: 5 },
    ],
  },
  min_verdict: null,
  medications: [
    { id: 1, name: 'Warfarin' },
    { id: 2, name: 'Ibuprofen' },
  ],
  last_result: {
    status: 'changed',
    run_at: '2026-11-25T10:00:00.000Z',
    audit_id: 42,
    audit_label: 'Warfarin + Ibuprofen',
  },
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

export const paracetamolChild: TestPrescription = {
  id: 2,
  name: 'Paracetamol for a child',
  note: null,
  request: {
    medications: [{ medication_id: 3, dose: 15, dose_unit: 'mg/kg' }],
    patient: { age: 4, age_unit: 'years', weight: 16, weight_unit: 'kg' },
  },
  expected: { verdict: 'none', complete: true, findings: [] },
  min_verdict: null,
  medications: [{ id: 3, name: 'Paracetamol' }],
  last_result: {
    status: 'pass',
    run_at: '2026-11-25T10:00:00.000Z',
    audit_id: null,
    audit_label: null,
  },
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

export function testList(rows: TestPrescription[] = [warfarinIbuprofen, paracetamolChild]): {
  body: TestPrescriptionListResponse;
} {
  const count = (status: string) => rows.filter((row) => row.last_result?.status === status).length;
  const [passing, worse, changed] = [count('pass'), count('worse'), count('changed')];
  return {
    body: {
      data: rows,
      meta: {
        total: rows.length,
        passing,
        worse,
        changed,
        not_run: rows.length - passing - worse - changed,
      },
    },
  };
}

/**
 * The impact preview's answer for a write that would lose the finding `message` names in the test
 * prescription `name`: that one test altered, and worse than expected.
 */
export function oneWorseImpact(
  name: string,
  message: string,
): {
  body: TestPrescriptionImpactResponse;
} {
  return {
    body: {
      data: {
        total: 12,
        altered: 1,
        worse: 1,
        tests: [
          {
            id: 7,
            name,
            status: 'worse',
            before: null,
            after: null,
            differences: [{ kind: 'finding_removed', message, worse: true }],
          },
        ],
      },
    },
  };
}
