import { memo } from 'react';
import Box from '@mui/material/Box';
import type { Severity } from '@/api';
import { capitalize } from '@/components/crud/format';
import { SEVERITY_COLOURS } from '@/components/severityColours';

/** A severity as its word on its colour (SEVERITY_COLOURS); memoised, as grids draw their cells
 * again on every change of their props. */
export const SeverityBadge = memo(function SeverityBadge({ severity }: { severity: Severity }) {
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
});
