import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CancelIcon from '@mui/icons-material/EventBusyOutlined';
import RestoreIcon from '@mui/icons-material/RestoreOutlined';
import {
  useCancelReleaseMutation,
  useGetReleaseQuery,
  useGetReleaseStatusQuery,
  useListReleaseChangesQuery,
  useRestoreReleaseMutation,
  type AuditEntry,
  type ReleaseDetailResponse,
} from '@/api';
import { useCanWrite, useIsAdmin } from '@/session/permissions';
import { chunk } from '@/components/chunk';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { reasonPayload } from '@/components/crud/reason';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  type ResourceDefinition,
  type ScreenSlots,
} from '@/components/resource/resource';
import { messageOf } from '@/lib/errors';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { RELEASE_CHANGE_COLUMNS } from './releaseChangeColumns';
import { RELEASES_PATH, isCancellable } from './releaseFormat';

// The facts, counts and comparison are a chunk of their own, loaded as the page first renders:
// the page, a list screen with the DataGrid, stays within its bundle budget.
const ReleaseSummary = chunk(
  () => import('./ReleaseSummary').then((module) => module.ReleaseSummary),
  <LinearProgress aria-label="Loading the release" sx={{ mb: 3 }} />,
).Component;

export const RESTORE_LABEL = 'Restore this release';
export const CANCEL_LABEL = 'Cancel release';
export const NO_RELEASE_CHANGES = 'This release brought no history entry.';

/** The restore confirm's words: the draft becomes the release again, through review. */
export function restoreMessage(number: number): string {
  return `The draft is made equal to release ${number}: every record that differs goes back to its values in release ${number}. These are changes like any other: they are recorded in the history and go through review before they can be published.`;
}

/** The cancel confirm's words. */
export function cancelMessage(number: number): string {
  return `Release ${number} will not take effect. Its changes become the draft's again, with their reviews.`;
}

/** The release number in the address, or null when it is not one. */
export function parseReleaseNumber(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const number = Number(raw);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

type Release = ReleaseDetailResponse['data'];

const backButton = (
  <Button component={RouterLink} to={RELEASES_PATH} startIcon={<ArrowBackIcon />}>
    Releases
  </Button>
);

type Confirming = { kind: 'restore' | 'cancel'; open: boolean } | null;

/**
 * The release page's own parts: Back, Restore this release (writers) and Cancel release
 * (administrators, while it is scheduled and the newest) above; the release's facts, its records
 * changed by table and the comparison above its history entries; the two confirms.
 */
function useReleaseScreen(release: Release): ScreenSlots<AuditEntry> {
  const status = useGetReleaseStatusQuery().data?.data;
  const canWrite = useCanWrite();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const run = useMutationFeedback();
  const [restore] = useRestoreReleaseMutation();
  const [cancel] = useCancelReleaseMutation();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const { number } = release;
  const cancellable = isAdmin && isCancellable(release, status?.newest);
  const close = () => setConfirming((current) => current && { ...current, open: false });
  const exited = () => setConfirming(null);

  return {
    actions: (
      <>
        {backButton}
        {canWrite && (
          <Button
            variant="outlined"
            startIcon={<RestoreIcon />}
            onClick={() => setConfirming({ kind: 'restore', open: true })}
          >
            {RESTORE_LABEL}
          </Button>
        )}
        {cancellable && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<CancelIcon />}
            onClick={() => setConfirming({ kind: 'cancel', open: true })}
          >
            {CANCEL_LABEL}
          </Button>
        )}
      </>
    ),
    notice: (
      <ReleaseSummary release={release} latestNumber={status && (status.latest?.number ?? null)} />
    ),
    dialogs: (
      <>
        {confirming?.kind === 'restore' && (
          <LazyConfirmDialog
            open={confirming.open}
            title={`Restore release ${number}?`}
            message={restoreMessage(number)}
            details={release.title}
            confirmLabel="Restore"
            destructive={false}
            reason="optional"
            onConfirm={(reason) =>
              run(restore({ number: String(number), reasonBody: reasonPayload(reason) }), {
                success: serverMessage(`The draft now equals release ${number}`),
              })
            }
            onClose={close}
            onExited={exited}
          />
        )}
        {confirming?.kind === 'cancel' && (
          <LazyConfirmDialog
            open={confirming.open}
            title={`Cancel release ${number}?`}
            message={cancelMessage(number)}
            details={release.title}
            confirmLabel={CANCEL_LABEL}
            cancelLabel="Keep it"
            onConfirm={async () => {
              await run(cancel({ number }), {
                success: serverMessage(`Release ${number} cancelled`),
              });
              navigate(RELEASES_PATH);
            }}
            onClose={close}
            onExited={exited}
          />
        )}
      </>
    ),
  };
}

/**
 * One release as a list screen of the history entries it brought (GET /release/{number}/changes,
 * a page at a time, oldest first; all of them as CSV from the grid's export), under its facts,
 * its records changed by table and a comparison with another release or the draft.
 */
export function releaseResource(release: Release): ResourceDefinition<AuditEntry> {
  const { number } = release;
  return {
    texts: {
      title: `Release ${number}: ${release.title}`,
      gridLabel: `Changes in release ${number}`,
      emptyText: NO_RELEASE_CHANGES,
      loadingText: 'Loading the changes...',
      searchLabel: 'Search changes',
      errorTitle: 'The changes could not be loaded',
      exportFileName: `release-${number}-changes`,
    },
    listPath: `/release/${number}/changes`,
    sortFields: {},
    searchable: false,
    columns: RELEASE_CHANGE_COLUMNS,
    describe: (entry) => `change #${entry.id}`,
    useApi: ({ page, pageSize }) => ({
      list: listState(useListReleaseChangesQuery({ number, page, pageSize })),
    }),
    useScreen: () => useReleaseScreen(release),
  };
}

/**
 * /dashboard/releases/:id: one release, with what it changed and the history entries it brought.
 * Writers can restore it (the draft is made equal to it, through review); administrators can
 * cancel it while it is scheduled and the newest.
 */
export function ReleaseDetailPage() {
  const { id } = useParams();
  const number = parseReleaseNumber(id);
  const { data, error } = useGetReleaseQuery({ number: number ?? 0 }, { skip: number === null });
  const release = data?.data;
  const resource = useMemo(() => release && releaseResource(release), [release]);

  if (number === null || (!release && error)) {
    return (
      <>
        <PageHeader title="Release not found" actions={backButton} />
        <ErrorBanner message={number === null ? 'There is no such release.' : messageOf(error)} />
      </>
    );
  }
  if (!resource) {
    return (
      <>
        <PageHeader title={`Release ${number}`} actions={backButton} />
        <LinearProgress aria-label="Loading the release" />
      </>
    );
  }
  // A new release is a new list: its page, from the first.
  return <ResourcePage key={number} resource={resource} />;
}
