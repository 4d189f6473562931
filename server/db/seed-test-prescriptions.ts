/**
 * The demo test prescriptions: prescriptions a pharmacist would check, over the demo data's
 * interactions, dose bands, allergies, pregnancy, a contraindicated condition, a caution, a
 * lifestyle, and one incomplete check. Each states the verdict and completeness it is about; the
 * findings stored as expected are the safety check's own on the demo data, and loading fails if a
 * verdict or `complete` differs from the one stated here, so a demo change that alters one is
 * caught.
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE.
 */
import type pg from 'pg';
import type { Queryable } from './pool';
import { readRequests, outcomeOfRequest } from '../test-prescriptions/suite';
import type { SafetyCheckRequest } from '../domain/safety-check';

type Amount = [number, string];
interface TestPrescriptionSeed {
  name: string;
  note: string;
  medications: { name: string; dose?: Amount; frequency?: Amount; duration?: Amount }[];
  patient: {
    age?: Amount;
    weight?: Amount;
    pregnant?: boolean;
    sex?: 'female' | 'male';
    egfr?: number;
    conditions?: string[];
    lifestyles?: string[];
    allergies?: string[];
  };
  verdict: 'none' | 'minor' | 'moderate' | 'major' | 'contraindicated';
  complete: boolean;
}

/** An adult who is not pregnant (left out, pregnancy would be unknown: see the safety check). */
const ADULT = { age: [40, 'years'] as Amount, weight: [70, 'kg'] as Amount, pregnant: false };
/** A man of 40, so that pregnancy is no question. */
const MAN = { age: [40, 'years'] as Amount, weight: [70, 'kg'] as Amount, sex: 'male' as const };
const day = (n: number): Amount => [n, 'days'];
const months = (n: number): Amount => [n, 'months'];
const hours = (n: number): Amount => [n, 'hours'];
const mg = (n: number): Amount => [n, 'mg'];

