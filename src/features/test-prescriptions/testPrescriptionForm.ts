import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { SEVERITIES } from '@contract/enums';
import type { TestPrescription, TestPrescriptionFloor } from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { optionalText, requiredText } from '@/components/crud/schema';
import { floorText } from './testPrescriptionFormat';

/**
 * The fields a test prescription is saved and edited with: its name, an optional note, and an
 * optional floor (`min_verdict`), the verdict its check must reach at least.
 */

const NO_FLOOR = '';

const testPrescriptionSchema = z.object({
  name: requiredText('Name'),
  note: optionalText('Note'),
  min_verdict: z
    .enum([NO_FLOOR, ...SEVERITIES] as const)
    .transform((value): TestPrescriptionFloor => (value === NO_FLOOR ? null : value)),
});
export type TestPrescriptionFormValues = z.input<typeof testPrescriptionSchema>;
export const testPrescriptionResolver = zodResolver(testPrescriptionSchema);

export const testPrescriptionFields: CrudField<TestPrescriptionFormValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200, autoFocus: true },
  {
    kind: 'textarea',
    name: 'note',
    label: 'Note',
    rows: 3,
    maxLength: 2000,
    helperText: 'Optional: what this prescription checks, and why the outcome is right',
  },
  {
    kind: 'select',
    name: 'min_verdict',
    label: 'Minimum verdict',
    options: [
      { value: NO_FLOOR, label: 'No minimum' },
      ...SEVERITIES.map((severity) => ({ value: severity, label: floorText(severity) })),
    ],
    helperText: 'A run whose verdict is below it is worse, even when it is the expected one',
  },
];

/** The form's start: empty for a new test, the test's own values when editing. */
export function testPrescriptionFormValues(
  test: Pick<TestPrescription, 'name' | 'note' | 'min_verdict'> | null,
): TestPrescriptionFormValues {
  return {
    name: test?.name ?? '',
    note: test?.note ?? '',
    min_verdict: test?.min_verdict ?? NO_FLOOR,
  };
}
