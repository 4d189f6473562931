import type { FieldValues, Path } from 'react-hook-form';
import type { CrudField } from '@/components/crud/CrudFields';
import { PREGNANCY_CATEGORIES, PREGNANCY_CATEGORY_HELP } from './medicationForm';

/** What every medication dialog takes: one opening of it (see useMedicationDialogs). */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * The Is Pregnancy checkbox and the Pregnancy Category select (A to X), which shows only while the
 * box is checked and explains that the letters are legacy labelling.
 */
export function pregnancyFields<
  T extends FieldValues & { isPregnancy: boolean; pregnancy_category: string },
>(): CrudField<T>[] {
  return [
    { kind: 'checkbox', name: 'isPregnancy' as Path<T>, label: 'Is Pregnancy' },
    {
      kind: 'select',
      name: 'pregnancy_category' as Path<T>,
      label: 'Pregnancy Category',
      options: PREGNANCY_CATEGORIES.map((letter) => ({ value: letter, label: letter })),
      helperText: PREGNANCY_CATEGORY_HELP,
      hidden: (values) => !values.isPregnancy,
    },
  ];
}
