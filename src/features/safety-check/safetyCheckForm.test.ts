import {
  AGE_MESSAGE,
  EGFR_MESSAGE,
  EMPTY_FORM,
  WEIGHT_MESSAGE,
  formFieldOf,
  formFromSearch,
  newPrescribed,
  requestFromForm,
  safetyCheckSchema,
  searchFromForm,
  type SafetyCheckForm,
} from './safetyCheckForm';

const full: SafetyCheckForm = {
  medications: [
    {
      medicationId: 3,
      dose: '1000',
      doseUnit: 'mg',
      frequency: '3',
      frequencyUnit: 'times/day',
      duration: '5',
      durationUnit: 'days',
    },
    { ...newPrescribed(1), dose: '15', doseUnit: 'mg/kg' },
  ],
  allergies: [12, 5],
  allergyClasses: [2],
  conditions: [7],
  lifestyles: [9, 4],
  age: '18',
  ageUnit: 'months',
  weight: '154.5',
  weightUnit: 'lbs',
  egfr: '42.5',
  sex: 'female',
  pregnant: 'yes',
};

describe('the safety check form in the URL', () => {
  it('round-trips a filled form through the link: doses, units, allergies and patient', () => {
    const search = searchFromForm(full);
    expect(search).toBe(
      'medications=3,1&dose_3=1000&dose_unit_3=mg&frequency_3=3&frequency_unit_3=times/day' +
        '&duration_3=5&duration_unit_3=days&dose_1=15&dose_unit_1=mg/kg&allergies=12,5' +
        '&allergy_classes=2&conditions=7&lifestyles=9,4&age=18&age_unit=months&weight=154.5&weight_unit=lbs' +
        '&egfr=42.5&sex=female&pregnant=true',
    );
    expect(formFromSearch(new URLSearchParams(search))).toEqual(full);
  });

  it('writes a unit with a space readably, and reads it back', () => {
    const form = {
      ...EMPTY_FORM,
      medications: [{ ...newPrescribed(4), frequency: '2', frequencyUnit: 'x daily' as const }],
    };
    const search = searchFromForm(form);
    expect(search).toBe('medications=4&frequency_4=2&frequency_unit_4=x+daily');
    expect(formFromSearch(new URLSearchParams(search))).toEqual(form);
  });

  it('leaves out what is empty, and reads a missing value as the empty form', () => {
    expect(searchFromForm(EMPTY_FORM)).toBe('');
    expect(formFromSearch(new URLSearchParams())).toEqual(EMPTY_FORM);
  });

  it('reads a hand-edited link defensively: bad ids and units are dropped, at most 20 medications', () => {
    const many = Array.from({ length: 25 }, (_, i) => i + 1).join(',');
    const form = formFromSearch(
      new URLSearchParams(
        `medications=${many}&dose_unit_1=stone&dose_1=5&dose_99=7&conditions=2,x,2,-1,0,3` +
          '&age_unit=weeks&weight_unit=stone&sex=other&pregnant=yes',
      ),
    );
    expect(form.medications).toHaveLength(20);
    expect(form.medications[0]).toEqual({ ...newPrescribed(1), dose: '5' });
    expect(form.conditions).toEqual([2, 3]);
    expect(form.ageUnit).toBe('years');
    expect(form.weightUnit).toBe('kg');
    // Neither a sex nor a pregnancy status the link can say: not given, not known.
    expect(form.sex).toBe('');
    expect(form.pregnant).toBe('unknown');
  });

  it.each([
    ['pregnant=true', 'yes', ''],
    ['pregnant=false', 'no', ''],
    ['sex=male', 'unknown', 'male'],
    ['sex=female&pregnant=false', 'no', 'female'],
  ] as const)('reads %s, and writes it back the same', (query, pregnant, sex) => {
    const form = formFromSearch(new URLSearchParams(`medications=4&${query}`));
    expect(form).toEqual({ ...EMPTY_FORM, medications: [newPrescribed(4)], sex, pregnant });
    expect(searchFromForm(form)).toBe(`medications=4&${query}`);
  });

  it('reads a pregnant= it does not know (even the name of an object member) as not known', () => {
    for (const value of ['yes', '1', 'constructor', 'toString', '']) {
      expect(formFromSearch(new URLSearchParams(`pregnant=${value}`)).pregnant).toBe('unknown');
    }
  });

  it('starts with the sex not given and the pregnancy not known, and the link says neither', () => {
    expect(EMPTY_FORM.sex).toBe('');
    expect(EMPTY_FORM.pregnant).toBe('unknown');
    expect(searchFromForm({ ...EMPTY_FORM, medications: [newPrescribed(4)] })).toBe(
      'medications=4',
    );
  });
});

