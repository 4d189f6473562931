/**
 * The reference data as FHIR R4 resources: pure functions from rows to JSON, no database code.
 * MedicationKnowledge (one per medication), MedicinalProductContraindication (condition and
 * lifestyle contraindications) and MedicinalProductInteraction (drug-drug interactions), and the
 * searchset Bundle, OperationOutcome and CapabilityStatement around them.
 */

import { ATC } from '../domain/codes';

/** A FHIR resource as JSON (the tests validate each kind against the R4 structure definitions). */
export interface FhirResource {
  resourceType: string;
  id?: string;
  [element: string]: unknown;
}

export const FHIR_VERSION = '4.0.1';
/** The canonical base of what this server defines (extensions, code systems): a fixed name, not
 * the address it is served at, so a resource means the same from any deployment. */
export const CANONICAL = 'http://medref.example/fhir';
export const EXTENSIONS = {
  caution: `${CANONICAL}/StructureDefinition/caution`,
  severity: `${CANONICAL}/StructureDefinition/severity`,
  pregnancyCategory: `${CANONICAL}/StructureDefinition/pregnancy-category`,
  allergen: `${CANONICAL}/StructureDefinition/allergen`,
} as const;
/** The code systems this server defines, and the identifier system of its medications. */
export const CODE_SYSTEMS = {
  severity: `${CANONICAL}/CodeSystem/severity`,
  pregnancyCategory: `${CANONICAL}/CodeSystem/pregnancy-category`,
  dosageBasis: `${CANONICAL}/CodeSystem/dosage-basis`,
  classification: `${CANONICAL}/CodeSystem/classification-type`,
  lifestyle: `${CANONICAL}/CodeSystem/lifestyle`,
  condition: `${CANONICAL}/CodeSystem/condition`,
  medication: `${CANONICAL}/MedicationKnowledge`,
} as const;
const UCUM = 'http://unitsofmeasure.org';
const LOINC = 'http://loinc.org';

