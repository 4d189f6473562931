import { findingCards, ruleOf, shorten } from './cards';
import { ageOf, ordersOf, pregnancyOf, weightKg } from './fhir';

/** Reading FHIR into the safety check's terms, and findings into cards: pure rules. */

const order = (dosage: object) => ({
  resourceType: 'Bundle',
  entry: [
    {
      resource: {
        resourceType: 'MedicationRequest',
        id: 'm1',
        medicationCodeableConcept: {
          coding: [{ system: 'http://www.whocc.no/atc', code: 'N02BE01', display: 'paracetamol' }],
        },
        dosageInstruction: [dosage],
      },
    },
    { resource: { resourceType: 'ServiceRequest', id: 's1' } },
  ],
});

describe('reading orders', () => {
  it('reads dose, timing and duration in the units the check takes', () => {
    const [read, ...others] = ordersOf(
      order({
        timing: {
          repeat: {
            frequency: 3,
            period: 1,
            periodUnit: 'd',
            boundsDuration: { value: 2, code: 'wk' },
          },
        },
        doseAndRate: [{ doseQuantity: { value: 250, code: 'ug' } }],
      }),
    );
    expect(others).toEqual([]);
    expect(read).toMatchObject({
      id: 'm1',
      name: 'paracetamol',
      dose: { dose: 250, dose_unit: 'mcg' },
      frequency: { frequency: 3, frequency_unit: 'x daily' },
      duration: { duration: 2, duration_unit: 'weeks' },
      unread: [],
    });
  });

  it('turns every other period into hours between doses, and says what it could not read', () => {
    const [read] = ordersOf(
      order({
        timing: { repeat: { frequency: 2, period: 12, periodUnit: 'h' } },
        doseAndRate: [{ doseQuantity: { value: 2, unit: 'puff', code: '{puff}' } }],
      }),
    );
    expect(read.frequency).toEqual({ frequency: 6, frequency_unit: 'hours' });
    expect(read.dose).toBeUndefined();
    expect(read.unread).toEqual(['the dose 2 {puff}']);
  });
});

describe('reading the patient', () => {
  const today = new Date('2026-11-29T12:00:00Z');
  it('gives ages in days, months or years as exact as the categories need', () => {
    expect(ageOf('2026-11-01', today)).toEqual({ age: 28, age_unit: 'days' });
    expect(ageOf('2025-06-30', today)).toEqual({ age: 16, age_unit: 'months' });
    expect(ageOf('1980-11-30', today)).toEqual({ age: 45, age_unit: 'years' });
    expect(ageOf('2030-01-01', today)).toBeUndefined();
    expect(ageOf('not a date', today)).toBeUndefined();
  });
  it('reads weights in kg, g and pounds, and pregnancy status by SNOMED or LOINC answer', () => {
    expect(weightKg({ valueQuantity: { value: 3500, code: 'g' } })).toBe(3.5);
    expect(weightKg({ valueQuantity: { value: 100, code: '[lb_av]' } })).toBeCloseTo(45.359);
    expect(weightKg({ valueQuantity: { value: 100, code: 'stone' } })).toBeUndefined();
    expect(pregnancyOf({ valueCodeableConcept: { coding: [{ code: '77386006' }] } })).toBe(true);
    expect(pregnancyOf({ valueCodeableConcept: { coding: [{ code: 'LA26683-5' }] } })).toBe(false);
    expect(
      pregnancyOf({ valueCodeableConcept: { coding: [{ code: 'LA4489-6' }] } }),
    ).toBeUndefined();
  });
});

describe('cards', () => {
  it('maps severities to indicators and keeps summaries under 140 characters', () => {
    const long = 'x'.repeat(300);
    const cards = findingCards(
      {
        verdict: 'contraindicated',
        complete: false,
        medications: [],
        findings: [
          {
            kind: 'interaction',
            severity: 'contraindicated',
            medication_ids: [1, 2],
            message: 'a',
            interaction_id: 9,
          },
          { kind: 'dose', severity: 'moderate', medication_ids: [1], message: 'b', dosage_id: 3 },
          {
            kind: 'lifestyle',
            severity: 'minor',
            medication_ids: [1],
            message: 'c',
            lifestyle_id: 4,
          },
          {
            kind: 'not_checked',
            severity: null,
            medication_ids: [1],
            message: 'd',
            reason: 'missing_weight',
          },
        ],
      },
      {
        release: 3,
        names: new Map([
          [1, long],
          [2, 'B'],
        ]),
        ordered: new Map(),
        patient: 'age 40 years',
      },
    );
    expect(cards.map((c) => c.card.indicator)).toEqual(['critical', 'warning', 'info', 'info']);
    expect(cards.map((c) => c.rule)).toEqual([
      { kind: 'interaction', recordId: 9, medicationId: 1 },
      { kind: 'dosage', recordId: 3, medicationId: 1 },
      { kind: 'lifestyle', recordId: 4, medicationId: 1 },
      { kind: 'not_checked', recordId: 1, medicationId: 1 },
    ]);
    for (const { card } of cards) {
      expect(card.summary.length).toBeLessThan(140);
      expect(card.source.label).toBe('MedRef release 3');
    }
    expect(cards[3].card.overrideReasons).toBeUndefined();
    expect(shorten('short')).toBe('short');
    expect(
      ruleOf({
        kind: 'daily_dose',
        severity: 'major',
        medication_ids: [5],
        message: '',
        ingredient_id: 8,
      }),
    ).toEqual({ kind: 'ingredient_limit', recordId: 8, medicationId: 5 });
  });
});
