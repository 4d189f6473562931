import { useId, useState } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SubmitButton } from '@/components/form/SubmitButton';
import { UNKNOWN_ERROR_MESSAGE } from '@/app/errorToasts';
import { isApiError, setServerFieldErrors } from '@/lib/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { CrudFields, type CrudField } from './CrudFields';
import { reasonError } from './reason';
import { ReasonField } from './ReasonField';

export const DISCARD_TITLE = 'Discard unsaved changes?';
export const DISCARD_MESSAGE = 'Your changes have not been saved. Close the form and lose them?';

/** Why saving failed, in words: the server's message, or the thrown error's. */
function failureText(error: unknown): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}

export interface CrudFormDialogProps<TValues extends FieldValues, TOutput> {
  /** Whether the dialog shows. Render the dialog with a new `key` for every opening (see useCrudDialogs). */
  open: boolean;
  /** The dialog's title and accessible name, e.g. 'Add Condition' or 'Edit Condition'. */
  title: string;
  /**
   * Checks the form's values and turns them into what `onSubmit` sends: a react-hook-form
   * resolver, `zodResolver(schema)` or a list screen's `lazyResolver` (its zod code loads later).
   */
  resolver: Resolver<TValues, unknown, TOutput>;
  /** The values the form starts with (the record's, when editing); unsaved changes are measured from them. */
  defaultValues: TValues;
  /** The fields, in order. */
  fields: readonly CrudField<TValues>[];
  /** The save button's text. Default 'Save'. */
  submitLabel?: string;
  /**
   * Where the server's field errors (a 422's `errors`) go: contract field name to form field name,
   * e.g. `{ minimum_age: 'min_age' }`.
   */
  serverFields?: Partial<Record<string, Path<TValues>>>;
  /**
   * Offers a "Reason for the change" box under the fields, sent to the history with the change.
   * `required` says whether this change needs one, always or for the form's current values (a
   * severity or a pregnancy category changed); left out, the form has no reason box.
   */
  reason?: { required: boolean | ((values: TValues) => boolean) };
  /**
   * Saves the checked values, with the typed reason ('' when none). Resolving closes the dialog;
   * rejecting keeps it open, with the reason in a red banner at the top of the form (the toast of
   * useCrudAction is hidden from assistive technology while a modal is open) and the server's
   * field errors under the fields.
   */
  onSubmit: (values: TOutput, reason: string) => Promise<unknown>;
  /** Closes the dialog: after a save, or on Cancel / Escape / a backdrop click (confirmed when changed). */
  onClose: () => void;
  /** After the closing transition. */
  onExited?: () => void;
}

/**
 * The add/edit form of a list screen in an MUI Dialog: fields from the feature, Save with progress,
 * Cancel or a backdrop click closes without saving, closing with unsaved changes asks first, and a
 * refused save says why inside the form.
 */
export function CrudFormDialog<TValues extends FieldValues, TOutput>({
  open,
  title,
  resolver,
  defaultValues,
  fields,
  submitLabel = 'Save',
  serverFields,
  reason: reasonRule,
  onSubmit,
  onClose,
  onExited,
}: CrudFormDialogProps<TValues, TOutput>) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
  const { isDirty, isSubmitting } = form.formState;
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const titleId = useId();
  const rule = reasonRule?.required;
  const current = useWatch({ control: form.control }) as TValues;
  const reasonRequired = typeof rule === 'function' ? rule(current) : Boolean(rule);

  const requestClose = () => {
    if (isSubmitting) return;
    if (isDirty || reason.trim() !== '') setConfirmingDiscard(true);
    else onClose();
  };

  /** Checks the reason box (with the fields, so every problem shows at once); true when it passes. */
  const reasonPasses = () => {
    if (!reasonRule) return true;
    const problem = reasonError(reason, reasonRequired);
    setReasonProblem(problem);
    return problem === null;
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      if (!reasonPasses()) return;
      try {
        await onSubmit(values, reason);
        onClose();
      } catch (error) {
        setFailure(failureText(error));
        setServerFieldErrors(error, form.setError, serverFields ?? {});
      }
    },
    () => void reasonPasses(),
  );

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        slotProps={{ transition: { onExited } }}
      >
        <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            {failure && <ErrorBanner message={failure} sx={{ mb: 2 }} />}
            <CrudFields form={form} fields={fields} />
            {reasonRule && (
              <Box sx={{ mt: 2.5 }}>
                <ReasonField
                  value={reason}
                  onChange={(value) => {
                    setReason(value);
                    if (reasonProblem) setReasonProblem(reasonError(value, reasonRequired));
                  }}
                  required={reasonRequired}
                  error={reasonProblem}
                  disabled={isSubmitting}
                />
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={requestClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
          </DialogActions>
        </Box>
      </Dialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title={DISCARD_TITLE}
        message={DISCARD_MESSAGE}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={onClose}
        onClose={() => setConfirmingDiscard(false)}
      />
    </>
  );
}
