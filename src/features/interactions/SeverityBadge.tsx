import { memo } from 'react';
import type { Severity } from '@/api';
import { capitalize } from '@/components/crud/format';
import { ColourBadge } from '@/components/ColourBadge';
import { SEVERITY_COLOURS } from '@/components/severityColours';

/** A severity as its word on its colour (SEVERITY_COLOURS); memoised, as grids draw their cells
 * again on every change of their props. */
export const SeverityBadge = memo(function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <ColourBadge
      label={capitalize(severity)}
      colours={SEVERITY_COLOURS[severity]}
      severity={severity}
      fontWeight={600}
      lineHeight={1.5}
    />
  );
});
