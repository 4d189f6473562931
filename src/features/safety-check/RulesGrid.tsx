import { useMemo } from 'react';
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
 * The rule's range (for one of its maxima, the maximum alone), what was compared when units had to
 * be converted, and the outcome.
 */
function ComparisonCell({
  comparison,
  maximum,
}: {
  comparison: SafetyComparison;
  maximum?: boolean;
}) {
  const { compared, prescribed, range, reason } = comparison;
  const converted =
    compared !== null && (compared.unit !== range.unit || prescribed?.unit !== compared.unit);
  return (
    <Stack spacing={0.5} sx={{ py: 0.75, whiteSpace: 'normal' }}>
      <span>
        {maximum
          ? `At most ${amountText({ value: range.max, unit: range.unit })}`
          : rangeText(range)}
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

/**
 * The maxima a rule may state besides its ranges: one dose, and the day's total. Each is a column
 * when a rule of the medication states it.
 */
const MAXIMA = [
  ['single_dose', 'One dose', 'No single-dose maximum'],
  ['daily', 'Per day', 'No daily maximum'],
] as const;

const MAXIMUM_COLUMNS = MAXIMA.map(([field, headerName, none]) => ({
  field,
  column: {
    field,
    headerName,
    flex: 1,
    minWidth: 140,
    sortable: false,
    renderCell: ({ row }) => {
      const comparison = row[field];
      return comparison ? <ComparisonCell comparison={comparison} maximum /> : none;
    },
  } satisfies GridColDef<Rule>,
}));

/** The columns for `rules`: the ranges', and each maximum that one of them states. */
function columnsFor(rules: Rule[]): GridColDef<Rule>[] {
  const stated = MAXIMUM_COLUMNS.filter(({ field }) => rules.some((rule) => rule[field]));
  return [...COLUMNS, ...stated.map(({ column }) => column)];
}

const ruleId = (rule: Rule) => rule.dosage_id;

/**
 * The dosage rules that applied to one medication, with the outcome of its dose, frequency,
 * duration and, where a rule states them, one dose and the day's total against their maxima. Its
 * own module, so that the result shows before the DataGrid's code arrives.
 */
export default function RulesGrid({ medication }: { medication: SafetyMedicationResult }) {
  const columns = useMemo(() => columnsFor(medication.rules), [medication.rules]);
  return (
    <CompactGrid
      label={`Rules applied to ${medication.name}`}
      rows={medication.rules}
      columns={columns}
      getRowId={ruleId}
      autoRowHeights
    />
  );
}