describe('the request', () => {
  it('is null without medications', () => {
    expect(requestFromForm(EMPTY_FORM)).toBeNull();
  });

  it('sends each medication with what was prescribed (numbers as numbers), the allergies and the allergy classes', () => {
    expect(requestFromForm(full)).toEqual({
      medications: [
        {
          medication_id: 3,
          dose: 1000,
          dose_unit: 'mg',
          frequency: 3,
          frequency_unit: 'times/day',
          duration: 5,
          duration_unit: 'days',
        },
        { medication_id: 1, dose: 15, dose_unit: 'mg/kg' },
      ],
      patient: {
        age: 18,
        age_unit: 'months',
        weight: 154.5,
        weight_unit: 'lbs',
        egfr: 42.5,
        pregnant: true,
        sex: 'female',
        allergy_medication_ids: [12, 5],
        allergy_class_ids: [2],
        condition_ids: [7],
        lifestyle_ids: [9, 4],
      },
    });
    expect(requestFromForm({ ...EMPTY_FORM, medications: [newPrescribed(5)] })).toEqual({
      medications: [{ medication_id: 5 }],
    });
  });

  it.each([
    ['not known: no pregnant, no sex', { sex: '', pregnant: 'unknown' }, undefined],
    ['not pregnant', { pregnant: 'no' }, { pregnant: false }],
    ['male, pregnancy not known', { sex: 'male' }, { sex: 'male' }],
    ['female and pregnant', { sex: 'female', pregnant: 'yes' }, { sex: 'female', pregnant: true }],
  ] as const)('sends the patient %s', (_what, change, patient) => {
    const request = requestFromForm({
      ...EMPTY_FORM,
      ...change,
      medications: [newPrescribed(5)],
    });
    expect(request).toEqual({ medications: [{ medication_id: 5 }], ...(patient && { patient }) });
  });

  const row = (change: object) => ({
    ...EMPTY_FORM,
    medications: [{ ...newPrescribed(1), ...change }],
  });

  it.each([
    ['an age of -1 years', { age: '-1' }, AGE_MESSAGE],
    ['an age of 131 years', { age: '131' }, AGE_MESSAGE],
    ['1,561 months', { age: '1561', ageUnit: 'months' }, AGE_MESSAGE],
    ['47,483 days', { age: '47483', ageUnit: 'days' }, AGE_MESSAGE],
    ['a weight of 0 kg', { weight: '0' }, WEIGHT_MESSAGE],
    ['651 kg', { weight: '651' }, WEIGHT_MESSAGE],
    ['1,434 lbs', { weight: '1434', weightUnit: 'lbs' }, WEIGHT_MESSAGE],
    ['a word for a weight', { weight: 'heavy' }, 'Weight must be a number'],
    ['an eGFR of 201', { egfr: '201' }, EGFR_MESSAGE],
    ['a negative eGFR', { egfr: '-1' }, EGFR_MESSAGE],
    ['a word for an eGFR', { egfr: 'low' }, 'eGFR must be a number'],
    ['a dose of 0', row({ dose: '0' }), 'Dose must be above 0 and at most 1,000,000'],
    ['a word for a frequency', row({ frequency: 'often' }), 'Frequency must be a number'],
    [
      '21 medications',
      { medications: Array.from({ length: 21 }, (_, i) => newPrescribed(i + 1)) },
      'Check at most 20 medications at once',
    ],
  ])('refuses %s', (_what, change, message) => {
    const parsed = safetyCheckSchema.safeParse({ ...EMPTY_FORM, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });

  it.each([
    ['130 years', { age: '130' }],
    ['1,560 months', { age: '1560', ageUnit: 'months' }],
    ['47,482 days', { age: '47482', ageUnit: 'days' }],
    ['a newborn of 0 days and 3.2 kg', { age: '0', ageUnit: 'days', weight: '3.2' }],
    ['650 kg', { weight: '650' }],
    ['1,433 lbs', { weight: '1433', weightUnit: 'lbs' }],
    ['an eGFR of 0', { egfr: '0' }],
    ['an eGFR of 200', { egfr: '200' }],
  ])('accepts %s (the bounds are inclusive)', (_what, change) => {
    expect(safetyCheckSchema.safeParse({ ...EMPTY_FORM, ...change }).success).toBe(true);
  });
});

describe("the server's field names", () => {
  it.each([
    ['patient.age', 'age'],
    ['patient.weight_unit', 'weightUnit'],
    ['patient.egfr', 'egfr'],
    ['patient.allergy_medication_ids', 'allergies'],
    ['patient.allergy_class_ids', 'allergyClasses'],
    ['patient.sex', 'sex'],
    ['patient.pregnant', 'pregnant'],
    ['medications.1.dose', 'medications.1.dose'],
    ['medications.0.frequency_unit', 'medications.0.frequencyUnit'],
    ['medications', 'medications'],
    ['patient.unknown', undefined],
    ['medications.0.colour', undefined],
  ])('puts %s under %s', (server, form) => {
    expect(formFieldOf(server)).toBe(form);
  });
});
