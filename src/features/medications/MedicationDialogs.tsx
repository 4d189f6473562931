import {
  useDeleteLifestyleContraindicationMutation,
  useDeleteMedicationMutation,
  useRemoveContraindicationMutation,
  useRemoveDrugClassMemberMutation,
  useRemoveMedicationIngredientMutation,
  useDeleteRenalRuleMutation,
  type Condition,
  type DrugClass,
  type LifestyleContraindication,
  type Medication,
  type RenalRule,
} from '@/api';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { reasonPayload } from '@/components/crud/reason';
import { useDialogSession, type DialogSession } from '@/components/crud/useCrudDialogs';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { LazyImpactPanel as ImpactPanel } from '@/features/test-prescriptions';
import { AddMedicationDialog } from './AddMedicationDialog';
import {
  AddContraindicationDialog,
  AddLifestyleContraindicationDialog,
  AddToClassDialog,
  EditLifestyleSeverityDialog,
} from './ContraindicationDialogs';
import { DosageDialog } from './DosageDialog';
import { AddIngredientDialog, EditStrengthDialog } from './IngredientDialogs';
import type { MedicationIngredientRow } from './useMedicationIngredients';
import { EditMedicationDialog } from './EditMedicationDialog';
import { RenalRuleDialog } from './RenalRuleDialog';
import { renalRuleCategoryText } from './renalRuleFormat';
import { MedicationDependents } from './MedicationDependents';
import type { AnyDosage, DosageKind } from './medicationForm';

export const DELETE_MEDICATION_MESSAGE = 'Are you sure you want to delete this medication?';
export const DELETE_LIFESTYLE_CONTRAINDICATION_MESSAGE =
  'Are you sure you want to delete this lifestyle contraindication? This action cannot be undone.';
export const REMOVE_CONTRAINDICATION_MESSAGE =
  "Are you sure you want to remove this condition from the medication's contraindications?";
export const REMOVE_INGREDIENT_MESSAGE =
  'Are you sure you want to remove this ingredient from the medication?';
export const DELETE_RENAL_RULE_MESSAGE = 'Are you sure you want to delete this renal rule?';
export const REMOVE_FROM_CLASS_MESSAGE =
  'Are you sure you want to remove this medication from the class?';

/** Every dialog of the list and detail pages, with what it is about. */
export type MedicationDialog =
  | { kind: 'add-medication' }
  | { kind: 'edit-medication'; medication: Medication }
  | { kind: 'delete-medication'; medication: Medication }
  | { kind: 'add-dosage'; dosageKind: DosageKind; medication: Medication }
  | { kind: 'edit-dosage'; dosageKind: DosageKind; medication: Medication; dosage: AnyDosage }
  | { kind: 'add-contraindication'; medication: Medication }
  | {
      kind: 'remove-contraindication';
      medication: Medication;
      condition: Pick<Condition, 'id' | 'name'>;
    }
  | { kind: 'add-lifestyle-contraindication'; medication: Medication }
  | { kind: 'edit-lifestyle-severity'; medication: Medication; link: LifestyleContraindication }
  | {
      kind: 'delete-lifestyle-contraindication';
      medication: Medication;
      link: LifestyleContraindication;
    }
  | { kind: 'add-to-class'; medication: Medication; classIds: readonly number[] }
  | { kind: 'remove-from-class'; medication: Medication; drugClass: DrugClass }
  | { kind: 'add-ingredient'; medication: Medication; ingredientIds: readonly number[] }
  | { kind: 'edit-strength'; medication: Medication; ingredient: MedicationIngredientRow }
  | { kind: 'remove-ingredient'; medication: Medication; ingredient: MedicationIngredientRow }
  | { kind: 'add-renal-rule'; medication: Medication; categoryIds: readonly number[] }
  | { kind: 'edit-renal-rule'; medication: Medication; rule: RenalRule }
  | { kind: 'delete-renal-rule'; medication: Medication; rule: RenalRule };

/**
 * Which dialog is open: `show(dialog)`, `close()`, and `exited()` after its closing transition.
 */
export function useMedicationDialogs() {
  return useDialogSession<MedicationDialog>();
}

interface MedicationDialogsProps {
  session: DialogSession<MedicationDialog> | null;
  close: () => void;
  exited: () => void;
}

