import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { DataQualityFinding } from '@/api';

export type FindingRow = DataQualityFinding & { id: string };

export const SEVERITY_LABELS: Record<DataQualityFinding['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  info: 'Information',
};

/** Light fills with dark text of the same hue (above 7:1 contrast), always with the word. */
const SEVERITY_STYLE: Record<DataQualityFinding['severity'], { background: string; text: string }> =
  {
    error: { background: '#fee2e2', text: '#7f1d1d' },
    warning: { background: '#ffedd5', text: '#7c2d12' },
    info: { background: '#e0f2fe', text: '#0c4a6e' },
  };

export const KIND_LABELS: Record<DataQualityFinding['kind'], string> = {
  dosage_range_inverted: 'Dosage minimum above maximum',
  category_range_inverted: 'Category minimum above maximum',
  age_category_overlap: 'Age categories overlap',
  weight_category_overlap: 'Weight categories overlap',
  missing_weight_dosage: 'No weight-based dosage',
  missing_age_dosage: 'No age-based dosage',
  duplicate_interaction: 'Interaction stored twice',
  missing_pregnancy_category: 'No pregnancy category',
  age_category_gap: 'Ages no category covers',
  weight_category_gap: 'Weights no category covers',
  coverage_gap: 'Category without a dosage',
  dosage_unit_mixed: 'Dosage units mixed',
  zero_dose: 'Zero dose',
  duplicate_medication_name: 'Same medication name twice',
  pregnancy_x_without_contraindication: 'Category X without a pregnancy contraindication',
  class_rule_contradicted: 'Pair below its class rule',
  missing_strength: 'Combination without a strength',
  no_child_rule: 'No rule for children',
  renal_without_kidney_condition: 'Renal rules no condition reaches',
};

const ENTITY_LABELS: Record<DataQualityFinding['entity'], string> = {
  medication: 'Medication',
  weight_dosage: 'Weight-based dosage',
  age_dosage: 'Age-based dosage',
  age_category: 'Age category',
  weight_category: 'Weight category',
  drug_interaction: 'Drug interaction',
};

/** Where the record is fixed: a medication's page (also for its dosages), or the list screen. */
export function fixPath(finding: DataQualityFinding): string {
  switch (finding.entity) {
    case 'medication':
    case 'weight_dosage':
    case 'age_dosage':
      return `/dashboard/drugs/medications/${finding.medication_id ?? finding.entity_id}`;
    case 'age_category':
      return '/dashboard/drugs/age-categories';
    case 'weight_category':
      return '/dashboard/drugs/weight-categories';
    case 'drug_interaction':
      return '/dashboard/drugs/interactions';
  }
}

export function recordLabel(finding: DataQualityFinding): string {
  return `${ENTITY_LABELS[finding.entity]} #${finding.entity_id}`;
}

/** A stable row id: no two findings share kind, record and related record. */
export function toRows(findings: readonly DataQualityFinding[]): FindingRow[] {
  return findings.map((f) => ({
    ...f,
    id: `${f.kind}:${f.entity}:${f.entity_id}:${f.related_id ?? ''}`,
  }));
}

export const dataQualityColumns: GridColDef<FindingRow>[] = [
  {
    field: 'severity',
    headerName: 'Severity',
    width: 130,
    valueFormatter: (value: DataQualityFinding['severity']) => SEVERITY_LABELS[value],
    renderCell: ({ row }) => (
      <Box
        component="span"
        data-severity={row.severity}
        sx={{
          px: 1,
          py: 0.25,
          borderRadius: 1,
          fontWeight: 600,
          fontSize: '0.8125rem',
          bgcolor: SEVERITY_STYLE[row.severity].background,
          color: SEVERITY_STYLE[row.severity].text,
        }}
      >
        {SEVERITY_LABELS[row.severity]}
      </Box>
    ),
  },
  {
    field: 'kind',
    headerName: 'Problem',
    width: 320,
    valueGetter: (value: DataQualityFinding['kind']) => KIND_LABELS[value],
  },
  {
    field: 'entity_id',
    headerName: 'Record to fix',
    width: 220,
    valueGetter: (_value, row) => recordLabel(row),
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={fixPath(row)}>
        {recordLabel(row)}
      </Link>
    ),
  },
  { field: 'message', headerName: 'Details', flex: 1, minWidth: 320 },
];
