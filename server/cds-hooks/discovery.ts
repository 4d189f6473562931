import type { Schema } from '../contract';
import { LOINC, LOINC_BODY_WEIGHT, LOINC_EGFR, LOINC_PREGNANCY_STATUS } from './fhir';

export const SERVICE_ID = 'medref-medication-safety';
export const HOOKS = ['order-select', 'order-sign'] as const;
export type Hook = (typeof HOOKS)[number];

const latest = (code: string) =>
  `Observation?patient={{context.patientId}}&code=${LOINC}|${code}&_sort=-date&_count=1`;

/** The FHIR queries the service wants prefetched, by key; the same keys it reads in a call. */
export const PREFETCH = {
  patient: 'Patient/{{context.patientId}}',
  weight: latest(LOINC_BODY_WEIGHT),
  egfr: `Observation?patient={{context.patientId}}&code=${LOINC_EGFR.map((c) => `${LOINC}|${c}`).join(',')}&_sort=-date&_count=1`,
  pregnancy: latest(LOINC_PREGNANCY_STATUS),
  conditions: 'Condition?patient={{context.patientId}}&clinical-status=active',
  allergies: 'AllergyIntolerance?patient={{context.patientId}}',
} as const;
export type PrefetchKey = keyof typeof PREFETCH;

/** What each prefetch is about, for a card saying it could not be read. */
export const PREFETCH_SUBJECT: Record<PrefetchKey, string> = {
  patient: "the patient's age and sex",
  weight: "the patient's body weight",
  egfr: "the patient's eGFR",
  pregnancy: "the patient's pregnancy status",
  conditions: "the patient's active conditions",
  allergies: "the patient's allergies",
};

/** The discovery answer: one entry per hook, both by the one service id (one endpoint). */
export function discovery(): Schema<'CdsDiscoveryResponse'> {
  return {
    services: HOOKS.map((hook) => ({
      hook,
      id: SERVICE_ID,
      title: 'MedRef medication safety',
      description:
        'Checks draft medication orders against the MedRef reference data (doses and daily maxima, interactions, conditions, pregnancy, allergies, renal function) for the patient.',
      prefetch: { ...PREFETCH },
      usageRequirements:
        "Authorize with an API client's secret from MedRef Admin (Accounts, API clients) as the bearer token. Medications and conditions are matched by ATC or RxNorm, and ICD-10 or SNOMED CT codes.",
    })),
  };
}