export const TEST_PRESCRIPTIONS: TestPrescriptionSeed[] = [
  {
    name: 'Paracetamol 1 g every 6 hours, adult',
    note: 'Within the Normal weight and Adult age rules: nothing to report.',
    medications: [{ name: 'Paracetamol', dose: mg(1000), frequency: hours(6), duration: day(3) }],
    patient: ADULT,
    verdict: 'none',
    complete: true,
  },
  {
    name: 'Paracetamol 1.5 g: above the adult maximum',
    note: 'A single dose above 1 g.',
    medications: [{ name: 'Paracetamol', dose: mg(1500), frequency: hours(6), duration: day(3) }],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Ibuprofen 200 mg: below the minimum',
    note: 'Under the 400 mg minimum of the Normal band.',
    medications: [{ name: 'Ibuprofen', dose: mg(200), frequency: hours(8), duration: day(3) }],
    patient: ADULT,
    verdict: 'moderate',
    complete: true,
  },
  {
    name: 'Morphine every 2 hours: too often',
    note: 'The shortest interval is 4 hours.',
    medications: [{ name: 'Morphine', dose: mg(5), frequency: hours(2), duration: day(2) }],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Newborn of 3.2 kg: adult paracetamol dose',
    note: 'The per-kg and neonatal rules catch a 500 mg dose for a 3-day-old.',
    medications: [{ name: 'Paracetamol', dose: mg(500), frequency: hours(6), duration: day(2) }],
    patient: { age: [3, 'days'], weight: [3.2, 'kg'] },
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Warfarin with ibuprofen: bleeding risk',
    note: 'A major interaction.',
    medications: [
      { name: 'Warfarin', dose: mg(5), frequency: day(1), duration: months(6) },
      { name: 'Ibuprofen', dose: mg(400), frequency: hours(8), duration: day(5) },
    ],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Warfarin with fluconazole',
    note: 'Fluconazole raises the INR.',
    medications: [
      { name: 'Warfarin', dose: mg(5), frequency: day(1), duration: months(6) },
      { name: 'Fluconazole', dose: mg(150), frequency: hours(24), duration: day(7) },
    ],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Methotrexate with co-trimoxazole',
    note: 'A contraindicated pair: bone marrow suppression.',
    medications: [
      { name: 'Methotrexate', dose: mg(15), frequency: [1, 'weeks'], duration: months(6) },
      { name: 'Co-trimoxazole', dose: mg(160), frequency: hours(12), duration: day(7) },
    ],
    patient: ADULT,
    verdict: 'contraindicated',
    complete: true,
  },
  {
    name: 'Sertraline with fluoxetine',
    note: 'Two SSRIs: serotonin syndrome risk, rated major.',
    medications: [
      { name: 'Sertraline', dose: mg(50), frequency: day(1), duration: months(6) },
      { name: 'Fluoxetine', dose: mg(20), frequency: day(1), duration: months(6) },
    ],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Clopidogrel with omeprazole',
    note: 'The label says to avoid the pair: major.',
    medications: [
      { name: 'Clopidogrel', dose: mg(75), frequency: day(1), duration: months(6) },
      { name: 'Omeprazole', dose: mg(20), frequency: day(1), duration: [6, 'weeks'] },
    ],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Amoxicillin for a patient allergic to amoxicillin',
    note: 'A stated allergy to the prescribed medication.',
    medications: [{ name: 'Amoxicillin', dose: mg(500), frequency: hours(8), duration: day(7) }],
    patient: { ...ADULT, allergies: ['Amoxicillin'] },
    verdict: 'contraindicated',
    complete: true,
  },
  {
    name: 'Ceftriaxone for a patient allergic to amoxicillin',
    note: 'Cross-sensitivity through an allergen-flagged interaction.',
    medications: [{ name: 'Ceftriaxone', dose: [1, 'g'], frequency: hours(24), duration: day(7) }],
    patient: { ...ADULT, allergies: ['Amoxicillin'] },
    verdict: 'contraindicated',
    complete: true,
  },
  {
    name: 'Warfarin in pregnancy',
    note: 'Pregnancy category X.',
    medications: [{ name: 'Warfarin', dose: mg(5), frequency: day(1), duration: months(6) }],
    patient: { ...ADULT, age: [30, 'years'], pregnant: true },
    verdict: 'contraindicated',
    complete: true,
  },
  {
    name: 'Amoxicillin in pregnancy',
    note: 'Pregnancy category B: nothing to report.',
    medications: [{ name: 'Amoxicillin', dose: mg(500), frequency: hours(8), duration: day(7) }],
    patient: { ...ADULT, age: [30, 'years'], pregnant: true },
    verdict: 'none',
    complete: true,
  },
  {
    name: 'Ibuprofen with a peptic ulcer',
    note: 'A contraindicated condition.',
    medications: [{ name: 'Ibuprofen', dose: mg(400), frequency: hours(8), duration: day(3) }],
    patient: { ...ADULT, conditions: ['Peptic ulcer'] },
    verdict: 'contraindicated',
    complete: true,
  },
  {
    name: 'Paracetamol 500 mg every 6 hours in liver cirrhosis',
    note: 'A caution, not a contraindication: paracetamol is used in cirrhosis at a reduced daily dose.',
    medications: [{ name: 'Paracetamol', dose: mg(500), frequency: hours(6), duration: day(3) }],
    patient: { ...ADULT, conditions: ['Liver cirrhosis'] },
    verdict: 'moderate',
    complete: true,
  },
  {
    name: 'Ibuprofen with alcohol',
    note: 'A lifestyle contraindication.',
    medications: [{ name: 'Ibuprofen', dose: mg(400), frequency: hours(8), duration: day(3) }],
    patient: { ...ADULT, lifestyles: ['Alcohol consumption'] },
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Morphine for a 6-month-old, no weight given',
    note: 'Incomplete: its weight-based rules cannot be checked without a weight.',
    medications: [{ name: 'Morphine', dose: mg(1), frequency: hours(4), duration: day(1) }],
    patient: { age: [6, 'months'] },
    verdict: 'none',
    complete: false,
  },
  // Children and whole prescriptions: each was once passed as safe.
  {
    name: 'Sumatriptan 100 mg twelve times a day',
    note: 'Each dose is within 50 to 100 mg, but 1.2 g a day is four times the 300 mg daily maximum.',
    medications: [
      { name: 'Sumatriptan', dose: mg(100), frequency: [12, 'x daily'], duration: day(1) },
    ],
    patient: ADULT,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Ceftriaxone 2 g once daily for a 10-day-old of 3.5 kg',
    note: 'An adult fixed dose is not for a newborn: the neonatal rule is at most 50 mg/kg a day.',
    medications: [{ name: 'Ceftriaxone', dose: [2, 'g'], frequency: hours(24), duration: day(7) }],
    patient: { age: day(10), weight: [3.5, 'kg'] },
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Co-trimoxazole for a 14-day-old',
    note: 'Contraindicated under 6 weeks (kernicterus).',
    medications: [{ name: 'Co-trimoxazole', dose: mg(20), frequency: hours(12), duration: day(5) }],
    patient: { age: day(14), weight: [3.5, 'kg'] },
    verdict: 'contraindicated',
    complete: false,
  },
  {
    name: 'Isotretinoin for a 25-year-old woman, pregnancy not given',
    note: 'Category X: a missing pregnancy status must not read as "not pregnant".',
    medications: [{ name: 'Isotretinoin', dose: mg(40), frequency: day(1), duration: months(4) }],
    patient: { age: [25, 'years'], weight: [60, 'kg'], sex: 'female' },
    verdict: 'none',
    complete: false,
  },
  {
    name: 'Atorvastatin with simvastatin',
    note: 'Two statins: a duplicate therapy, stated once for the class.',
    medications: [
      { name: 'Atorvastatin', dose: mg(20), frequency: day(1), duration: months(6) },
      { name: 'Simvastatin', dose: mg(20), frequency: day(1), duration: months(6) },
    ],
    patient: MAN,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Sertraline with ibuprofen',
    note: 'An SSRI with an NSAID: bleeding risk, from the class rule (no pair is stored).',
    medications: [
      { name: 'Sertraline', dose: mg(50), frequency: day(1), duration: months(6) },
      { name: 'Ibuprofen', dose: mg(400), frequency: hours(8), duration: day(5) },
    ],
    patient: MAN,
    verdict: 'moderate',
    complete: true,
  },
  {
    name: 'Paracetamol with co-codamol',
    note: 'Paracetamol 1 g every 6 hours and co-codamol 2 tablets every 4 hours: 10 g of paracetamol a day.',
    medications: [
      { name: 'Paracetamol', dose: mg(1000), frequency: hours(6), duration: day(3) },
      { name: 'Co-codamol 30/500', dose: [2, 'tablet'], frequency: hours(4), duration: day(3) },
    ],
    patient: MAN,
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Enoxaparin 70 mg twice daily in chronic kidney disease, eGFR not given',
    note: 'Its renal rules cannot be passed over: the check asks for the eGFR.',
    medications: [{ name: 'Enoxaparin', dose: mg(70), frequency: hours(12), duration: day(5) }],
    patient: { ...MAN, conditions: ['Chronic kidney disease'] },
    verdict: 'none',
    complete: false,
  },
  {
    name: 'Enoxaparin 70 mg twice daily at an eGFR of 25',
    note: 'Below an eGFR of 30, once a day: twice is too often.',
    medications: [{ name: 'Enoxaparin', dose: mg(70), frequency: hours(12), duration: day(5) }],
    patient: { ...MAN, egfr: 25 },
    verdict: 'major',
    complete: true,
  },
  {
    name: 'Azithromycin, fluconazole and ondansetron',
    note: 'Three QT-prolonging medications: each pair is a major class interaction.',
    medications: [
      { name: 'Azithromycin', dose: mg(500), frequency: day(1), duration: day(3) },
      { name: 'Fluconazole', dose: mg(200), frequency: hours(24), duration: day(7) },
      { name: 'Ondansetron', dose: mg(4), frequency: hours(8), duration: day(2) },
    ],
    patient: MAN,
    verdict: 'major',
    complete: true,
  },
];

