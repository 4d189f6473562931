import type { FieldValues, Path } from 'react-hook-form';
import type { CrudField } from '@/components/crud/CrudFields';
import { capitalizedOptions } from '@/components/crud/format';
import { SEVERITIES } from './interactionConstants';

/**
 * How severe an interaction is and what it does: a drug interaction's form and a class rule's ask
 * the same, since the safety check reports both alike.
 */
export function severityDescriptionFields<
  T extends FieldValues & { severity: string; description: string },
>(): CrudField<T>[] {
  return [
    {
      kind: 'select',
      name: 'severity' as Path<T>,
      label: 'Severity',
      required: true,
      options: capitalizedOptions(SEVERITIES),
    },
    {
      kind: 'textarea',
      name: 'description' as Path<T>,
      label: 'Description',
      required: true,
      rows: 4,
      maxLength: 2000,
    },
  ];
}
