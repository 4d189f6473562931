import {
  EMPTY_FORM,
  formFromSearch,
  requestFromForm,
  safetyCheckPath,
  safetyCheckSchema,
  searchFromForm,
  type SafetyCheckForm,
} from './safetyCheckForm';

const full: SafetyCheckForm = {
  medications: [3, 1],
  conditions: [7],
  lifestyles: [9, 4],
  age: '18',
  ageUnit: 'months',
  weight: '154.5',
  weightUnit: 'lbs',
  pregnant: true,
};

describe('the safety check form in the URL', () => {
  it('round-trips a filled form through the link', () => {
    const search = searchFromForm(full);
    expect(search).toBe(
      'medications=3,1&conditions=7&lifestyles=9,4&age=18&age_unit=months&weight=154.5&weight_unit=lbs&pregnant=true',
    );
    expect(formFromSearch(new URLSearchParams(search))).toEqual(full);
  });

  it('leaves out what is empty, and reads a missing value as the empty form', () => {
    expect(searchFromForm(EMPTY_FORM)).toBe('');
    expect(formFromSearch(new URLSearchParams())).toEqual(EMPTY_FORM);
  });

  it('reads a hand-edited link defensively: bad ids and units are dropped, at most 20 medications', () => {
    const many = Array.from({ length: 25 }, (_, i) => i + 1).join(',');
    const form = formFromSearch(
      new URLSearchParams(
        `medications=${many}&conditions=2,x,2,-1,0,3&age_unit=weeks&weight_unit=stone&pregnant=yes`,
      ),
    );
    expect(form.medications).toHaveLength(20);
    expect(form.conditions).toEqual([2, 3]);
    expect(form.ageUnit).toBe('years');
    expect(form.weightUnit).toBe('kg');
    expect(form.pregnant).toBe(false);
  });

  it("builds the medication detail page's link", () => {
    expect(safetyCheckPath([12])).toBe('/dashboard/safety-check?medications=12');
  });
});

describe('the request', () => {
  it('is null without medications', () => {
    expect(requestFromForm(EMPTY_FORM)).toBeNull();
  });

  it('carries only what is given, numbers as numbers', () => {
    expect(requestFromForm(full)).toEqual({
      medication_ids: [3, 1],
      patient: {
        age: 18,
        age_unit: 'months',
        weight: 154.5,
        weight_unit: 'lbs',
        pregnant: true,
        condition_ids: [7],
        lifestyle_ids: [9, 4],
      },
    });
    expect(requestFromForm({ ...EMPTY_FORM, medications: [5] })).toEqual({ medication_ids: [5] });
  });

  it.each([
    ['a negative age', { age: '-1' }, 'Age must be from 0 to 1,000,000'],
    ['a word for a weight', { weight: 'heavy' }, 'Weight must be a number'],
    [
      '21 medications',
      { medications: Array.from({ length: 21 }, (_, i) => i + 1) },
      'Check at most 20 medications at once',
    ],
  ])('refuses %s', (_what, change, message) => {
    const parsed = safetyCheckSchema.safeParse({ ...EMPTY_FORM, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });
});
