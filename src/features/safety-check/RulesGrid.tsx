import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { SafetyComparison, SafetyMedicationResult } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { SEVERITY_COLOURS } from '@/components/severityColours';
import { ASPECTS, OUTCOME_LABELS, REASON_LABELS, amountText, rangeText } from './safetyCheckText';

/** Within range: neutral; outside: the finding's severity colours; not checked: amber. */
const NOT_CHECKED_STYLE = { background: '#fef3c7', text: '#78350f', border: '#f59e0b' };
const WITHIN_STYLE = { background: 'transparent', text: 'inherit', border: 'currentColor' };

function OutcomeBadge({ comparison }: { comparison: SafetyComparison }) {
  const style =
    comparison.outcome === 'not_checked'
      ? NOT_CHECKED_STYLE
      : comparison.severity
        ? SEVERITY_COLOURS[comparison.severity]
        : WITHIN_STYLE;
  return (
    <Box
      component="span"
      data-outcome={comparison.outcome}
      sx={{
        alignSelf: 'start',
        whiteSpace: 'nowrap',
        px: 0.75,
        borderRadius: 1,
        border: `1px solid ${style.border}`,
        bgcolor: style.background,
        color: style.text,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: 1.6,
      }}
    >
      {OUTCOME_LABELS[comparison.outcome]}
    </Box>
  );
}

/**
 * The rule's range (for a day's total, its maximum), what was compared when units had to be
 * converted, and the outcome.
 */
function ComparisonCell({ comparison, daily }: { comparison: SafetyComparison; daily?: boolean }) {
  const { compared, prescribed, range, reason } = comparison;
  const converted =
    compared !== null && (compared.unit !== range.unit || prescribed?.unit !== compared.unit);
  return (
    <Stack spacing={0.5} sx={{ py: 0.75, whiteSpace: 'normal' }}>
      <span>
        {daily ? `At most ${amountText({ value: range.max, unit: range.unit })}` : rangeText(range)}
      </span>
      {converted && (
        <Typography variant="caption" color="text.secondary">
          {`Compared: ${amountText({ value: compared.prescribed, unit: compared.unit })} against ${rangeText(compared)}`}
        </Typography>
      )}
      <OutcomeBadge comparison={comparison} />
      {comparison.outcome === 'not_checked' && reason && (
        <Typography variant="caption" color="text.secondary">
          {REASON_LABELS[reason]}
        </Typography>
      )}
    </Stack>
  );
}

type Rule = SafetyMedicationResult['rules'][number];

const COLUMNS: GridColDef<Rule>[] = [
  {
    field: 'label',
    headerName: 'Rule',
    flex: 1.2,
    minWidth: 150,
    renderCell: ({ row }) => (
      <Box sx={{ py: 0.75, whiteSpace: 'normal' }}>
        <span>{row.label}</span>
        <Typography variant="caption" color="text.secondary" component="p">
          {row.basis === 'weight' ? 'By weight' : 'By age'}
        </Typography>
      </Box>
    ),
  },
  ...ASPECTS.map(([key, label]): GridColDef<Rule> => ({
    field: key,
    headerName: label,
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => <ComparisonCell comparison={row[key]} />,
  })),
];

/** The day's total against the rule's daily maximum: shown when a rule states one. */
const WITH_DAILY: GridColDef<Rule>[] = [
  ...COLUMNS,
  {
    field: 'daily',
    headerName: 'Per day',
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) =>
      row.daily ? <ComparisonCell comparison={row.daily} daily /> : 'No daily maximum',
  },
];

const ruleId = (rule: Rule) => rule.dosage_id;

/**
 * The dosage rules that applied to one medication, with the outcome of its dose, frequency,
 * duration and, where a rule has a daily maximum, the day's total. Its own module, so that the result shows before the DataGrid's code arrives.
 */
export default function RulesGrid({ medication }: { medication: SafetyMedicationResult }) {
  return (
    <CompactGrid
      label={`Rules applied to ${medication.name}`}
      rows={medication.rules}
      columns={medication.rules.some((rule) => rule.daily) ? WITH_DAILY : COLUMNS}
      getRowId={ruleId}
      autoRowHeights
    />
  );
}
