import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import {
  useCreateRenalRuleMutation,
  useListRenalCategoriesQuery,
  useUpdateRenalRuleMutation,
  type Medication,
  type RenalRule,
} from '@/api';
import {
  FieldInput,
  type CrudField,
  type CrudForm,
  type SelectOption,
} from '@/components/crud/CrudFields';
import { CrudFormDialog } from '@/components/crud/CrudFormDialog';
import { recordOptions } from '@/components/crud/format';
import { renalCategoryLabel } from '@/features/categories';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { messageOf } from '@/lib/errors';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { DOSAGE_UNITS, RENAL_FREQUENCY_UNITS } from '@contract/enums';
import type { DialogProps } from './dialogProps';
import { PendingDialog, RangeFields, medicationField } from './MedicationFields';
import {
  RENAL_RULE_SERVER_FIELDS,
  newRenalRuleValues,
  renalRuleCreateBody,
  renalRuleResolver,
  renalRuleUpdateBody,
  renalRuleValues,
  type RenalRuleValues,
} from './renalRuleForm';

export const ADD_RENAL_RULE_TITLE = 'Add Renal Rule';
export const EDIT_RENAL_RULE_TITLE = 'Edit Renal Rule';

/** A reason is welcome in the history, not required. */
const OPTIONAL_REASON = { required: false } as const;

/** Every field of the ranges, watched to re-check the form as they change after a failed save. */
const RANGE_NAMES = [
  'avoid',
  'min_dosage',
  'max_dosage',
  'max_daily_dosage',
  'min_frequency',
  'max_frequency',
] as const;

/**
 * The dose range, the maximum per day and the interval range, greyed out while Avoid is checked
 * (such a rule states none of them). Each may be left empty; the form says what is missing.
 */
function RuleRanges({ form }: { form: CrudForm<RenalRuleValues> }) {
  const watched = useWatch({ control: form.control, name: RANGE_NAMES });
  const avoid = watched[0];
  const key = JSON.stringify(watched);
  // After a refused save, a message may belong to another field than the one typed in (a range
  // now given answers 'give a range' under Avoid): check the whole form again.
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger();
  }, [key, form]);
  return (
    <Stack spacing={2.5}>
      <RangeFields
        form={form}
        label="Dose"
        min="min_dosage"
        max="max_dosage"
        unit="dosage_unit"
        units={DOSAGE_UNITS}
        step={0.1}
        required={false}
        disabled={avoid}
      />
      <FieldInput
        form={form}
        field={{
          kind: 'number',
          name: 'max_daily_dosage',
          label: 'Maximum per day',
          disabled: avoid,
          helperText: 'The most in 24 hours, in the dose unit. Empty for none.',
          step: 0.1,
        }}
      />
      <RangeFields
        form={form}
        label="Interval"
        min="min_frequency"
        max="max_frequency"
        unit="frequency_unit"
        units={RENAL_FREQUENCY_UNITS}
        required={false}
        disabled={avoid}
      />
    </Stack>
  );
}

/** The form's fields: the medication, the category, Avoid, and the ranges. */
function renalRuleFields(
  medication: Pick<Medication, 'name'>,
  categories: readonly SelectOption[],
  editing: boolean,
  taken: readonly number[] = [],
): CrudField<RenalRuleValues>[] {
  return [
    medicationField<RenalRuleValues>(medication),
    {
      kind: 'select',
      name: 'renal_category_id',
      label: 'Renal Category',
      required: true,
      options: categories,
      disabled: editing,
      helperText: editing
        ? 'The category of an existing rule cannot be changed'
        : 'Categories the medication has a rule for are greyed out',
      isOptionDisabled: (value) => taken.includes(Number(value)),
    },
    {
      kind: 'checkbox',
      name: 'avoid',
      label: 'Avoid at this kidney function',
      helperText: 'Contraindicated: the safety check reports any prescription of it',
    },
    { kind: 'custom', key: 'ranges', render: (form) => <RuleRanges form={form} /> },
  ];
}

