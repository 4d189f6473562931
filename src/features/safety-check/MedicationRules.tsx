import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SafetyAmount, SafetyMedicationResult } from '@/api';
import { chunk } from '@/components/chunk';
import { ASPECTS, amountText } from './safetyCheckText';

// The rules' grid (the DataGrid's code) arrives after the result shows: the page stays within its budget.
const RulesGrid = chunk(
  () => import('./RulesGrid').then((module) => module.default),
  ({ medication }) => <LinearProgress aria-label={`Loading the rules of ${medication.name}`} />,
).Component;

/** An interval unit: the frequency is the time between doses ("every 6 hours"). */
const INTERVAL = /^(hours|days|weeks|months)$/;

const prescribedText = (label: string, amount: SafetyAmount | null) =>
  !amount
    ? `${label} not given`
    : label === 'Frequency' && INTERVAL.test(amount.unit)
      ? `${label} every ${amountText(amount)}`
      : `${label} ${amountText(amount)}`;

/**
 * One checked medication: what was prescribed, then each dosage rule that applied to the patient
 * with the outcome of its dose, frequency and duration.
 */
export function MedicationRules({ medication }: { medication: SafetyMedicationResult }) {
  const headingId = `safety-rules-${medication.medication_id}`;
  const { prescribed } = medication;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {medication.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Prescribed:{' '}
        {ASPECTS.map(([key, label]) => prescribedText(label, prescribed[key])).join(', ')}
      </Typography>
      {medication.rules.length === 0 ? (
        <Typography variant="body2">
          No dosing rule applied: the check could not compare this medication&apos;s dose.
        </Typography>
      ) : (
        <RulesGrid medication={medication} />
      )}
    </Box>
  );
}
