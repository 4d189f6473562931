import { useMemo, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import RunIcon from '@mui/icons-material/PlayArrow';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import {
  api,
  useAcceptTestPrescriptionMutation,
  useDeleteTestPrescriptionMutation,
  useImportTestPrescriptionsMutation,
  useListTestPrescriptionsQuery,
  useRunTestPrescriptionMutation,
  useRunTestPrescriptionsMutation,
  type TestPrescription,
  type TestPrescriptionImport,
  type TestPrescriptionListResponse,
  type TestPrescriptionRunResponse,
  type TestPrescriptionStatus,
} from '@/api';
import { withoutErrorToast } from '@/api/quietRequests';
import { useAppDispatch } from '@/app/hooks';
import { useCanWrite } from '@/session/permissions';
import { chunk } from '@/components/chunk';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  type ResourceDefinition,
  type ScreenSlots,
} from '@/components/resource/resource';
import { useMutationFeedback } from '@/lib/useMutationFeedback';
import { messageOf, isApiError } from '@/lib/errors';
import { testPrescriptionColumns } from './testPrescriptionColumns';
import { testCount } from './testPrescriptionFormat';

// Loaded on the first Compare or Edit: the grid page stays within its bundle budget.
const CompareDialog = chunk(
  () => import('./CompareDialog').then((module) => module.CompareDialog),
  null,
).Component;
const EditTestPrescriptionDialog = chunk(
  () => import('./EditTestPrescriptionDialog').then((module) => module.EditTestPrescriptionDialog),
  null,
).Component;

/**
 * How often the list is asked again while the screen is in view: after a change to the reference
 * data the server re-runs the suite in the background (debounced), so results arrive a moment
 * after the write that changed them.
 */
export const RESULTS_POLL_MS = 5_000;

export const EXPORT_FILE_NAME = 'test-prescriptions.json';
export const ACCEPT_MESSAGE =
  "The test's actual outcome becomes its expected one, so it passes again. The accept is recorded in the history with your reason.";
export const ACCEPT_WORSE_TITLE = 'Accept a worse outcome?';
export const ACCEPT_WORSE_MESSAGE =
  'The actual outcome is worse than the expected one: a verdict or a finding is lower, a finding is gone, or the check is no longer complete. Accepting it lowers what this test guards. It becomes the expected outcome, and the accept is recorded in the history as a downgrade, with your reason.';

/** "Ran 15 test prescriptions: 13 pass, 1 worse, 1 changed" (worse only when there are some). */
export function runText({ data }: TestPrescriptionRunResponse): string {
  const count = (status: TestPrescriptionStatus) =>
    data.filter((row) => row.status === status).length;
  const worse = count('worse') ? `, ${count('worse')} worse` : '';
  return `Ran ${testCount(data.length)}: ${count('pass')} pass${worse}, ${count('changed')} changed`;
}

type Opened<K extends string> = { kind: K; test: TestPrescription; open: boolean } | null;
/** The accept confirm: `worse` when the outcome accepted is worse than the expected one. */
type Accepting = { kind: 'accept'; test: TestPrescription; open: boolean; worse: boolean };

/** An import the server refused: its message, and each problem by position. */
interface ImportProblem {
  message: string;
  fields: string[];
}

/** A chosen file's text (FileReader: every browser, and the test DOM, have it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

function download(data: unknown, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** "12 of 15 pass, 1 worse, 1 changed, 1 not run yet", from the list's summary. */
export function summaryText(summary: TestPrescriptionListResponse['meta']): string {
  const worse = summary.worse ? `, ${summary.worse} worse` : '';
  const changed = summary.changed ? `, ${summary.changed} changed` : '';
  const notRun = summary.not_run ? `, ${summary.not_run} not run yet` : '';
  return `${summary.passing} of ${summary.total} pass${worse}${changed}${notRun}`;
}

