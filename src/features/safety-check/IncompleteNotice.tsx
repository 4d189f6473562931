import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SafetyFinding } from '@/api';
import { incompleteText } from './safetyCheckText';

/**
 * What a check could not look at (its not_checked findings), in amber: the warning colour, dark
 * text on a light fill (or the reverse in the dark theme), well above 4.5:1. Shown instead of any
 * "no findings" wording, so an incomplete check never reads as a pass.
 */
export function IncompleteNotice({ findings }: { findings: readonly SafetyFinding[] }) {
  return (
    <Alert severity="warning" role="none" sx={{ mt: 1 }}>
      <AlertTitle component="p" sx={{ fontWeight: 700 }}>
        {incompleteText(findings.length)}
      </AlertTitle>
      <Box
        component="ul"
        aria-label="Could not be checked"
        sx={{ m: 0, pl: 2.5, '& li + li': { mt: 0.5 } }}
      >
        {findings.map((finding, index) => (
          <li key={`${finding.medication_ids.join('-')}-${finding.reason ?? ''}-${index}`}>
            {finding.message}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
