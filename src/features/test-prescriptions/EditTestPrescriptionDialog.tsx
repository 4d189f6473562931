import { useUpdateTestPrescriptionMutation, type TestPrescription } from '@/api';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { reasonPayload } from '@/components/crud/reason';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import {
  testPrescriptionFields,
  testPrescriptionFormValues,
  testPrescriptionResolver,
} from './testPrescriptionForm';

export const editTitle = (test: Pick<TestPrescription, 'name'>) => `Edit ${test.name}`;

interface EditTestPrescriptionDialogProps {
  test: TestPrescription;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Changes a test prescription's name, note and minimum verdict (`PUT /test-prescription`); its
 * request and expected outcome stay as they are (the expected one changes by Accept). The server
 * runs it again, so its result shows the new floor at once.
 */
export function EditTestPrescriptionDialog({
  test,
  open,
  onClose,
  onExited,
}: EditTestPrescriptionDialogProps) {
  const [update] = useUpdateTestPrescriptionMutation();
  const run = useMutationFeedback();
  return (
    <CrudFormDialog
      open={open}
      title={editTitle(test)}
      resolver={testPrescriptionResolver}
      defaultValues={testPrescriptionFormValues(test)}
      fields={testPrescriptionFields}
      reason={{ required: false }}
      serverFields={{ name: 'name', note: 'note', min_verdict: 'min_verdict' }}
      onSubmit={({ name, note, min_verdict }, reason) =>
        run(
          update({
            testPrescriptionUpdate: {
              id: test.id,
              name,
              note,
              request: test.request,
              min_verdict,
              ...reasonPayload(reason),
            },
          }),
          {
            success: serverMessage('Test prescription updated'),
            failure: 'Failed to update the test prescription',
          },
        )
      }
      onClose={onClose}
      onExited={onExited}
    />
  );
}
