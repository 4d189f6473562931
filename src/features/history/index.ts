// What other features may use of History: a row's History button and dialog, a record's history
// panel, and how an entry is put into words.
export { ACTION_LABELS, describeEntry } from './auditFormat';
export { RecordHistory } from './RecordHistory';
export { useRowHistory } from './useRowHistory';
