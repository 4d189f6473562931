import type { Drug, DrugCreate } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { lazyResolver } from '@/lib/lazyResolver';
import { joinCommaList } from './commaList';
import type { DrugFormOutput, DrugFormValues } from './drugSchema';

/** The form's validation (drugSchema.ts), loaded after the list shows. */
export const drugValidation = lazyResolver<DrugFormValues, DrugFormOutput>(() =>
  import('./drugSchema').then((module) => module.drugResolver),
);

/** What the form starts with: the drug's values (lists joined with commas), or empty for a new one. */
export function drugFormValues(drug: Drug | null): DrugFormValues {
  return {
    name: drug?.name ?? '',
    category: drug?.category ?? '',
    manufacturer: drug?.manufacturer ?? '',
    dosage: drug?.dosage ?? '',
    description: drug?.description ?? '',
    side_effects: joinCommaList(drug?.side_effects ?? []),
    contraindications: joinCommaList(drug?.contraindications ?? []),
  };
}

/** The create payload (the update payload adds the id). */
export function drugPayload(values: DrugFormOutput): DrugCreate {
  return {
    name: values.name,
    description: values.description,
    dosage: values.dosage,
    side_effects: values.side_effects,
    contraindications: values.contraindications,
    category: values.category,
    manufacturer: values.manufacturer,
  };
}

const SEPARATE = 'Separate items with commas';

export const drugFields: CrudField<DrugFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, autoFocus: true, maxLength: 200 },
  { kind: 'text', name: 'category', label: 'Category', required: true, maxLength: 200, half: true },
  {
    kind: 'text',
    name: 'manufacturer',
    label: 'Manufacturer',
    required: true,
    maxLength: 200,
    half: true,
  },
  { kind: 'text', name: 'dosage', label: 'Dosage', required: true, maxLength: 200 },
  { kind: 'textarea', name: 'description', label: 'Description', required: true, maxLength: 2000 },
  {
    kind: 'text',
    name: 'side_effects',
    label: 'Side Effects',
    required: true,
    helperText: SEPARATE,
  },
  {
    kind: 'text',
    name: 'contraindications',
    label: 'Contraindications',
    required: true,
    helperText: SEPARATE,
  },
];
