import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import RemoveIcon from '@mui/icons-material/DeleteOutlined';
import {
  useAddIngredientLimitMutation,
  useGetIngredientQuery,
  useListAgeCategoriesQuery,
  useListWeightCategoriesQuery,
  useRemoveIngredientLimitMutation,
  useUpdateIngredientLimitMutation,
  type AgeCategory,
  type Ingredient,
  type IngredientLimit,
  type IngredientLimitCreate,
  type WeightCategory,
} from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { FullWidthDialog } from '@/components/FullWidthDialog';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { useDialogOutcome } from '@/components/crud/useDialogOutcome';
import { CrudFields } from '@/components/crud/CrudFields';
import { CrudFormDialog, FormPreview } from '@/components/crud/CrudFormDialog';
import { SubmitButton } from '@/components/form/SubmitButton';
import { messageOf } from '@/lib/errors';
import { useCanWrite } from '@/session/permissions';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { limitText } from './ingredientFormat';
import {
  ageCategoryOption,
  limitAmountFields,
  limitAmountValues,
  limitCreateBody,
  limitFields,
  limitUpdateBody,
  newLimitValues,
  weightCategoryOption,
} from './ingredientLimitForm';
import {
  limitAmountResolver,
  limitResolver,
  type LimitFormOutput,
  type LimitFormValues,
} from './ingredientLimitSchema';

export const LIMITS_TITLE = 'Daily Limits';
export const EDIT_LIMIT_TITLE = 'Edit Limit';
export const REMOVE_LIMIT_TITLE = 'Remove Limit';
export const REMOVE_LIMIT_MESSAGE =
  'Are you sure you want to remove this daily limit? This action cannot be undone.';

/** A limit with its dialog's open state (kept while the dialog closes). */
type Shown = { limit: IngredientLimit; open: boolean } | null;

interface AddLimitFormProps {
  /** The ingredient the limit is for. */
  ingredientId: number;
  ageCategories: readonly AgeCategory[];
  weightCategories: readonly WeightCategory[];
  /** Sends the new limit; resolves once it is added (the form then clears its amount). */
  onAdd: (limit: IngredientLimitCreate) => Promise<unknown>;
}

/**
 * Add Limit: the basis, its category, the most a day and its unit, under the list, with the new
 * limit's impact on the test prescriptions once the form is valid.
 */
function AddLimitForm({ ingredientId, ageCategories, weightCategories, onAdd }: AddLimitFormProps) {
  const form = useForm<LimitFormValues, unknown, LimitFormOutput>({
    resolver: limitResolver,
    defaultValues: newLimitValues(ageCategories, weightCategories),
  });
  const fields = useMemo(
    () =>
      limitFields(ageCategories.map(ageCategoryOption), weightCategories.map(weightCategoryOption)),
    [ageCategories, weightCategories],
  );
  const submit = form.handleSubmit(async (values) => {
    // A refusal (a second limit of the same kind for the category) is said in the dialog.
    await onAdd(limitCreateBody(ingredientId, values)).then(
      () => form.resetField('max_daily_amount'),
      () => undefined,
    );
  });
  return (
    <Box
      component="form"
      aria-label="Add Limit"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="subtitle2" component="h3">
        Add Limit
      </Typography>
      <CrudFields form={form} fields={fields} />
      <FormPreview
        form={form}
        resolver={limitResolver}
        preview={(values) => (
          <ImpactPanel
            change={
              values && {
                operation: 'addIngredientLimit',
                body: limitCreateBody(ingredientId, values),
              }
            }
          />
        )}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SubmitButton busy={form.formState.isSubmitting} variant="outlined">
          Add Limit
        </SubmitButton>
      </Box>
    </Box>
  );
}

/** Loads the categories the add form offers; a progress bar until they come. */
function AddLimit({ ingredientId, onAdd }: Pick<AddLimitFormProps, 'ingredientId' | 'onAdd'>) {
  const ages = useListAgeCategoriesQuery({});
  const weights = useListWeightCategoriesQuery({});
  const ageCategories = ages.data?.data;
  const weightCategories = weights.data?.data;
  const error = ages.error ?? weights.error;
  if (error)
    return <ErrorBanner title="The categories could not be loaded" message={messageOf(error)} />;
  if (!ageCategories || !weightCategories)
    return <LinearProgress aria-label="Loading the categories" />;
  return (
    <AddLimitForm
      ingredientId={ingredientId}
      ageCategories={ageCategories}
      weightCategories={weightCategories}
      onAdd={onAdd}
    />
  );
}

