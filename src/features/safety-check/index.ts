// What other features may use of the safety check: how a verdict and a finding are shown.
export { FINDING_KIND_LABELS, REASON_LABELS } from './safetyCheckText';
export { SEVERITY_STYLE, VerdictBadge } from './VerdictBadge';
