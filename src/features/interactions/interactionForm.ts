import type {
  DrugInteraction,
  DrugInteractionCreate,
  DrugInteractionUpdate,
  TestPrescriptionImpactRequest,
} from '@/api';
import type { CrudField } from '@/components/crud/CrudFields';
import { reasonPayload } from '@/components/crud/reason';
import { pickerField } from '@/components/pickers/pickerField';
import { lazyResolver } from '@/lib/lazyResolver';
import type { InteractionFormOutput, InteractionFormValues } from './interactionSchema';
import { severityDescriptionFields } from './severityFields';

/** The form's validation (interactionSchema.ts), loaded after the list shows. */
export const interactionValidation = lazyResolver<InteractionFormValues, InteractionFormOutput>(
  () => import('./interactionSchema').then((module) => module.interactionResolver),
);

export const INTERACTION_ID_REQUIRED_MESSAGE = 'Interaction ID is required for editing';

/** The form's start: the interaction's values, or severity minor and allergen off for a new one. */
export function interactionFormValues(interaction: DrugInteraction | null): InteractionFormValues {
  return {
    medication_id: interaction ? String(interaction.medication_id) : '',
    interacting_medication_id: interaction ? String(interaction.interacting_medication_id) : '',
    severity: interaction?.severity ?? 'minor',
    description: interaction?.description ?? '',
    is_allergen: interaction ? interaction.is_allergen === 1 : false,
  };
}

export type InteractionRequest =
  { kind: 'create'; body: DrugInteractionCreate } | { kind: 'update'; body: DrugInteractionUpdate };

/**
 * Whether the form sets a severity a reason must explain: any new interaction's, or an edit that
 * changes it.
 */
export function severityChanged(
  values: Pick<InteractionFormValues, 'severity'>,
  editing: Pick<DrugInteraction, 'severity'> | null,
): boolean {
  return editing === null || values.severity !== editing.severity;
}

/**
 * What saving sends. A new interaction: both medication ids (parsed as integers), severity,
 * description, is_allergen. An edit changes only severity, description and the allergen flag, and
 * needs the interaction's id ('Interaction ID is required for editing'). A typed reason goes along.
 */
export function interactionRequest(
  values: InteractionFormOutput,
  editing: { id?: number | null } | null,
  reason = '',
): InteractionRequest {
  const { severity, description, is_allergen } = values;
  const why = reasonPayload(reason);
  if (editing) {
    if (!editing.id) throw new Error(INTERACTION_ID_REQUIRED_MESSAGE);
    return {
      kind: 'update',
      body: { id: editing.id, severity, description, is_allergen, ...why },
    };
  }
  return {
    kind: 'create',
    body: {
      medication_id: Number.parseInt(values.medication_id, 10),
      interacting_medication_id: Number.parseInt(values.interacting_medication_id, 10),
      severity,
      description,
      is_allergen,
      ...why,
    },
  };
}

/**
 * The pending save as the test prescriptions' impact preview takes it (the reason left out: it
 * changes no outcome); null when the form cannot be sent (an edit without an id).
 */
export function interactionChange(
  values: InteractionFormOutput,
  editing: { id?: number | null } | null,
): TestPrescriptionImpactRequest | null {
  if (editing && !editing.id) return null;
  const request = interactionRequest(values, editing);
  return request.kind === 'update'
    ? { operation: 'updateDrugInteraction', body: request.body }
    : { operation: 'createDrugInteraction', body: request.body };
}

/** The dialog's fields: the medications are searched on the server, and fixed once it exists. */
export function interactionFields(
  editing: DrugInteraction | null,
): CrudField<InteractionFormValues>[] {
  const locked = editing ? 'Cannot be changed on an existing interaction' : undefined;
  const common = {
    source: 'medication',
    required: true,
    disabled: editing !== null,
    helperText: locked,
    half: true,
  } as const;
  return [
    pickerField<InteractionFormValues>({
      ...common,
      name: 'medication_id',
      label: 'Medication',
      initial: editing && editing.medication,
    }),
    pickerField<InteractionFormValues>({
      ...common,
      name: 'interacting_medication_id',
      label: 'Interacting Medication',
      initial: editing && editing.interacting_medication,
      // The medication already chosen cannot interact with itself.
      isDisabled: (option, values) => String(option.id) === values.medication_id,
    }),
    ...severityDescriptionFields<InteractionFormValues>(),
    { kind: 'checkbox', name: 'is_allergen', label: 'Is an allergen' },
  ];
}
