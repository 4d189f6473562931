import { ColourBadge } from '@/components/ColourBadge';
import type { Severity, SafetyVerdict } from '@/api';
import { SEVERITY_COLOURS } from '@/components/severityColours';

/** The verdict's colours: the severities' (SEVERITY_COLOURS), and green for no findings. */
export const SEVERITY_STYLE: Record<
  SafetyVerdict,
  { label: string; background: string; text: string; border: string }
> = {
  none: { label: 'No findings', background: '#dcfce7', text: '#14532d', border: '#22c55e' },
  minor: { label: 'Minor', ...SEVERITY_COLOURS.minor },
  moderate: { label: 'Moderate', ...SEVERITY_COLOURS.moderate },
  major: { label: 'Major', ...SEVERITY_COLOURS.major },
  contraindicated: { label: 'Contraindicated', ...SEVERITY_COLOURS.contraindicated },
};

/** Most severe first: the order of the verdict and of the findings' groups. */
export const SEVERITY_ORDER: Severity[] = ['contraindicated', 'major', 'moderate', 'minor'];

interface VerdictBadgeProps {
  severity: SafetyVerdict;
  /** `large` for the verdict; `small` beside a finding. */
  size?: 'large' | 'small';
}

export function VerdictBadge({ severity, size = 'small' }: VerdictBadgeProps) {
  const { label, ...colours } = SEVERITY_STYLE[severity];
  return <ColourBadge label={label} colours={colours} severity={severity} size={size} />;
}
