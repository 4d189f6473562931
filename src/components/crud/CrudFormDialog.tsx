import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ErrorBanner } from '@/components/ErrorBanner';
import { SubmitButton } from '@/components/form/SubmitButton';
import { messageOf, setServerFieldErrors } from '@/lib/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { CrudFields, type CrudField } from './CrudFields';
import { reasonError } from './reason';
import { ReasonField } from './ReasonField';

export const DISCARD_TITLE = 'Discard unsaved changes?';
export const DISCARD_MESSAGE = 'Your changes have not been saved. Close the form and lose them?';

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
  /** Greys out the save button while something the form cannot fix blocks saving. */
  submitDisabled?: boolean;
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
   * useMutationFeedback is hidden from assistive technology while a modal is open) and the server's
   * field errors under the fields.
   */
  onSubmit: (values: TOutput, reason: string) => Promise<unknown>;
  /**
   * What saving would do, shown under the form before the user saves (the impact on the test
   * prescriptions): called with the checked values while the form is valid, with null while it is
   * not. It must not hold up saving.
   */
  preview?: (values: TOutput | null) => ReactNode;
  /** Closes the dialog: after a save, or on Cancel / Escape / a backdrop click (confirmed when changed). */
  onClose: () => void;
  /** After the closing transition. */
  onExited?: () => void;
}

/**
 * `values` as the resolver turns them into what saving sends, without marking any field (the user
 * is still typing); null while they do not pass.
 */
function useCheckedValues<TValues extends FieldValues, TOutput>(
  values: TValues,
  resolver: Resolver<TValues, unknown, TOutput>,
): TOutput | null {
  const [checked, setChecked] = useState<{ key: string; output: TOutput | null } | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    let current = true;
    Promise.resolve(
      resolver(JSON.parse(key) as TValues, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      }),
    )
      .then((result) => {
        const passes = Object.keys(result.errors).length === 0;
        if (current) setChecked({ key, output: passes ? (result.values as TOutput) : null });
      })
      .catch(() => current && setChecked({ key, output: null }));
    return () => {
      current = false;
    };
  }, [key, resolver]);
  return checked && checked.key === key ? checked.output : null;
}

/**
 * The preview under the fields of a form (this dialog's, or a form of its own): `preview` given
 * the values as the resolver turns them into what saving sends, or null while they do not pass.
 * It alone follows every keystroke, so typing re-renders it and the typed field, not the whole
 * dialog.
 */
export function FormPreview<TValues extends FieldValues, TOutput>({
  form,
  resolver,
  preview,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>;
  resolver: Resolver<TValues, unknown, TOutput>;
  preview: (values: TOutput | null) => ReactNode;
}) {
  const current = useWatch({ control: form.control }) as TValues;
  return preview(useCheckedValues(current, resolver));
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
  submitDisabled = false,
  serverFields,
  reason: reasonRule,
  onSubmit,
  preview,
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
  const reasonRequired = useWatch({
    control: form.control,
    compute: (values: TValues) => (typeof rule === 'function' ? rule(values) : Boolean(rule)),
  });

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
        setFailure(messageOf(error));
        setServerFieldErrors(error, form.setError, serverFields ?? {});
      }
    },
    () => void reasonPasses(),
  );

  return (
    <>
      <FullWidthDialog
        open={open}
        onClose={requestClose}
        aria-labelledby={titleId}
        onExited={onExited}
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
            {preview && <FormPreview form={form} resolver={resolver} preview={preview} />}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={requestClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <SubmitButton busy={isSubmitting} disabled={submitDisabled}>
              {submitLabel}
            </SubmitButton>
          </DialogActions>
        </Box>
      </FullWidthDialog>
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
