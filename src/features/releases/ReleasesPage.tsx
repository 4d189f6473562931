import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import DiscardIcon from '@mui/icons-material/RestoreOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import { useGetReleaseStatusQuery, useListReleasesQuery, useRestoreReleaseMutation } from '@/api';
import { useCanWrite, useIsAdmin } from '@/session/permissions';
import { chunk } from '@/components/chunk';
import { reasonPayload } from '@/components/crud/reason';
import { LazyConfirmDialog } from '@/components/crud/LazyConfirmDialog';
import { ResourcePage } from '@/components/resource/ResourcePage';
import {
  listState,
  type ResourceDefinition,
  type ScreenSlots,
} from '@/components/resource/resource';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import { releaseColumns, withId, type ReleaseRow } from './releaseColumns';
import { countOf, releasePath } from './releaseFormat';

// Loaded on the first Publish: its form and schema keep this page within its bundle budget.
const PublishDialog = chunk(
  () => import('./PublishDialog').then((module) => module.PublishDialog),
  null,
).Component;

export const PUBLISH_LABEL = 'Publish release';
export const DISCARD_LABEL = 'Discard unpublished changes';
export const DISCARD_TITLE = 'Discard unpublished changes?';

/** The confirm's words: what discarding does to the draft, and how it is recorded. */
export function discardMessage(latest: number): string {
  return `The draft is made equal to release ${latest} again: every change made since is undone. The undoing is recorded in the history as changes, which go through review like any other.`;
}

type Opened = { kind: 'publish' | 'discard'; open: boolean } | null;

/**
 * The screen's own parts: Publish release (administrators) and Discard unpublished changes
 * (writers) above the list, the columns (the state needs the latest release's number, from the
 * draft's status), a row opening its release, and the two dialogs.
 */
function useReleasesScreen(): ScreenSlots<ReleaseRow> {
  const status = useGetReleaseStatusQuery().data?.data;
  const [restore] = useRestoreReleaseMutation();
  const run = useMutationFeedback();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const canWrite = useCanWrite();
  const [opened, setOpened] = useState<Opened>(null);
  const latestNumber = status?.latest?.number;
  const columns = useMemo(
    () => releaseColumns(status && (latestNumber ?? null)),
    [status, latestNumber],
  );
  const close = () => setOpened((current) => current && { ...current, open: false });
  const exited = () => setOpened(null);

  return {
    columns,
    subtitle: status?.changes
      ? `${countOf(status.changes, 'unpublished change')} in the draft, ${status.awaiting_review} awaiting review`
      : undefined,
    onRowClick: (row) => navigate(releasePath(row.number)),
    actions: (
      <>
        {canWrite && (
          <Button
            variant="outlined"
            startIcon={<DiscardIcon />}
            // Nothing to discard: no release in effect to go back to, or no change since.
            disabled={!latestNumber || !status?.changes}
            onClick={() => setOpened({ kind: 'discard', open: true })}
          >
            {DISCARD_LABEL}
          </Button>
        )}
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<PublishIcon />}
            onClick={() => setOpened({ kind: 'publish', open: true })}
          >
            {PUBLISH_LABEL}
          </Button>
        )}
      </>
    ),
    dialogs: (
      <>
        {opened?.kind === 'publish' && (
          <PublishDialog open={opened.open} onClose={close} onExited={exited} />
        )}
        {opened?.kind === 'discard' && latestNumber && (
          <LazyConfirmDialog
            open={opened.open}
            title={DISCARD_TITLE}
            message={discardMessage(latestNumber)}
            details={status && countOf(status.changes, 'unpublished change')}
            confirmLabel="Discard"
            reason="optional"
            onConfirm={(reason) =>
              run(restore({ number: 'latest', reasonBody: reasonPayload(reason) }), {
                success: serverMessage('Unpublished changes discarded'),
              })
            }
            onClose={close}
            onExited={exited}
          />
        )}
      </>
    ),
  };
}

/**
 * /dashboard/releases: the numbered, immutable states of the reference data, newest first, a page
 * at a time from the server (it neither sorts nor searches them). A row opens its release.
 */
export const releaseResource: ResourceDefinition<ReleaseRow> = {
  texts: {
    title: 'Releases',
    subtitle: 'Published states of the reference data, newest first',
    emptyText: 'No release has been published yet.',
    loadingText: 'Loading releases...',
    searchLabel: 'Search releases',
    errorTitle: 'The releases could not be loaded',
  },
  listPath: '/release',
  sortFields: {},
  searchable: false,
  gridSx: { '& .MuiDataGrid-row': { cursor: 'pointer' } },
  describe: (row) => `Release ${row.number}`,
  useApi: ({ page, pageSize }) => {
    // Exactly the route's first request (`firstPage()`), so the cache answers the first page.
    const result = useListReleasesQuery({ page, pageSize });
    const answer = result.data;
    const data = useMemo(
      () => answer && { data: answer.data.map(withId), meta: answer.meta },
      [answer],
    );
    return { list: listState({ ...result, data }) };
  },
  useScreen: useReleasesScreen,
};

/** /dashboard/releases */
export function ReleasesPage() {
  return <ResourcePage resource={releaseResource} />;
}