/** Renders the open dialog of {@link useMedicationDialogs}. */
export function MedicationDialogs({ session, close, exited }: MedicationDialogsProps) {
  const [deleteMedication] = useDeleteMedicationMutation();
  const [removeContraindication] = useRemoveContraindicationMutation();
  const [deleteLifestyleContraindication] = useDeleteLifestyleContraindicationMutation();
  const [removeMember] = useRemoveDrugClassMemberMutation();
  const [removeIngredient] = useRemoveMedicationIngredientMutation();
  const [deleteRenalRule] = useDeleteRenalRuleMutation();
  const run = useMutationFeedback();
  if (!session) return null;
  const { subject: dialog, open, key } = session;
  const common = { open, onClose: close, onExited: exited };

  switch (dialog.kind) {
    case 'add-medication':
      return <AddMedicationDialog key={key} {...common} />;
    case 'edit-medication':
      return <EditMedicationDialog key={key} {...common} medication={dialog.medication} />;
    case 'add-dosage':
    case 'edit-dosage':
      return (
        <DosageDialog
          key={key}
          {...common}
          kind={dialog.dosageKind}
          medication={dialog.medication}
          dosage={dialog.kind === 'edit-dosage' ? dialog.dosage : undefined}
        />
      );
    case 'add-contraindication':
      return <AddContraindicationDialog key={key} {...common} medication={dialog.medication} />;
    case 'add-lifestyle-contraindication':
      return (
        <AddLifestyleContraindicationDialog key={key} {...common} medication={dialog.medication} />
      );
    case 'edit-lifestyle-severity':
      return (
        <EditLifestyleSeverityDialog
          key={key}
          {...common}
          medication={dialog.medication}
          link={dialog.link}
        />
      );
    case 'add-ingredient':
      return (
        <AddIngredientDialog
          key={key}
          {...common}
          medication={dialog.medication}
          ingredientIds={dialog.ingredientIds}
        />
      );
    case 'edit-strength':
      return (
        <EditStrengthDialog
          key={key}
          {...common}
          medication={dialog.medication}
          ingredient={dialog.ingredient}
        />
      );
    case 'remove-ingredient':
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Remove Ingredient"
          message={REMOVE_INGREDIENT_MESSAGE}
          details={dialog.ingredient.name}
          confirmLabel="Remove"
          preview={
            <ImpactPanel
              change={{
                operation: 'removeMedicationIngredient',
                body: { id: dialog.ingredient.id },
              }}
            />
          }
          // The server refuses to remove a medication's last ingredient (409): its error toast
          // says so.
          onConfirm={() =>
            run(removeIngredient({ idBody: { id: dialog.ingredient.id } }), {
              success: serverMessage('Ingredient removed from the medication'),
            })
          }
        />
      );
    case 'add-renal-rule':
      return (
        <RenalRuleDialog
          key={key}
          {...common}
          medication={dialog.medication}
          categoryIds={dialog.categoryIds}
        />
      );
    case 'edit-renal-rule':
      return (
        <RenalRuleDialog
          key={key}
          {...common}
          medication={dialog.medication}
          rule={dialog.rule}
          categoryIds={[]}
        />
      );
    case 'delete-renal-rule':
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Delete Renal Rule"
          message={DELETE_RENAL_RULE_MESSAGE}
          details={renalRuleCategoryText(dialog.rule)}
          reason="optional"
          preview={
            <ImpactPanel change={{ operation: 'deleteRenalRule', body: { id: dialog.rule.id } }} />
          }
          onConfirm={(reason) =>
            run(deleteRenalRule({ idBody: { id: dialog.rule.id, ...reasonPayload(reason) } }), {
              success: serverMessage('Renal rule deleted successfully'),
            })
          }
        />
      );
    case 'add-to-class':
      return (
        <AddToClassDialog
          key={key}
          {...common}
          medication={dialog.medication}
          classIds={dialog.classIds}
        />
      );
    case 'delete-medication':
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Delete Medication"
          message={DELETE_MEDICATION_MESSAGE}
          details={<MedicationDependents id={dialog.medication.id} name={dialog.medication.name} />}
          reason="required"
          preview={
            <ImpactPanel
              change={{ operation: 'deleteMedication', params: { id: dialog.medication.id } }}
            />
          }
          // A refusal is logged (by the API layer) and shown (by its one error-toast listener).
          onConfirm={(reason) =>
            run(deleteMedication({ id: dialog.medication.id, reasonBody: reasonPayload(reason) }), {
              success: serverMessage('Medication deleted successfully'),
            })
          }
        />
      );
    case 'remove-contraindication': {
      const link = { medication_id: dialog.medication.id, condition_id: dialog.condition.id };
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Remove Contraindication"
          message={REMOVE_CONTRAINDICATION_MESSAGE}
          details={dialog.condition.name}
          confirmLabel="Remove"
          preview={<ImpactPanel change={{ operation: 'removeContraindication', body: link }} />}
          onConfirm={() =>
            run(removeContraindication({ contraindicationLink: link }), {
              success: serverMessage('Contraindication removed successfully'),
            })
          }
        />
      );
    }
    case 'delete-lifestyle-contraindication':
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Delete Lifestyle Contraindication"
          message={DELETE_LIFESTYLE_CONTRAINDICATION_MESSAGE}
          details={dialog.link.lifestyle.name}
          onConfirm={() =>
            run(deleteLifestyleContraindication({ idBody: { id: dialog.link.id } }), {
              success: 'Lifestyle contraindication deleted successfully',
              failure: 'Failed to delete lifestyle contraindication',
            })
          }
        />
      );
    case 'remove-from-class': {
      // The membership: a class lists each member with its membership's id.
      const membership = dialog.drugClass.members.find(
        (member) => member.medication_id === dialog.medication.id,
      );
      return (
        <ConfirmDialog
          key={key}
          {...common}
          title="Remove from Class"
          message={REMOVE_FROM_CLASS_MESSAGE}
          details={dialog.drugClass.name}
          confirmLabel="Remove"
          preview={
            membership && (
              <ImpactPanel
                change={{ operation: 'removeDrugClassMember', body: { id: membership.id } }}
              />
            )
          }
          onConfirm={() =>
            membership &&
            run(removeMember({ idBody: { id: membership.id } }), {
              success: serverMessage('Medication removed from the class'),
            })
          }
        />
      );
    }
  }
}
