import Box from '@mui/material/Box';
import type { Severity, SafetyVerdict } from '@/api';

/**
 * The spec's severity colours (minor yellow, moderate orange, major red, contraindicated purple),
 * the same light fills with dark text of the same hue as the interactions screen's badge (above
 * 7:1 contrast), always with the word, so colour is never the only signal.
 */
export const SEVERITY_STYLE: Record<
  SafetyVerdict,
  { label: string; background: string; text: string; border: string }
> = {
  none: { label: 'No findings', background: '#dcfce7', text: '#14532d', border: '#22c55e' },
  minor: { label: 'Minor', background: '#fef9c3', text: '#713f12', border: '#eab308' },
  moderate: { label: 'Moderate', background: '#ffedd5', text: '#7c2d12', border: '#f97316' },
  major: { label: 'Major', background: '#fee2e2', text: '#7f1d1d', border: '#ef4444' },
  contraindicated: {
    label: 'Contraindicated',
    background: '#f3e8ff',
    text: '#581c87',
    border: '#a855f7',
  },
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
