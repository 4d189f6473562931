import {
  useCreateTestPrescriptionMutation,
  type SafetyCheckRequest,
  type SafetyCheckResult,
} from '@/api';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import {
  testPrescriptionFields,
  testPrescriptionFormValues,
  testPrescriptionResolver,
} from './testPrescriptionForm';
import { outcomeOf } from './testPrescriptionFormat';

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
 * (verdict, completeness, findings without their messages) as the expected one, with a name, an
 * optional note and an optional minimum verdict. From then on the suite says when a change to the
 * reference data alters it.
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
      resolver={testPrescriptionResolver}
      defaultValues={testPrescriptionFormValues(null)}
      fields={testPrescriptionFields}
      submitLabel="Save"
      serverFields={{ name: 'name', note: 'note', min_verdict: 'min_verdict' }}
      onSubmit={({ name, note, min_verdict }) =>
        run(
          create({
            testPrescriptionCreate: {
              name,
              note,
              request,
              expected: outcomeOf(result),
              ...(min_verdict ? { min_verdict } : {}),
            },
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
