// What other features may use of the test prescriptions: the impact panel of an edit dialog, the
// save dialog of the safety check, and the dashboard's card.
export { LazyImpactPanel } from './LazyImpactPanel';
export { SAVE_TITLE, SaveTestPrescriptionDialog } from './SaveTestPrescriptionDialog';
export { TestPrescriptionsCard } from './TestPrescriptionsCard';
export type { PendingChange } from './useImpactPreview';