interface IngredientLimitsDialogProps {
  /** The ingredient as its row showed it: its limits show at once, then as the server has them. */
  ingredient: Ingredient;
  open: boolean;
  onClose: () => void;
  onExited?: () => void;
}

/**
 * An ingredient's daily limits: the most of it a patient of an age or a weight category may take
 * in 24 hours, over every medication containing it. Each limit has Edit (its amount and unit) and
 * Remove (after a confirm); a form under the list adds one. Each change is sent at once and the
 * ingredient is asked for again after it (its cache tag). What a change did is also said inside the
 * dialog: while it is open, the toasts are hidden from assistive technology. A viewer sees the
 * limits only.
 */
export function IngredientLimitsDialog({
  ingredient,
  open,
  onClose,
  onExited,
}: IngredientLimitsDialogProps) {
  const { data } = useGetIngredientQuery({ id: ingredient.id });
  const current = data?.data ?? ingredient;
  const [addLimit] = useAddIngredientLimitMutation();
  const [updateLimit] = useUpdateIngredientLimitMutation();
  const [removeLimit] = useRemoveIngredientLimitMutation();
  const [editing, setEditing] = useState<Shown>(null);
  const [removing, setRemoving] = useState<Shown>(null);
  const { change, success, failure } = useDialogOutcome();
  const canWrite = useCanWrite();

  return (
    <FullWidthDialog open={open} onClose={onClose} onExited={onExited} title={LIMITS_TITLE}>
      <DialogContent>
        {success}
        <Stack spacing={2}>
          <Typography sx={{ fontWeight: 600 }}>{current.name}</Typography>
          {failure}
          {current.limits.length === 0 ? (
            <Typography color="text.secondary">No daily limits yet.</Typography>
          ) : (
            <List dense disablePadding aria-label={`Daily limits of ${current.name}`}>
              {current.limits.map((limit) => (
                <ListItem
                  key={limit.id}
                  disableGutters
                  secondaryAction={
                    canWrite && (
                      <>
                        <IconButton
                          aria-label={`Edit ${limitText(limit)}`}
                          onClick={() => setEditing({ limit, open: true })}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          edge="end"
                          aria-label={`Remove ${limitText(limit)}`}
                          onClick={() => setRemoving({ limit, open: true })}
                        >
                          <RemoveIcon />
                        </IconButton>
                      </>
                    )
                  }
                >
                  <ListItemText primary={limitText(limit)} />
                </ListItem>
              ))}
            </List>
          )}
          {canWrite && (
            <AddLimit
              ingredientId={current.id}
              onAdd={(limit) =>
                change(
                  addLimit({ ingredientLimitCreate: limit }),
                  'Daily limit added successfully',
                  'The daily limit could not be added',
                )
              }
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {editing && (
        <CrudFormDialog
          open={editing.open}
          title={EDIT_LIMIT_TITLE}
          resolver={limitAmountResolver}
          defaultValues={limitAmountValues(editing.limit)}
          fields={limitAmountFields}
          serverFields={{ max_daily_amount: 'max_daily_amount', unit: 'unit' }}
          preview={(values) => (
            <ImpactPanel
              change={
                values && {
                  operation: 'updateIngredientLimit',
                  body: limitUpdateBody(editing.limit, values),
                }
              }
            />
          )}
          onSubmit={(values) =>
            change(
              updateLimit({ ingredientLimitUpdate: limitUpdateBody(editing.limit, values) }),
              'Daily limit updated successfully',
              'The daily limit could not be updated',
            )
          }
          onClose={() => setEditing((shown) => shown && { ...shown, open: false })}
          onExited={() => setEditing(null)}
        />
      )}
      {removing && (
        <ConfirmDialog
          open={removing.open}
          title={REMOVE_LIMIT_TITLE}
          message={REMOVE_LIMIT_MESSAGE}
          details={limitText(removing.limit)}
          confirmLabel="Remove"
          preview={
            <ImpactPanel
              change={{ operation: 'removeIngredientLimit', body: { id: removing.limit.id } }}
            />
          }
          onConfirm={() =>
            change(
              removeLimit({ idBody: { id: removing.limit.id } }),
              'Daily limit removed successfully',
              'The daily limit could not be removed',
            )
          }
          onClose={() => setRemoving((shown) => shown && { ...shown, open: false })}
          onExited={() => setRemoving(null)}
        />
      )}
    </FullWidthDialog>
  );
}
