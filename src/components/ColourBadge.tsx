import Box from '@mui/material/Box';

/** A badge's colours (see SEVERITY_COLOURS). */
export interface BadgeColours {
  background: string;
  text: string;
  border: string;
}

interface ColourBadgeProps {
  /** The word shown: the colour is never the only signal. */
  label: string;
  colours: BadgeColours;
  /** The value it stands for, as `data-severity` (for styles and tests). */
  severity: string;
  /** `large` for a verdict; `small` in a row or beside a finding. */
  size?: 'large' | 'small';
  /** 600 in grid cells, 700 in the safety check. */
  fontWeight?: number;
  lineHeight?: number;
}

/** A word on its colour with a border of the same hue: a severity, a verdict. */
export function ColourBadge({
  label,
  colours,
  severity,
  size = 'small',
  fontWeight = 700,
  lineHeight = 1.3,
}: ColourBadgeProps) {
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
        border: `${large ? 2 : 1}px solid ${colours.border}`,
        bgcolor: colours.background,
        color: colours.text,
        fontSize: large ? '1.75rem' : '0.8125rem',
        fontWeight,
        lineHeight,
      }}
    >
      {label}
    </Box>
  );
}
