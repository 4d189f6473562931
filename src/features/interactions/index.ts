// What other features may use of the interactions: how a severity is shown, and the severity and
// description fields of a form.
export { SeverityBadge } from './SeverityBadge';
export { severityDescriptionFields } from './severityFields';