async function idsByName(db: Queryable, table: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The seed as a safety-check request, with the demo data's ids. */
function requestOf(
  seed: TestPrescriptionSeed,
  ids: Record<'medications' | 'conditions' | 'lifestyles', Map<string, number>>,
): SafetyCheckRequest {
  const id = (kind: keyof typeof ids, name: string) => {
    const found = ids[kind].get(name);
    if (found === undefined) throw new Error(`Demo test prescriptions: no ${kind} ${name}`);
    return found;
  };
  const amount = (field: string, value?: Amount) =>
    value ? { [field]: value[0], [`${field}_unit`]: value[1] } : {};
  const { patient } = seed;
  return {
    medications: seed.medications.map((m) => ({
      medication_id: id('medications', m.name),
      ...amount('dose', m.dose),
      ...amount('frequency', m.frequency),
      ...amount('duration', m.duration),
    })),
    patient: {
      ...amount('age', patient.age),
      ...amount('weight', patient.weight),
      ...(patient.pregnant !== undefined ? { pregnant: patient.pregnant } : {}),
      ...(patient.sex ? { sex: patient.sex } : {}),
      ...(patient.egfr !== undefined ? { egfr: patient.egfr } : {}),
      ...(patient.conditions
        ? { condition_ids: patient.conditions.map((n) => id('conditions', n)) }
        : {}),
      ...(patient.lifestyles
        ? { lifestyle_ids: patient.lifestyles.map((n) => id('lifestyles', n)) }
        : {}),
      ...(patient.allergies
        ? { allergy_medication_ids: patient.allergies.map((n) => id('medications', n)) }
        : {}),
    },
  };
}

/** Loads the demo test prescriptions, each passing (its last result stored as a pass). */
export async function seedTestPrescriptions(client: pg.PoolClient | pg.Client): Promise<void> {
  // A plain client runs the same statements as a pool's.
  const db = client as pg.PoolClient;
  const ids = {
    medications: await idsByName(db, 'medications'),
    conditions: await idsByName(db, 'conditions'),
    lifestyles: await idsByName(db, 'lifestyles'),
  };
  const requests = TEST_PRESCRIPTIONS.map((seed) => requestOf(seed, ids));
  const { items } = await readRequests(db, requests);
  const outcomes = TEST_PRESCRIPTIONS.map((seed, index) => {
    const actual = outcomeOfRequest(requests[index], items[index]);
    if (!('outcome' in actual))
      throw new Error(`Demo test prescription ${seed.name}: ${actual.error}`);
    const { verdict, complete } = actual.outcome;
    if (verdict !== seed.verdict || complete !== seed.complete) {
      throw new Error(
        `Demo test prescription ${seed.name}: the check says ${verdict}, complete ${complete}`,
      );
    }
    return actual;
  });
  const json = (values: object[]) => values.map((value) => JSON.stringify(value));
  await db.query(
    `INSERT INTO test_prescriptions (name, note, request, expected, last_status, last_run_at, last_outcome)
     SELECT name, note, request, outcome->'outcome', 'pass', now(), outcome
       FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[]) AS s(name, note, request, outcome)`,
    [
      TEST_PRESCRIPTIONS.map((seed) => seed.name),
      TEST_PRESCRIPTIONS.map((seed) => seed.note),
      json(requests),
      json(outcomes),
    ],
  );
}