export const RESOURCE_TYPES = [
  'MedicationKnowledge',
  'MedicinalProductContraindication',
  'MedicinalProductInteraction',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** A record's standard code, as stored in its `codes` column. */
export interface Code {
  system: string;
  code: string;
  display?: string | null;
}

/** Drops what FHIR forbids in JSON: null, undefined, empty strings, arrays and objects. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((item) => !isEmpty(item));
    return items as T;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const kept = compact(item);
      if (!isEmpty(kept)) out[key] = kept;
    }
    return out as T;
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

export function codeableConcept(codes: Code[] | null | undefined, text?: string | null) {
  return {
    coding: (codes ?? []).map((c) => ({ system: c.system, code: c.code, display: c.display })),
    text,
  };
}

const UCUM_UNITS: Record<string, string> = {
  mg: 'mg',
  g: 'g',
  mcg: 'ug',
  ml: 'mL',
  'mg/kg': 'mg/kg',
  'mcg/kg': 'ug/kg',
  kg: 'kg',
  lbs: '[lb_av]',
  years: 'a',
  months: 'mo',
  weeks: 'wk',
  days: 'd',
  hours: 'h',
  'mL/min/1.73m2': 'mL/min/{1.73_m2}',
};

/** A Quantity in UCUM where the unit has a UCUM code (tablets and capsules have none). */
export function quantity(value: number | null | undefined, unit: string | null | undefined) {
  if (value === null || value === undefined) return undefined;
  const code = unit ? UCUM_UNITS[unit] : undefined;
  return { value, unit: unit ?? undefined, ...(code ? { system: UCUM, code } : {}) };
}

const PERIOD_UNITS: Record<string, string> = { hours: 'h', days: 'd', weeks: 'wk', months: 'mo' };

const range = (min: unknown, max: unknown, unit: unknown) =>
  `${String(min)}–${String(max)} ${String(unit)}`;

/** A dosage row of the reference data (an age or weight category's, or a renal rule's). */
export interface DosageRow {
  min_dosage: number | null;
  max_dosage: number | null;
  dosage_unit: string | null;
  min_frequency: number | null;
  max_frequency: number | null;
  frequency_unit: string | null;
  min_frequency_duration?: number | null;
  max_frequency_duration?: number | null;
  frequency_duration_unit?: string | null;
  max_daily_dosage?: number | null;
  max_dose?: number | null;
}

/** A dose range given every `min_frequency` to `max_frequency` units of time, for a duration. */
export function dosage(d: DosageRow) {
  const parts = [
    d.min_dosage !== null ? range(d.min_dosage, d.max_dosage, d.dosage_unit) : undefined,
    d.min_frequency !== null
      ? `every ${range(d.min_frequency, d.max_frequency, d.frequency_unit)}`
      : undefined,
    d.min_frequency_duration !== null && d.min_frequency_duration !== undefined
      ? `for ${range(d.min_frequency_duration, d.max_frequency_duration, d.frequency_duration_unit)}`
      : undefined,
    d.max_daily_dosage ? `at most ${d.max_daily_dosage} ${d.dosage_unit} a day` : undefined,
  ];
  const periodUnit = d.frequency_unit ? PERIOD_UNITS[d.frequency_unit] : undefined;
  return {
    text: parts.filter(Boolean).join(', '),
    timing:
      periodUnit && d.min_frequency !== null
        ? {
            repeat: {
              boundsRange:
                d.min_frequency_duration !== null && d.min_frequency_duration !== undefined
                  ? {
                      low: quantity(d.min_frequency_duration, d.frequency_duration_unit),
                      high: quantity(d.max_frequency_duration, d.frequency_duration_unit),
                    }
                  : undefined,
              frequency: 1,
              period: d.min_frequency,
              periodMax: d.max_frequency ?? undefined,
              periodUnit,
            },
          }
        : undefined,
    doseAndRate:
      d.min_dosage !== null || d.max_dosage !== null
        ? [
            {
              doseRange: {
                low: quantity(d.min_dosage, d.dosage_unit),
                high: quantity(d.max_dosage, d.dosage_unit),
              },
            },
          ]
        : undefined,
    maxDosePerPeriod: d.max_daily_dosage
      ? {
          numerator: quantity(d.max_daily_dosage, d.dosage_unit),
          denominator: { value: 1, unit: 'day', system: UCUM, code: 'd' },
        }
      : undefined,
    maxDosePerAdministration: d.max_dose ? quantity(d.max_dose, d.dosage_unit) : undefined,
  };
}

const characteristic = (code: string, display: string, value: string) => ({
  characteristicCodeableConcept: { coding: [{ system: LOINC, code, display }], text: display },
  value: [value],
});
const ageCharacteristic = (min: unknown, max: unknown, unit: unknown) =>
  characteristic('30525-0', 'Age', range(min, max, unit));

const basis = (code: 'age' | 'weight' | 'renal', display: string) => ({
  coding: [{ system: CODE_SYSTEMS.dosageBasis, code, display }],
  text: display,
});

/** A medication as readMedications reads it, with what the FHIR view adds to it. */
export interface MedicationRow {
  id: number;
  name: string;
  pregnancy_category: string | null;
  condition?: { name: string; codes?: Code[] } | null;
  weight_category_dosages: (DosageRow & {
    weight_category?: {
      min_weight: number;
      max_weight: number;
      weight_unit: string;
      category_name: string | null;
      min_age_years?: number | null;
      max_age_years?: number | null;
    };
  })[];
  age_category_dosages: (DosageRow & {
    age_category?: {
      min_age: number;
      max_age: number;
      age_unit: string;
      category_name: string | null;
    };
  })[];
}
export interface MedicationExtras {
  codes: Code[];
  condition_codes: Code[];
  ingredients: {
    name: string;
    codes: Code[];
    amount: number | null;
    amount_unit: string | null;
    per_unit: string | null;
  }[];
  classes: { name: string; atc_code: string | null; codes: Code[] }[];
  renal: (DosageRow & {
    avoid: boolean;
    min_egfr: number;
    max_egfr: number;
    egfr_unit: string;
    category_name: string | null;
  })[];
}

const categoryName = (name: string | null | undefined) => (name ? ` (${name})` : '');

export function medicationKnowledge(m: MedicationRow, x: MedicationExtras): FhirResource {
  const indication = m.condition ? codeableConcept(x.condition_codes, m.condition.name) : undefined;
  const guidelines = [
    ...m.age_category_dosages.map((d) => ({
      dosage: [{ type: basis('age', 'By age'), dosage: [dosage(d)] }],
      indicationCodeableConcept: indication,
      patientCharacteristics: d.age_category
        ? [
            ageCharacteristic(
              d.age_category.min_age,
              d.age_category.max_age,
              d.age_category.age_unit,
            ),
          ]
        : [],
    })),
    ...m.weight_category_dosages.map((d) => {
      const c = d.weight_category;
      return {
        dosage: [{ type: basis('weight', 'By weight'), dosage: [dosage(d)] }],
        indicationCodeableConcept: indication,
        patientCharacteristics: c
          ? [
              characteristic(
                '29463-7',
                'Body weight',
                `${range(c.min_weight, c.max_weight, c.weight_unit)}${categoryName(c.category_name)}`,
              ),
              ...(c.min_age_years !== null && c.min_age_years !== undefined
                ? [ageCharacteristic(c.min_age_years, c.max_age_years ?? '', 'years')]
                : []),
            ]
          : [],
      };
    }),
    ...x.renal.map((r) => ({
      dosage: [
        {
          type: basis('renal', 'By renal function'),
          dosage: [r.avoid ? { text: 'Avoid in this renal function band.' } : dosage(r)],
        },
      ],
      indicationCodeableConcept: indication,
      patientCharacteristics: [
        characteristic(
          '33914-3',
          'Glomerular filtration rate/1.73 sq M.predicted',
          `${range(r.min_egfr, r.max_egfr, r.egfr_unit)}${categoryName(r.category_name)}`,
        ),
      ],
    })),
  ];
  return compact({
    resourceType: 'MedicationKnowledge',
    id: String(m.id),
    extension: m.pregnancy_category
      ? [
          {
            url: EXTENSIONS.pregnancyCategory,
            valueCodeableConcept: {
              coding: [
                {
                  system: CODE_SYSTEMS.pregnancyCategory,
                  code: m.pregnancy_category,
                  display: `Pregnancy category ${m.pregnancy_category}`,
                },
              ],
              text: m.pregnancy_category,
            },
          },
        ]
      : [],
    code: codeableConcept(x.codes, m.name),
    status: 'active',
    synonym: [m.name],
    ingredient: x.ingredients.map((i) => ({
      itemCodeableConcept: codeableConcept(i.codes, i.name),
      isActive: true,
      strength:
        i.amount !== null
          ? {
              numerator: quantity(i.amount, i.amount_unit),
              denominator: { value: 1, unit: i.per_unit ?? 'unit' },
            }
          : undefined,
    })),
    administrationGuidelines: guidelines,
    medicineClassification: x.classes.map((c) => ({
      type: {
        coding: [
          { system: CODE_SYSTEMS.classification, code: 'drug-class', display: 'Drug class' },
        ],
        text: 'Drug class',
      },
      classification: [
        codeableConcept(
          [
            ...(c.atc_code && !c.codes.some((k) => k.system === ATC && k.code === c.atc_code)
              ? [{ system: ATC, code: c.atc_code, display: c.name }]
              : []),
            ...c.codes,
          ],
          c.name,
        ),
      ],
    })),
  });
}

/** The medication a contraindication or interaction is about, contained in it: R4 lets their
 * `subject` name a Medication or MedicinalProduct only, not the MedicationKnowledge. */
function containedMedication(localId: string, medication: MedicationRef) {
  return {
    resourceType: 'Medication',
    id: localId,
    identifier: [{ system: CODE_SYSTEMS.medication, value: String(medication.id) }],
    code: codeableConcept(medication.codes, medication.name),
  };
}
const subjectOf = (localId: string, medication: MedicationRef) => ({
  reference: `#${localId}`,
  display: medication.name,
});

export interface MedicationRef {
  id: number;
  name: string;
  codes: Code[];
}

const severityExtension = (severity: string) => ({
  url: EXTENSIONS.severity,
  valueCodeableConcept: {
    coding: [{ system: CODE_SYSTEMS.severity, code: severity, display: severity }],
    text: severity,
  },
});

/** A contraindication row: a condition's (level `contraindicated` or `caution`), a lifestyle's,
 * or a medication's age limit. */
export interface ContraindicationRow {
  id: string;
  kind: 'condition' | 'lifestyle' | 'age';
  medication: MedicationRef;
  other_id: number;
  other_name: string | null;
  other_codes: Code[] | null;
  level: string | null;
  severity: string;
  age_limit: { min_age: number | null; max_age: number | null; unit: string } | null;
}

/** The ages an age limit leaves out, as populations: below its minimum, above its maximum. */
function agesOutside(limit: NonNullable<ContraindicationRow['age_limit']>) {
  return [
    ...(limit.min_age !== null
      ? [{ ageRange: { high: quantity(limit.min_age, limit.unit) } }]
      : []),
    ...(limit.max_age !== null ? [{ ageRange: { low: quantity(limit.max_age, limit.unit) } }] : []),
  ];
}

export function contraindication(row: ContraindicationRow): FhirResource {
  if (row.kind === 'age' && row.age_limit) {
    return compact({
      resourceType: 'MedicinalProductContraindication',
      id: row.id,
      contained: [containedMedication('medication', row.medication)],
      extension: [severityExtension(row.severity)],
      subject: [subjectOf('medication', row.medication)],
      population: agesOutside(row.age_limit),
    });
  }
  const system = row.kind === 'condition' ? CODE_SYSTEMS.condition : CODE_SYSTEMS.lifestyle;
  const name = row.other_name ?? '';
  return compact({
    resourceType: 'MedicinalProductContraindication',
    id: row.id,
    contained: [containedMedication('medication', row.medication)],
    extension: [
      ...(row.level === 'caution' ? [{ url: EXTENSIONS.caution, valueBoolean: true }] : []),
      severityExtension(row.severity),
    ],
    subject: [subjectOf('medication', row.medication)],
    disease: codeableConcept(
      [...(row.other_codes ?? []), { system, code: String(row.other_id), display: name }],
      name,
    ),
  });
}

export interface InteractionRow {
  id: number;
  severity: string;
  description: string;
  is_allergen: boolean;
  medication: MedicationRef;
  interacting: MedicationRef;
}

export function interaction(row: InteractionRow): FhirResource {
  return compact({
    resourceType: 'MedicinalProductInteraction',
    id: String(row.id),
    contained: [
      containedMedication('medication', row.medication),
      containedMedication('interacting', row.interacting),
    ],
    extension: [
      severityExtension(row.severity),
      ...(row.is_allergen ? [{ url: EXTENSIONS.allergen, valueBoolean: true }] : []),
    ],
    subject: [subjectOf('medication', row.medication)],
    description: row.description,
    interactant: [{ itemReference: subjectOf('interacting', row.interacting) }],
    type: {
      coding: [
        {
          system: CODE_SYSTEMS.severity,
          code: row.severity,
          display: `${row.severity} drug-drug interaction`,
        },
      ],
      text: `Drug-drug interaction (${row.severity})`,
    },
    effect: { text: row.description },
  });
}

export function searchset(
  total: number,
  links: { relation: string; url: string }[],
  resources: FhirResource[],
  base: string,
): FhirResource {
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links,
    ...(resources.length > 0
      ? {
          entry: resources.map((resource) => ({
            fullUrl: `${base}/${resource.resourceType}/${resource.id ?? ''}`,
            resource,
            search: { mode: 'match' },
          })),
        }
      : {}),
  };
}

