// What other features may use of the interactions: how a severity is shown.
export { SeverityBadge } from './SeverityBadge';
