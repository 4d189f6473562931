import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type {
  SafetyCheckResult as Result,
  SafetyDosingCategory,
  SafetyFinding,
  SafetyMedicationResult,
  SafetyRange,
  Severity,
} from '@/api';
import { SEVERITY_ORDER, SEVERITY_STYLE, VerdictBadge } from './VerdictBadge';

const KIND_LABELS: Record<SafetyFinding['kind'], string> = {
  interaction: 'Interaction',
  condition: 'Condition',
  lifestyle: 'Lifestyle',
  pregnancy: 'Pregnancy',
  allergy: 'Allergy',
  dose: 'Dose',
  frequency: 'Frequency',
  duration: 'Duration',
  not_checked: 'Not checked',
};

const range = (r: SafetyRange) =>
  r.min === r.max ? `${r.min} ${r.unit}` : `${r.min}–${r.max} ${r.unit}`;

function categoryText(category: SafetyDosingCategory): string {
  const bounds = `${category.min}–${category.max} ${category.unit}`;
  return category.category_name ? `${category.category_name} (${bounds})` : bounds;
}

function FindingsGroup({
  severity,
  findings,
  nameOf,
}: {
  severity: Severity;
  findings: SafetyFinding[];
  nameOf: (id: number) => string;
}) {
  const headingId = `safety-findings-${severity}`;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <VerdictBadge severity={severity} />
        <Typography id={headingId} variant="subtitle1" component="h3">
          {SEVERITY_STYLE[severity].label} ({findings.length})
        </Typography>
      </Stack>
      <List dense disablePadding>
        {findings.map((finding, index) => (
          <ListItem
            key={`${finding.kind}-${finding.medication_ids.join('-')}-${index}`}
            disableGutters
            sx={{ display: 'block', py: 0.5 }}
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ flexWrap: 'wrap', alignItems: 'center' }}
            >
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {finding.medication_ids.map(nameOf).join(' + ')}
              </Typography>
              <Chip size="small" variant="outlined" label={KIND_LABELS[finding.kind]} />
              {finding.allergen && <Chip size="small" color="error" label="Allergen" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {finding.message}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

function DosingTable({ medications }: { medications: SafetyMedicationResult[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Dosing">
        <TableHead>
          <TableRow>
            <TableCell>Medication</TableCell>
            <TableCell>Dosed by</TableCell>
            <TableCell>Category</TableCell>
            <TableCell>Dose</TableCell>
            <TableCell>Every</TableCell>
            <TableCell>For</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {medications.flatMap((m) =>
            m.rules.length === 0
              ? [
                  <TableRow key={m.medication_id}>
                    <TableCell component="th" scope="row">
                      {m.name}
                    </TableCell>
                    <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                      No dosing rule applied
                    </TableCell>
                  </TableRow>,
                ]
              : m.rules.map((rule) => (
                  <TableRow key={`${m.medication_id}-${rule.dosage_id}`}>
                    <TableCell component="th" scope="row">
                      {m.name}
                    </TableCell>
                    <TableCell>{rule.basis === 'weight' ? 'Weight' : 'Age'}</TableCell>
                    <TableCell>{categoryText(rule.category)}</TableCell>
                    <TableCell>{range(rule.dose.range)}</TableCell>
                    <TableCell>{range(rule.frequency.range)}</TableCell>
                    <TableCell>{range(rule.duration.range)}</TableCell>
                  </TableRow>
                )),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The answer of POST /safety-check: the verdict, the findings by severity, the dosing table. */
export function SafetyCheckResult({ result }: { result: Result }) {
  const names = new Map(result.medications.map((m) => [m.medication_id, m.name]));
  const notChecked = result.findings.filter((f) => f.kind === 'not_checked');
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <Stack spacing={3}>
      <Box role="status" aria-label="Verdict">
        <Typography variant="overline" component="h2" color="text.secondary">
          Verdict
        </Typography>
        <VerdictBadge severity={result.verdict} size="large" />
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Findings
        </Typography>
        {result.findings.length === 0 ? (
          <Typography color="text.secondary">
            Nothing in the reference data speaks against this combination.
          </Typography>
        ) : (
          <Stack spacing={2}>
            {SEVERITY_ORDER.map((severity) => {
              const group = result.findings.filter((f) => f.severity === severity);
              return group.length ? (
                <FindingsGroup
                  key={severity}
                  severity={severity}
                  findings={group}
                  nameOf={nameOf}
                />
              ) : null;
            })}
            {notChecked.length > 0 && (
              <Box component="section" aria-label="Not checked">
                <Typography variant="subtitle1" component="h3">
                  Not checked ({notChecked.length})
                </Typography>
                <List dense disablePadding>
                  {notChecked.map((finding, index) => (
                    <ListItem key={`${finding.medication_ids.join('-')}-${index}`} disableGutters>
                      {finding.message}
                    </ListItem>
                  ))}
                </List>
              </Box>
            )}
          </Stack>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Dosing
        </Typography>
        <DosingTable medications={result.medications} />
      </Box>
    </Stack>
  );
}
