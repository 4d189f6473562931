import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SafetyCheckResult as Result, SafetyFinding, Severity } from '@/api';
import { IncompleteNotice } from './IncompleteNotice';
import { MedicationRules } from './MedicationRules';
import { FINDING_KIND_LABELS } from './safetyCheckText';
import { SEVERITY_ORDER, SEVERITY_STYLE, VerdictBadge } from './VerdictBadge';

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
              <Chip size="small" variant="outlined" label={FINDING_KIND_LABELS[finding.kind]} />
              {finding.allergen && <Chip size="small" color="error" label="Allergen" />}
              {/* A rule of a whole class, not of these two medications: edited on Class Rules. */}
              {finding.class_rule_id !== undefined && (
                <Chip size="small" variant="outlined" label="Class rule" />
              )}
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

interface SafetyCheckResultProps {
  result: Result;
  /** Names of medications the answer may mention without checking them (the allergies). */
  medicationNames?: ReadonlyMap<number, string>;
}

/**
 * The answer of POST /safety-check: the verdict; when something could not be checked, that in
 * amber (never a green "No findings"); the findings by severity; and, per medication, each dosage
 * rule applied with its outcome.
 */
export function SafetyCheckResult({ result, medicationNames }: SafetyCheckResultProps) {
  const names = new Map(medicationNames);
  for (const medication of result.medications) names.set(medication.medication_id, medication.name);
  const nameOf = (id: number) => names.get(id) ?? `Medication #${id}`;
  const notChecked = result.findings.filter((f) => f.kind === 'not_checked');
  // `complete` is the server's word; a not_checked finding makes the check incomplete whatever it says.
  const complete = result.complete && notChecked.length === 0;
  const checked = result.findings.filter((f) => f.severity !== null);
  return (
    <Stack spacing={3}>
      <Box role="status" aria-label="Verdict" data-complete={complete}>
        <Typography variant="overline" component="h2" color="text.secondary">
          Verdict
        </Typography>
        {(complete || result.verdict !== 'none') && (
          <VerdictBadge severity={result.verdict} size="large" />
        )}
        {!complete && <IncompleteNotice findings={notChecked} />}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Findings
        </Typography>
        {checked.length === 0 ? (
          <Typography color="text.secondary">
            {complete
              ? 'Nothing in the reference data speaks against this combination.'
              : 'Nothing found among what could be checked. The check is incomplete: see above.'}
          </Typography>
        ) : (
          <Stack spacing={2}>
            {SEVERITY_ORDER.map((severity) => {
              const group = checked.filter((f) => f.severity === severity);
              return group.length ? (
                <FindingsGroup
                  key={severity}
                  severity={severity}
                  findings={group}
                  nameOf={nameOf}
                />
              ) : null;
            })}
          </Stack>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Rules applied
        </Typography>
        <Stack spacing={2}>
          {result.medications.map((medication) => (
            <MedicationRules key={medication.medication_id} medication={medication} />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
