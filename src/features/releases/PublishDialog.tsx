import { useState } from 'react';
import { useController } from 'react-hook-form';
import TextField from '@mui/material/TextField';
import { useGetReleaseReadinessQuery, usePublishReleaseMutation } from '@/api';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import type { CrudField, CrudForm } from '@/components/crud/CrudFields';
import { isApiError, messageOf } from '@/lib/errors';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { PUBLISH_DEFAULTS, publishResolver, type PublishFormValues } from './publishForm';
import { ReadinessPanel, type Refusal } from './ReadinessPanel';

export const PUBLISH_TITLE = 'Publish release';

/** A local date and time input (the browser's own picker), empty for "at once". */
function EffectiveAtInput({ form }: { form: CrudForm<PublishFormValues> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'effective_at' });
  const error = fieldState.error?.message;
  return (
    <TextField
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type="datetime-local"
      label="Takes effect at"
      fullWidth
      error={Boolean(error)}
      helperText={error ?? 'Optional: left empty, the release takes effect as it is published'}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

const PUBLISH_FIELDS: readonly CrudField<PublishFormValues>[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true, maxLength: 200, autoFocus: true },
  { kind: 'textarea', name: 'notes', label: 'Notes', rows: 3, maxLength: 5000 },
  { kind: 'custom', key: 'effective_at', render: (form) => <EffectiveAtInput form={form} /> },
];

interface PublishDialogProps {
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * Publishes the draft as the next release (administrators): a title, notes, and when it takes
 * effect. Under the form, what publishing now would meet (GET /release/readiness, which runs the
 * test prescriptions on the draft, so it is asked afresh at each opening); Publish stays greyed
 * out until that is known and while anything blocks. The server checks again as it publishes: a
 * refusal (409) shows the blockers it lists.
 */
export function PublishDialog({ open, onClose, onExited }: PublishDialogProps) {
  const readiness = useGetReleaseReadinessQuery(undefined, { refetchOnMountOrArgChange: true });
  const [publish] = usePublishReleaseMutation();
  const run = useMutationFeedback();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const ready = readiness.data?.data;
  const blocked = !ready || readiness.isFetching || ready.blockers.length > 0 || refusal !== null;

  return (
    <CrudFormDialog
      open={open}
      title={PUBLISH_TITLE}
      resolver={publishResolver}
      defaultValues={PUBLISH_DEFAULTS}
      fields={PUBLISH_FIELDS}
      submitLabel="Publish"
      submitDisabled={blocked}
      serverFields={{ title: 'title', notes: 'notes', effective_at: 'effective_at' }}
      onSubmit={async (publishRequest) => {
        try {
          return await run(publish({ publishRequest }), {
            success: serverMessage('Release published'),
            failure: 'The release could not be published',
          });
        } catch (error) {
          if (isApiError(error) && error.blockers) {
            setRefusal({ message: messageOf(error), blockers: error.blockers });
          }
          throw error;
        }
      }}
      preview={() => <ReadinessPanel readiness={ready} error={readiness.error} refusal={refusal} />}
      onClose={onClose}
      onExited={onExited}
    />
  );
}
