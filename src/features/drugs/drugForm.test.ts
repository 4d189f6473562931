import { joinCommaList, splitCommaList } from './commaList';
import { drugFormValues, drugPayload } from './drugForm';
import { drugSchema } from './drugSchema';

describe('splitCommaList and joinCommaList', () => {
  it('splits on commas, trims each item and drops empty ones', () => {
    expect(splitCommaList(' Nausea ,Headache,, ,  Dizziness  ,')).toEqual([
      'Nausea',
      'Headache',
      'Dizziness',
    ]);
    expect(splitCommaList('  ')).toEqual([]);
    expect(splitCommaList('One item')).toEqual(['One item']);
  });

  it('joins with a comma and a space, which splits back to the same list', () => {
    const items = ['Nausea', 'Mild headache'];
    expect(joinCommaList(items)).toBe('Nausea, Mild headache');
    expect(splitCommaList(joinCommaList(items))).toEqual(items);
  });
});

describe('drugSchema', () => {
  const valid = {
    name: ' Ibuprofen ',
    category: 'NSAID',
    manufacturer: 'Acme',
    dosage: '200 mg',
    description: 'Pain relief',
    side_effects: 'Nausea, , Heartburn ',
    contraindications: ' Peptic ulcer',
  };

  it('turns the form into the payload: texts trimmed, lists split', () => {
    expect(drugPayload(drugSchema.parse(valid))).toEqual({
      name: 'Ibuprofen',
      category: 'NSAID',
      manufacturer: 'Acme',
      dosage: '200 mg',
      description: 'Pain relief',
      side_effects: ['Nausea', 'Heartburn'],
      contraindications: ['Peptic ulcer'],
    });
  });

  it('requires every field; a list of only commas and spaces is empty', () => {
    const result = drugSchema.safeParse({
      name: ' ',
      category: '',
      manufacturer: '',
      dosage: '',
      description: '',
      side_effects: ' , ,',
      contraindications: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(messages).toEqual({
      name: 'Name is required',
      category: 'Category is required',
      manufacturer: 'Manufacturer is required',
      dosage: 'Dosage is required',
      description: 'Description is required',
      side_effects: 'Enter at least one side effect, separated by commas',
      contraindications: 'Enter at least one contraindication, separated by commas',
    });
  });

  it('starts a new drug empty and an existing one with its lists joined', () => {
    expect(drugFormValues(null).side_effects).toBe('');
    expect(
      drugFormValues({
        id: 1,
        name: 'Ibuprofen',
        description: 'Pain relief',
        dosage: '200 mg',
        side_effects: ['Nausea', 'Heartburn'],
        contraindications: ['Peptic ulcer'],
        category: 'NSAID',
        manufacturer: 'Acme',
        created_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
      }),
    ).toMatchObject({ side_effects: 'Nausea, Heartburn', contraindications: 'Peptic ulcer' });
  });
});
