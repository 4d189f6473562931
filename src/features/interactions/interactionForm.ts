import type {
  DrugInteraction,
  DrugInteractionCreate,
  DrugInteractionUpdate,
  Medication,
  TestPrescriptionImpactRequest,
} from '@/api';
import type { CrudField, SelectOption } from '@/components/crud/CrudFields';
import { capitalizedOptions } from '@/components/crud/format';
import { reasonPayload } from '@/components/crud/reason';
import { lazyResolver } from '@/lib/lazyResolver';
import { SEVERITIES } from './interactionConstants';
import type { InteractionFormOutput, InteractionFormValues } from './interactionSchema';

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

/**
 * The medication options, by name: the medication list, plus the edited interaction's own two (so
 * the disabled selects show them even before the list arrives).
 */
export function medicationOptions(
  medications: readonly Pick<Medication, 'id' | 'name'>[] | undefined,
  editing: DrugInteraction | null,
): SelectOption[] {
  const byId = new Map<number, string>();
  for (const medication of medications ?? []) byId.set(medication.id, medication.name);
  if (editing) {
    byId.set(editing.medication_id, editing.medication.name);
    byId.set(editing.interacting_medication_id, editing.interacting_medication.name);
  }
  return [...byId]
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([id, name]) => ({ value: String(id), label: name }));
}

/** The dialog's fields: the medication selects are fixed once the interaction exists. */
export function interactionFields(
  options: SelectOption[],
  editing: boolean,
  loadingMedications: boolean,
): CrudField<InteractionFormValues>[] {
  const placeholder = {
    value: '',
    label: loadingMedications ? 'Loading medications…' : 'Select a medication',
  };
  const locked = editing ? 'Cannot be changed on an existing interaction' : undefined;
  return [
    {
      kind: 'select',
      name: 'medication_id',
      label: 'Medication',
      required: true,
      disabled: editing,
      helperText: locked,
      half: true,
      options: [placeholder, ...options],
    },
    {
      kind: 'select',
      name: 'interacting_medication_id',
      label: 'Interacting Medication',
      required: true,
      disabled: editing,
      helperText: locked,
      half: true,
      options: [placeholder, ...options],
      // The medication already chosen cannot interact with itself.
      isOptionDisabled: (value, values) => value !== '' && value === values.medication_id,
    },
    {
      kind: 'select',
      name: 'severity',
      label: 'Severity',
      required: true,
      options: capitalizedOptions(SEVERITIES),
    },
    {
      kind: 'textarea',
      name: 'description',
      label: 'Description',
      required: true,
      rows: 4,
      maxLength: 2000,
    },
    { kind: 'checkbox', name: 'is_allergen', label: 'Is an allergen' },
  ];
}
