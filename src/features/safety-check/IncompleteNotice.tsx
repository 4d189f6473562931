import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SafetyFinding } from '@/api';
import { REASON_LABELS, incompleteText } from './safetyCheckText';

/**
 * What a check could not look at (its not_checked findings), in amber: the warning colour, dark
 * text on a light fill (or the reverse in the dark theme), well above 4.5:1. Shown instead of any
 * "no findings" wording, so an incomplete check never reads as a pass. Each finding names its
 * reason in a word or two before the message, so a long list can be scanned for what to supply.
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
            {finding.reason && (
              <Chip
                size="small"
                variant="outlined"
                label={REASON_LABELS[finding.reason]}
                sx={{ mr: 1, color: 'inherit', borderColor: 'currentColor' }}
              />
            )}
            <span>{finding.message}</span>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
