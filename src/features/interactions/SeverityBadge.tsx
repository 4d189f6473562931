import Box from '@mui/material/Box';
import type { Severity } from '@/api';
import { capitalize } from '@/components/crud/format';

/**
 * Spec section 4's colours: minor yellow, moderate orange, major red, contraindicated purple. Light
 * fills with dark text of the same hue (each pair above 7:1 contrast, WCAG AAA) and the word itself,
 * so the colour is never the only signal.
 */
export const SEVERITY_COLOURS: Record<
  Severity,
  { background: string; text: string; border: string }
> = {
  minor: { background: '#fef9c3', text: '#713f12', border: '#eab308' },
  moderate: { background: '#ffedd5', text: '#7c2d12', border: '#f97316' },
  major: { background: '#fee2e2', text: '#7f1d1d', border: '#ef4444' },
  contraindicated: { background: '#f3e8ff', text: '#581c87', border: '#a855f7' },
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  const colours = SEVERITY_COLOURS[severity];
  return (
    <Box
      component="span"
      data-severity={severity}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        border: `1px solid ${colours.border}`,
        bgcolor: colours.background,
        color: colours.text,
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1.5,
      }}
    >
      {capitalize(severity)}
    </Box>
  );
}