/** FHIR's issue type for an HTTP status. */
function issueCode(status: number): string {
  if (status === 401 || status === 403) return 'security';
  if (status === 404) return 'not-found';
  if (status === 429) return 'throttled';
  if (status >= 500) return 'exception';
  return 'invalid';
}

export function operationOutcome(status: number, diagnostics: string, expression?: string[]) {
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: status >= 500 ? 'fatal' : 'error',
        code: issueCode(status),
        diagnostics,
        ...(expression && expression.length > 0 ? { expression } : {}),
      },
    ],
  };
}

const SEARCH_PARAMS = [
  { name: '_id', type: 'token', documentation: 'Logical ids, comma-separated.' },
  {
    name: 'code',
    type: 'token',
    documentation:
      '`system|code` or `code`, comma-separated; matched against the standard codes (ATC, RxNorm, ICD-10, SNOMED CT) of the medication (for contraindications also the condition, for interactions either medication).',
  },
  {
    name: 'name',
    type: 'string',
    documentation: 'Part of the (either) medication name, in any case.',
  },
  { name: '_count', type: 'number', documentation: 'Page size: 50 by default, at most 500.' },
  {
    name: 'release',
    type: 'string',
    documentation:
      'A release number, `latest` (the default once a release is in effect) or `draft` (staff only).',
  },
];

