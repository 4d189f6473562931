import type { Queryable } from '../db/pool';
import { withinReleaseReading } from '../db/pool';
import {
  checkRequest,
  evaluateSafety,
  implausible,
  type Patient,
  type Prescription,
  type SafetyCheckRequest,
} from '../domain/safety-check';
import { ATC, ICD10, RXNORM, SNOMED, type CodedEntity, type CodeSystem } from '../domain/codes';
import { findByCode } from '../repositories/codes';
import { loadSafetyData } from '../repositories/safety-check';
import { latestRelease } from '../releases/scope';
import { couldNotCheckCard, findingCards, type FiredCard } from './cards';
import { PREFETCH_SUBJECT, type PrefetchKey } from './discovery';
import {
  activeAllergies,
  activeConditions,
  ageOf,
  codingsOf,
  egfrOf,
  latestObservation,
  ordersOf,
  pregnancyOf,
  resourcesOf,
  sexOf,
  weightKg,
  type Coding,
  type Json,
  type Order,
} from './fhir';
import { gatherPrefetch, type FhirAccess } from './prefetch';

/**
 * The medication safety service: a CDS Hooks call's orders and patient, read from FHIR, mapped to
 * the reference data by code and checked by the same safety check as POST /safety-check, against
 * the latest release. Whatever it could not read or map is an info card, never silence.
 */

/** The safety check takes at most this many medications at once. */
const MAX_ORDERS = 20;
const CODE_SYSTEMS: Record<CodedEntity, CodeSystem[]> = {
  medication: [ATC, RXNORM],
  ingredient: [ATC, RXNORM],
  drug_class: [ATC, RXNORM],
  condition: [ICD10, SNOMED],
};

/** The first record of a kind one of `codings` names (codes of systems the kind takes only). */
async function recordFor(
  db: Queryable,
  entity: CodedEntity,
  codings: Coding[],
): Promise<number | undefined> {
  for (const coding of codings) {
    const system = CODE_SYSTEMS[entity].find((s) => s === coding.system);
    if (!system) continue;
    const [id] = await findByCode(db, entity, system, coding.code);
    if (id !== undefined) return id;
  }
  return undefined;
}

export interface ServiceCall {
  hook: string;
  context: { patientId: string; draftOrders: Json };
  prefetch?: Record<string, Json | null>;
  fhirServer?: string;
  fhirAuthorization?: { access_token: string };
}

export interface ServiceAnswer {
  release: number | null;
  cards: FiredCard[];
}

const orderedText = (o: Order) =>
  [
    o.dose && `${o.dose.dose} ${o.dose.dose_unit}`,
    o.frequency &&
      (o.frequency.frequency_unit === 'hours'
        ? `every ${o.frequency.frequency} hours`
        : `${o.frequency.frequency} ${o.frequency.frequency_unit}`),
    o.duration && `for ${o.duration.duration} ${o.duration.duration_unit}`,
  ]
    .filter(Boolean)
    .join(' ') || 'no dose, timing or duration given';

function patientText(p: Patient): string {
  const parts = [
    p.age !== undefined ? `age ${p.age} ${p.age_unit}` : 'age not known',
    p.sex ?? 'sex not known',
    p.weight !== undefined ? `${p.weight} ${p.weight_unit}` : 'weight not known',
    p.egfr !== undefined ? `eGFR ${p.egfr}` : undefined,
    p.pregnant === true ? 'pregnant' : p.pregnant === false ? 'not pregnant' : undefined,
  ];
  return parts.filter(Boolean).join(', ');
}