interface RuleDialogProps extends DialogProps {
  medication: Pick<Medication, 'id' | 'name'>;
}

/** Edit Renal Rule: what the rule states; its category stays. */
function EditRenalRuleDialog({
  medication,
  rule,
  ...dialog
}: RuleDialogProps & { rule: RenalRule }) {
  const [update] = useUpdateRenalRuleMutation();
  const run = useMutationFeedback();
  const fields = useMemo(
    () =>
      renalRuleFields(
        medication,
        [{ value: String(rule.renal_category_id), label: renalCategoryLabel(rule.renal_category) }],
        true,
      ),
    [medication, rule],
  );
  return (
    <CrudFormDialog
      {...dialog}
      title={EDIT_RENAL_RULE_TITLE}
      resolver={renalRuleResolver}
      defaultValues={renalRuleValues(rule)}
      fields={fields}
      serverFields={RENAL_RULE_SERVER_FIELDS}
      reason={OPTIONAL_REASON}
      preview={(values) => (
        <ImpactPanel
          change={
            values && { operation: 'updateRenalRule', body: renalRuleUpdateBody(rule.id, values) }
          }
        />
      )}
      onSubmit={(values, reason) =>
        run(update({ renalRuleUpdate: renalRuleUpdateBody(rule.id, values, reason) }), {
          success: serverMessage('Renal rule updated successfully'),
        })
      }
    />
  );
}

/** Add Renal Rule: the first category without a rule pre-selected, nothing stated yet. */
function AddRenalRuleDialog({
  medication,
  categoryIds,
  ...dialog
}: RuleDialogProps & { categoryIds: readonly number[] }) {
  const query = useListRenalCategoriesQuery({});
  const [create] = useCreateRenalRuleMutation();
  const run = useMutationFeedback();
  const categories = query.data?.data;
  const fields = useMemo(
    () =>
      categories &&
      renalRuleFields(
        medication,
        recordOptions(categories, renalCategoryLabel, 'No renal categories yet'),
        false,
        categoryIds,
      ),
    [categories, medication, categoryIds],
  );

  if (!categories || !fields) {
    return (
      <PendingDialog
        {...dialog}
        title={ADD_RENAL_RULE_TITLE}
        error={query.error ? messageOf(query.error) : undefined}
      />
    );
  }
  const first = categories.find((category) => !categoryIds.includes(category.id));
  return (
    <CrudFormDialog
      {...dialog}
      title={ADD_RENAL_RULE_TITLE}
      resolver={renalRuleResolver}
      defaultValues={newRenalRuleValues(first?.id)}
      fields={fields}
      submitLabel="Add Rule"
      serverFields={RENAL_RULE_SERVER_FIELDS}
      reason={OPTIONAL_REASON}
      preview={(values) => (
        <ImpactPanel
          change={
            values && {
              operation: 'createRenalRule',
              body: renalRuleCreateBody(medication.id, values),
            }
          }
        />
      )}
      // A 409 (the medication has a rule for the category already) keeps the form open with the
      // server's message.
      onSubmit={(values, reason) =>
        run(create({ renalRuleCreate: renalRuleCreateBody(medication.id, values, reason) }), {
          success: serverMessage('Renal rule added successfully'),
        })
      }
    />
  );
}

interface RenalRuleDialogProps extends RuleDialogProps {
  /** The rule to edit; left out to add one. */
  rule?: RenalRule;
  /** The categories the medication has a rule for already (greyed out when adding). */
  categoryIds: readonly number[];
}

/** Add or edit one of a medication's renal rules. */
export function RenalRuleDialog({ rule, categoryIds, ...props }: RenalRuleDialogProps) {
  return rule ? (
    <EditRenalRuleDialog {...props} rule={rule} />
  ) : (
    <AddRenalRuleDialog {...props} categoryIds={categoryIds} />
  );
}