export function capabilityStatement(base: string, software: string): FhirResource {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    // When what this statement says last changed (not when it is read): move it with its content.
    date: '2026-11-29',
    publisher: 'MedRef',
    kind: 'instance',
    software: { name: software },
    implementation: {
      description: 'MedRef reference data as read-only FHIR R4 resources',
      url: base,
    },
    fhirVersion: FHIR_VERSION,
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation: [
          "Read-only. Every call but this one needs a bearer token (the console's or an app's).",
          'Reads the latest published release by default; `release` chooses another.',
          `Extensions: ${EXTENSIONS.caution} (valueBoolean, on a MedicinalProductContraindication: a caution, not an absolute contraindication);`,
          `${EXTENSIONS.severity} (valueCodeableConcept: minor, moderate, major or contraindicated);`,
          `${EXTENSIONS.pregnancyCategory} (valueCodeableConcept, on a MedicationKnowledge: the pregnancy category A, B, C, D or X);`,
          `${EXTENSIONS.allergen} (valueBoolean, on a MedicinalProductInteraction: an allergic cross-reaction).`,
          'GET $export streams every resource as application/fhir+ndjson.',
        ].join(' '),
        security: {
          description: 'Bearer tokens (Authorization: Bearer), as for the rest of the API.',
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: SEARCH_PARAMS,
        })),
      },
    ],
  };
}