/** Export: every test prescription as a JSON file. */
function ExportButton() {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  // Asked afresh for each download, and not kept: no later change refetches it.
  const exportAll = async () => {
    setBusy(true);
    const request = dispatch(
      api.endpoints.exportTestPrescriptions.initiate(undefined, {
        subscribe: false,
        forceRefetch: true,
      }),
    );
    try {
      download(await request.unwrap(), EXPORT_FILE_NAME);
    } catch {
      // The app's error toast says why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} disabled={busy} onClick={exportAll}>
      Export
    </Button>
  );
}

/**
 * The screen's own parts: Run all, Export and Import above the list, a refused import's problems,
 * the row actions (Compare, Run, Accept, Delete) and their dialogs.
 */
function useTestPrescriptionScreen(): ScreenSlots<TestPrescription> {
  const { data } = api.endpoints.listTestPrescriptions.useQueryState(undefined);
  const [runTests, runState] = useRunTestPrescriptionsMutation();
  const [runTest] = useRunTestPrescriptionMutation();
  const [accept] = useAcceptTestPrescriptionMutation();
  const [remove] = useDeleteTestPrescriptionMutation();
  const [importTests, importState] = useImportTestPrescriptionsMutation();
  const run = useMutationFeedback();
  const { enqueueSnackbar } = useSnackbar();
  const canWrite = useCanWrite();
  const fileInput = useRef<HTMLInputElement>(null);
  const [running, setRunning] = useState<number | null>(null);
  const [comparing, setComparing] = useState<Opened<'compare'>>(null);
  const [confirming, setConfirming] = useState<Accepting | Opened<'delete'>>(null);
  const [editing, setEditing] = useState<Opened<'edit'>>(null);
  const [importProblem, setImportProblem] = useState<ImportProblem | null>(null);

  const columns = useMemo(
    () =>
      testPrescriptionColumns({
        canWrite,
        running,
        compare: (test) => setComparing({ kind: 'compare', test, open: true }),
        accept: (test) =>
          setConfirming({
            kind: 'accept',
            test,
            open: true,
            worse: test.last_result?.status === 'worse',
          }),
        edit: (test) => setEditing({ kind: 'edit', test, open: true }),
        remove: (test) => setConfirming({ kind: 'delete', test, open: true }),
        run: (test) => {
          setRunning(test.id);
          run(runTest({ id: test.id }), {
            success: ({ data: [result] }) => result && `${result.name}: ${result.status}`,
            failure: 'The test prescription could not be run',
          })
            .catch(() => undefined)
            .finally(() => setRunning(null));
        },
      }),
    [canWrite, running, run, runTest],
  );

  // The server's refusal, when it is still running this user's earlier run or is busy with others
  // (429), is the error toast: it says when to try again.
  const runAll = () =>
    run(runTests({ testPrescriptionRunRequest: {} }), {
      success: runText,
      failure: 'The test prescriptions could not be run',
    }).catch(() => undefined);

  const importFile = async (file: File) => {
    setImportProblem(null);
    let tests: TestPrescriptionImport;
    try {
      tests = JSON.parse(await readText(file)) as TestPrescriptionImport;
    } catch {
      setImportProblem({ message: `${file.name} could not be read as JSON.`, fields: [] });
      return;
    }
    try {
      const answer = await withoutErrorToast(
        importTests({ testPrescriptionImport: tests }),
      ).unwrap();
      enqueueSnackbar(answer.message, { variant: 'success' });
    } catch (failure) {
      setImportProblem({
        message: messageOf(failure, 'The import failed.'),
        fields: Object.entries((isApiError(failure) && failure.errors) || {}).map(
          ([field, messages]) => `${field}: ${messages.join(' ')}`,
        ),
      });
    }
  };

  const closeConfirm = () => setConfirming((current) => current && { ...current, open: false });

  return {
    columns,
    subtitle: data && summaryText(data.meta),
    busy: runState.isLoading || running !== null,
    actions: (
      <>
        {/* Running the whole suite is for editors and admins (the contract's x-roles): a viewer
            runs one test at a time, from its row. */}
        {canWrite && (
          <Button
            variant="contained"
            startIcon={
              runState.isLoading ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : (
                <RunIcon />
              )
            }
            disabled={runState.isLoading}
            aria-busy={runState.isLoading}
            onClick={runAll}
          >
            Run all
          </Button>
        )}
        <ExportButton />
        {canWrite && (
          <Button
            variant="outlined"
            startIcon={
              importState.isLoading ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : (
                <UploadIcon />
              )
            }
            disabled={importState.isLoading}
            onClick={() => fileInput.current?.click()}
          >
            Import
          </Button>
        )}
      </>
    ),
    notice: (
      <>
        <Box
          component="input"
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          aria-label="Import test prescriptions (JSON)"
          sx={{ display: 'none' }}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        {importProblem && (
          <Alert severity="error" onClose={() => setImportProblem(null)} sx={{ mb: 2 }}>
            <AlertTitle>Nothing was imported</AlertTitle>
            <Box component="p" sx={{ m: 0 }}>
              {importProblem.message}
            </Box>
            {importProblem.fields.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {importProblem.fields.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
      </>
    ),
    dialogs: (
      <>
        {comparing && (
          <CompareDialog
            test={comparing.test}
            open={comparing.open}
            onClose={() => setComparing((current) => current && { ...current, open: false })}
            onExited={() => setComparing(null)}
            onAccept={(test, worse) => setConfirming({ kind: 'accept', test, open: true, worse })}
          />
        )}
        {editing && (
          <EditTestPrescriptionDialog
            key={editing.test.id}
            test={editing.test}
            open={editing.open}
            onClose={() => setEditing((current) => current && { ...current, open: false })}
            onExited={() => setEditing(null)}
          />
        )}
        {confirming?.kind === 'accept' && (
          <LazyConfirmDialog
            open={confirming.open}
            title={confirming.worse ? ACCEPT_WORSE_TITLE : 'Accept the new outcome?'}
            message={confirming.worse ? ACCEPT_WORSE_MESSAGE : ACCEPT_MESSAGE}
            details={confirming.test.name}
            confirmLabel="Accept"
            destructive={false}
            reason="required"
            onConfirm={(reason) =>
              run(
                accept({
                  id: confirming.test.id,
                  testPrescriptionAccept: { reason: reason.trim() },
                }),
                {
                  success: confirming.worse
                    ? `${confirming.test.name}: worse outcome accepted as a downgrade`
                    : `${confirming.test.name}: new outcome accepted`,
                  failure: 'The new outcome could not be accepted',
                },
              ).then(() => setComparing((current) => current && { ...current, open: false }))
            }
            onClose={closeConfirm}
            onExited={() => setConfirming(null)}
          />
        )}
        {confirming?.kind === 'delete' && (
          <LazyConfirmDialog
            open={confirming.open}
            title="Delete Test Prescription"
            message="Are you sure you want to delete this test prescription? This action cannot be undone."
            details={confirming.test.name}
            reason="optional"
            onConfirm={(reason) =>
              run(
                remove({
                  id: confirming.test.id,
                  reasonBody: reasonPayload(reason),
                }),
                {
                  success: 'Test prescription deleted',
                  failure: 'Failed to delete the test prescription',
                },
              )
            }
            onClose={closeConfirm}
            onExited={() => setConfirming(null)}
          />
        )}
      </>
    ),
  };
}

/**
 * /dashboard/test-prescriptions: the saved safety checks whose outcomes guard the reference data.
 * Each row's expected verdict and last result (re-run by the server after every change), the
 * change that last altered it (a link to its history entry); Run all or one, compare expected and
 * actual, Accept a changed or worse outcome with a reason (a worse one as a downgrade), edit a
 * test's name, note and minimum verdict, delete, and import or export them as JSON.
 * Viewers run one test at a time and compare; editors and admins also run all, edit, accept,
 * delete and import. The server answers
 * the whole list, which the grid searches, sorts and pages.
 */
export const testPrescriptionResource: ResourceDefinition<TestPrescription> = {
  texts: {
    title: 'Test prescriptions',
    subtitle: 'Saved safety checks whose outcomes guard the reference data',
    emptyText: 'No test prescriptions yet. Save one from the Safety Check page, or import a file.',
    loadingText: 'Loading test prescriptions...',
    searchLabel: 'Search test prescriptions',
    errorTitle: 'The test prescriptions could not be loaded',
    exportFileName: 'test-prescriptions',
  },
  listPath: '/test-prescription',
  paging: 'whole',
  initialSort: [{ field: 'name', sort: 'asc' }],
  sortFields: {},
  describe: (row) => row.name,
  useApi: () => {
    const result = useListTestPrescriptionsQuery(undefined, {
      refetchOnMountOrArgChange: true,
      pollingInterval: RESULTS_POLL_MS,
      skipPollingIfUnfocused: true,
    });
    // A poll's refresh shows no progress bar: only the first load does.
    return { list: listState({ ...result, isFetching: result.isFetching && !result.data }) };
  },
  useScreen: useTestPrescriptionScreen,
};

/** /dashboard/test-prescriptions */
export function TestPrescriptionsPage() {
  return <ResourcePage resource={testPrescriptionResource} />;
}
