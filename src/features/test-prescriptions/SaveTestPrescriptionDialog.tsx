import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useCreateTestPrescriptionMutation,
  type SafetyCheckRequest,
  type SafetyCheckResult,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { optionalText, requiredText } from '@/components/crud/schema';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { outcomeOf } from './testPrescriptionFormat';

const saveSchema = z.object({
  name: requiredText('Name'),
  note: optionalText('Note'),
});
type SaveValues = z.input<typeof saveSchema>;
const saveResolver = zodResolver(saveSchema);

const saveFields: CrudField<SaveValues>[] = [
  { kind: 'text', name: 'name', label: 'Name', required: true, maxLength: 200, autoFocus: true },
  {
    kind: 'textarea',
    name: 'note',
    label: 'Note',
    rows: 3,
    maxLength: 2000,
    helperText: 'Optional: what this prescription checks, and why the outcome is right',
  },
];

export const SAVE_TITLE = 'Save as test prescription';

interface SaveTestPrescriptionDialogProps {
  open: boolean;
  /** The check on screen: its request, and its answer, stored as the expected outcome. */
  request: SafetyCheckRequest;
  result: SafetyCheckResult;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Stores the safety check on screen as a test prescription: its request, and the outcome shown
 * (verdict, completeness, findings without their messages) as the expected one, with a name and
 * an optional note. From then on the suite says when a change to the reference data alters it.
 */
export function SaveTestPrescriptionDialog({
  open,
  request,
  result,
  onClose,
  onExited,
}: SaveTestPrescriptionDialogProps) {
  const [create] = useCreateTestPrescriptionMutation();
  const run = useMutationFeedback();
  return (
    <CrudFormDialog
      open={open}
      title={SAVE_TITLE}
      resolver={saveResolver}
      defaultValues={{ name: '', note: '' }}
      fields={saveFields}
      submitLabel="Save"
      serverFields={{ name: 'name', note: 'note' }}
      onSubmit={({ name, note }) =>
        run(
          create({
            testPrescriptionCreate: { name, note, request, expected: outcomeOf(result) },
          }),
          {
            success: serverMessage('Test prescription saved'),
            failure: 'Failed to save the test prescription',
          },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
