import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkIcon from '@mui/icons-material/Link';
import SaveIcon from '@mui/icons-material/PlaylistAddCheck';
import {
  useSafetyCheckMutation,
  type SafetyCheckRequest,
  type SafetyCheckResult as Result,
} from '@/api';
import { withoutErrorToast } from '@/api/quietRequests';
import { useCanWrite } from '@/session/permissions';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { FormTextField } from '@/components/form/FormTextField';
import { RecordsField } from '@/components/pickers/RecordsField';
import { useRecordNames } from '@/components/pickers/useRecordNames';
import { messageOf, isApiError, setServerFieldErrors } from '@/lib/errors';
import { EGFR_UNIT_TEXT } from '@/features/categories';
import { SAVE_TITLE, SaveTestPrescriptionDialog } from '@/features/test-prescriptions';
import { PrescriptionFields } from './PrescriptionFields';
import { ReleaseSelect } from './ReleaseSelect';
import { DRAFT, releaseFromSearch, releaseText, withRelease } from './releaseChoice';
import { ValueAndUnit } from './ValueAndUnit';
import { SafetyCheckResult } from './SafetyCheckResult';
import {
  AGE_UNITS,
  PREGNANCY_CHOICES,
  SEX_CHOICES,
  WEIGHT_UNITS,
  formFieldOf,
  formFromSearch,
  requestFromForm,
  safetyCheckSchema,
  searchFromForm,
  type SafetyCheckForm,
} from './safetyCheckForm';
import { useDebouncedValue } from '@/lib/useDebouncedValue';

/** How long the form must stay unchanged before it is checked. */
export const CHECK_DELAY_MS = 400;

/** A check's answer (or failure), with the request and the release it was asked of. */
type Outcome = { key: string; release: string } & ({ result: Result } | { error: string });

/** The check being saved as a test prescription, as it was when Save was pressed. */
interface Saving {
  open: boolean;
  request: SafetyCheckRequest;
  result: Result;
}

/**
 * /dashboard/safety-check: a prescription checked against the reference data as the form
 * changes (POST /safety-check), the draft's or a release's. The form and the release live in the
 * URL, so a link reproduces the check.
 */