export async function runService(
  db: Queryable,
  call: ServiceCall,
  today = new Date(),
): Promise<ServiceAnswer> {
  const orders = ordersOf(call.context.draftOrders);
  const release = await latestRelease(db);
  if (release === null) {
    return {
      release,
      cards: orders.length
        ? [
            couldNotCheckCard(
              'MedRef has no published release: these orders were not checked',
              'The reference data is checked only once a release is published in MedRef Admin.',
              null,
              'No published release',
            ),
          ]
        : [],
    };
  }
  if (orders.length === 0) return { release, cards: [] };
  const access: FhirAccess = {
    fhirServer: call.fhirServer,
    accessToken: call.fhirAuthorization?.access_token,
    patientId: call.context.patientId,
  };
  const facts = await gatherPrefetch(call.prefetch, access);
  const cards: FiredCard[] = [];
  const notRead = (key: PrefetchKey, why: string) =>
    cards.push(
      couldNotCheckCard(
        `Could not read ${PREFETCH_SUBJECT[key]}: checks needing it were not made`,
        `MedRef could not read ${PREFETCH_SUBJECT[key]}: ${why}. Whatever depends on it was not checked.`,
        release,
        `Could not read ${PREFETCH_SUBJECT[key]}`,
      ),
    );
  const resources = (key: PrefetchKey): Json[] => {
    const fact = facts[key];
    if (!fact.ok) {
      notRead(key, fact.why);
      return [];
    }
    return resourcesOf(fact.value);
  };

  const patient: Patient = {};
  const person = resources('patient').find((r) => r.resourceType === 'Patient');
  if (person) {
    Object.assign(patient, ageOf(person.birthDate, today));
    const sex = sexOf(person.gender);
    if (sex) patient.sex = sex;
  }
  const kg = weightKg(latestObservation(resources('weight')));
  if (kg !== undefined)
    Object.assign(patient, { weight: Math.round(kg * 1000) / 1000, weight_unit: 'kg' });
  const egfr = egfrOf(latestObservation(resources('egfr')));
  if (egfr !== undefined && egfr >= 0 && egfr <= 200) patient.egfr = egfr;
  const pregnant = pregnancyOf(latestObservation(resources('pregnancy')));
  if (pregnant !== undefined) patient.pregnant = pregnant;
  // A value no patient can have is a typing error in the EHR: left out, and said so.
  for (const field of Object.keys(implausible(patient))) {
    const name = field.replace('patient.', '') as 'age' | 'weight';
    delete patient[name];
    delete patient[`${name}_unit`];
    cards.push(
      couldNotCheckCard(
        `The patient's ${name} from the EHR is not plausible: checks needing it were not made`,
        `The ${name} read from the EHR is outside what MedRef takes as plausible (age 0 to 130 years, weight above 0 up to 650 kg).`,
        release,
        `Implausible ${name} from the EHR`,
      ),
    );
  }
  const conditions = activeConditions(resources('conditions'));
  const allergies = activeAllergies(resources('allergies'));

  return withinReleaseReading(release, async () => {
    const conditionIds = new Set<number>();
    for (const condition of conditions) {
      const id = await recordFor(db, 'condition', codingsOf(condition.code));
      if (id !== undefined) conditionIds.add(id);
    }
    const allergyMedications = new Set<number>();
    const allergyClasses = new Set<number>();
    for (const allergy of allergies) {
      const codings = codingsOf(allergy.code);
      const medication = await recordFor(db, 'medication', codings);
      if (medication !== undefined) allergyMedications.add(medication);
      else {
        const drugClass = await recordFor(db, 'drug_class', codings);
        if (drugClass !== undefined) allergyClasses.add(drugClass);
      }
    }
    const prescriptions: Prescription[] = [];
    const orderOf = new Map<number, Order>();
    for (const order of orders) {
      const id = await recordFor(db, 'medication', order.codings);
      if (id === undefined) {
        const codes = order.codings.map((c) => `${c.system ?? '(no system)'}|${c.code}`);
        cards.push(
          couldNotCheckCard(
            `Could not check ${order.name}: no MedRef record has its code`,
            `No medication in MedRef release ${release} has ${codes.length ? `the code ${codes.join(', ')}` : 'a code for this order'} (MedRef matches ATC and RxNorm codes), so this order was not checked at all.`,
            release,
            'Orders matching no MedRef record',
          ),
        );
        continue;
      }
      if (orderOf.has(id) || prescriptions.length >= MAX_ORDERS) {
        cards.push(
          couldNotCheckCard(
            `${order.name} was not checked on its own: ${orderOf.has(id) ? 'ordered twice' : `over ${MAX_ORDERS} orders`}`,
            orderOf.has(id)
              ? 'Two draft orders are for the same MedRef medication; only the first was checked.'
              : `MedRef checks at most ${MAX_ORDERS} medications at once; this order was not checked.`,
            release,
            'Orders not checked on their own',
          ),
        );
        continue;
      }
      orderOf.set(id, order);
      prescriptions.push({
        medication_id: id,
        ...order.dose,
        ...order.frequency,
        ...order.duration,
      });
      if (order.unread.length)
        cards.push(
          couldNotCheckCard(
            `${order.name}: could not read ${order.unread.join(', ')}`,
            `MedRef could not read ${order.unread.join(', ')} of this order (units it takes: mg, g, mcg, ml, mg/kg, mcg/kg, tablets, capsules; timing in h, d, wk). The check treats it as not given.`,
            release,
            'Order details not read',
          ),
        );
    }
    if (prescriptions.length === 0) return { release, cards };

    const body: SafetyCheckRequest = {
      medications: prescriptions,
      patient: {
        ...patient,
        ...(conditionIds.size && { condition_ids: [...conditionIds] }),
        ...(allergyMedications.size && { allergy_medication_ids: [...allergyMedications] }),
        ...(allergyClasses.size && { allergy_class_ids: [...allergyClasses] }),
      },
    };
    const { lists, fromIdsOnly } = checkRequest(body);
    const data = await loadSafetyData(db, lists);
    const result = evaluateSafety(data, prescriptions, body.patient, fromIdsOnly);
    const names = new Map<number, string>(
      [...data.medications, ...data.allergies].map((m) => [m.id, m.name]),
    );
    const ordered = new Map([...orderOf].map(([id, o]) => [id, orderedText(o)]));
    return {
      release,
      cards: [
        ...findingCards(result, { release, names, ordered, patient: patientText(patient) }),
        ...cards,
      ],
    };
  });
}
