import Box from '@mui/material/Box';
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
  const style = SEVERITY_STYLE[severity];
  const large = size === 'large';
  return (
    <Box
      component="span"
      data-severity={severity}
      sx={{
        display: 'inline-block',
        px: large ? 2.5 : 1,
        py: large ? 1 : 0.25,
        borderRadius: large ? 2 : 1,
        border: `${large ? 2 : 1}px solid ${style.border}`,
        bgcolor: style.background,
        color: style.text,
        fontSize: large ? '1.75rem' : '0.8125rem',
        fontWeight: 700,
        lineHeight: 1.3,
      }}
    >
      {style.label}
    </Box>
  );
}