export function SafetyCheckPage() {
  const { enqueueSnackbar } = useSnackbar();
  const location = useLocation();
  const navigate = useNavigate();
  /** The query, normalised (a link may or may not escape its commas). */
  const search = new URLSearchParams(location.search).toString();
  /** The query the form last wrote or read: any other is a link opened while on this page. */
  const synced = useRef(search);
  const release = releaseFromSearch(new URLSearchParams(search));
  const { control, reset, setError } = useForm<SafetyCheckForm>({
    resolver: zodResolver(safetyCheckSchema),
    defaultValues: formFromSearch(new URLSearchParams(search)),
    mode: 'onChange',
  });
  useEffect(() => {
    if (search === synced.current) return;
    synced.current = search;
    reset(formFromSearch(new URLSearchParams(search)));
  }, [search, reset]);

  // The form, once valid and unchanged for a moment, as a string (compared by value).
  const values = useWatch({ control });
  // The findings may name an allergy, which the answer's medications do not list.
  const allergyNames = useRecordNames('medication', values.allergies ?? []);
  const parsed = safetyCheckSchema.safeParse(values);
  const formKey = useDebouncedValue(
    parsed.success ? JSON.stringify(parsed.data) : '',
    CHECK_DELAY_MS,
  );

  useEffect(() => {
    if (!formKey) return;
    const next = withRelease(searchFromForm(JSON.parse(formKey) as SafetyCheckForm), release);
    const normalised = new URLSearchParams(next).toString();
    if (normalised === synced.current) return;
    synced.current = normalised;
    navigate({ search: next ? `?${next}` : '' }, { replace: true });
  }, [formKey, release, navigate]);

  /** A release chosen: the link says so at once (the form's part as it stands in the link). */
  const chooseRelease = (next: string) => {
    const query = withRelease(location.search.replace(/^\?/, ''), next);
    synced.current = new URLSearchParams(query).toString();
    navigate({ search: query ? `?${query}` : '' }, { replace: true });
  };

  const request = formKey ? requestFromForm(JSON.parse(formKey) as SafetyCheckForm) : null;
  const requestKey = request ? JSON.stringify(request) : '';
  const [runCheck, { isLoading }] = useSafetyCheckMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saving, setSaving] = useState<Saving | null>(null);
  const canWrite = useCanWrite();
  useEffect(() => {
    if (!requestKey) return;
    let current = true;
    const call = withoutErrorToast(
      runCheck({ release, safetyCheckRequest: JSON.parse(requestKey) }),
    );
    call
      .unwrap()
      .then(({ data }) => current && setOutcome({ key: requestKey, release, result: data }))
      .catch((error: unknown) => {
        if (!current) return;
        setOutcome({ key: requestKey, release, error: messageOf(error, 'The check failed.') });
        // A 422 names the fields it refuses: show each message under its field too.
        const fields = isApiError(error) ? Object.keys(error.errors ?? {}) : [];
        setServerFieldErrors(
          error,
          setError,
          Object.fromEntries(fields.map((field) => [field, formFieldOf(field)])),
        );
      });
    return () => {
      current = false;
      call.abort();
    };
  }, [requestKey, release, runCheck, setError]);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      enqueueSnackbar('Link copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Copy the link from the address bar', { variant: 'info' });
    }
  }

  // The last answer stays in view, marked as updating, while the next one is on its way.
  const shown = requestKey ? outcome : null;
  const stale =
    shown !== null && (shown.key !== requestKey || shown.release !== release || isLoading);
  // Only a settled answer to the form as it stands can become a test's expected outcome, and only
  // one read from the draft: the suite runs the test prescriptions against the draft.
  const savable = shown && 'result' in shown && !stale && release === DRAFT ? shown : null;

  return (
    <>
      <PageHeader
        title="Safety Check"
        subtitle="Check a prescription against the reference data: see what the checker says as the data stands."
        actions={
          <>
            {canWrite && (
              <Button
                variant="outlined"
                startIcon={<SaveIcon />}
                disabled={!savable}
                onClick={() =>
                  savable &&
                  setSaving({
                    open: true,
                    request: JSON.parse(savable.key) as SafetyCheckRequest,
                    result: savable.result,
                  })
                }
              >
                {SAVE_TITLE}
              </Button>
            )}
            <Button variant="outlined" startIcon={<LinkIcon />} onClick={copyLink}>
              Copy link
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(360px, 5fr) minmax(0, 6fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Box
            component="form"
            noValidate
            aria-label="Prescription"
            onSubmit={(e) => e.preventDefault()}
          >
            <Stack spacing={2}>
              <ReleaseSelect value={release} onChange={chooseRelease} />
              <Typography variant="h6" component="h2">
                Prescription
              </Typography>
              <PrescriptionFields control={control} />
              <Typography variant="h6" component="h2">
                Patient
              </Typography>
              <ValueAndUnit
                control={control}
                value="age"
                unit="ageUnit"
                label="Age"
                units={AGE_UNITS}
              />
              <ValueAndUnit
                control={control}
                value="weight"
                unit="weightUnit"
                label="Weight"
                units={WEIGHT_UNITS}
              />
              <FormTextField
                control={control}
                name="egfr"
                label="eGFR"
                type="number"
                helperText={EGFR_UNIT_TEXT}
                slotProps={{ htmlInput: { min: 0, max: 200, step: 'any' } }}
              />
              <Stack direction="row" spacing={1}>
                <ChoiceField control={control} name="sex" label="Sex" choices={SEX_CHOICES} />
                <ChoiceField
                  control={control}
                  name="pregnant"
                  label="Pregnant"
                  choices={PREGNANCY_CHOICES}
                />
              </Stack>
              <RecordsField
                control={control}
                name="allergies"
                source="medication"
                label="Allergies"
                helperText="Medications the patient is allergic to"
              />
              <RecordsField
                control={control}
                name="allergyClasses"
                source="drugClass"
                label="Allergy classes"
                helperText="Drug classes the patient is allergic to, such as penicillins"
              />
              <RecordsField
                control={control}
                name="conditions"
                source="condition"
                label="Conditions"
              />
              <RecordsField
                control={control}
                name="lifestyles"
                source="lifestyle"
                label="Lifestyles"
              />
            </Stack>
          </Box>
        </Paper>
        <Box aria-busy={stale} sx={{ minWidth: 0 }}>
          {stale && <LinearProgress aria-label="Updating the check" sx={{ mb: 1 }} />}
          {!parsed.success && (
            <Alert severity="warning">Correct the highlighted fields to see the check.</Alert>
          )}
          {parsed.success && !requestKey && (
            <Alert severity="info">
              Choose one or more medications to check them against each other and against the
              patient.
            </Alert>
          )}
          {requestKey && !shown && <LinearProgress aria-label="Checking" />}
          {shown && 'error' in shown && (
            <ErrorBanner title="The check failed" message={shown.error} />
          )}
          {shown && 'result' in shown && (
            <Box sx={{ opacity: stale ? 0.6 : 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {`Checked against ${releaseText(shown.result.release, shown.release)}`}
              </Typography>
              <SafetyCheckResult result={shown.result} medicationNames={allergyNames} />
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            The result is only as good as the reference data. Demo data is illustrative, not medical
            advice.
          </Typography>
        </Box>
      </Box>
      {saving && (
        <SaveTestPrescriptionDialog
          open={saving.open}
          request={saving.request}
          result={saving.result}
          onClose={() => setSaving((current) => current && { ...current, open: false })}
          onExited={() => setSaving(null)}
        />
      )}
    </>
  );
}

/** One of the patient's stated-or-not values (sex, pregnancy) as a select of its choices. */
function ChoiceField({
  control,
  name,
  label,
  choices,
}: {
  control: Control<SafetyCheckForm>;
  name: 'sex' | 'pregnant';
  label: string;
  choices: readonly (readonly [string, string])[];
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      select
      // '' is a choice ('Not given'): shown as such, not as an empty box under its label.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ flex: 1 }}
    >
      {choices.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
