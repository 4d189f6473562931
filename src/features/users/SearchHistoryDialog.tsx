import { useMemo } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useGetUserSearchHistoryQuery, type AdminUser, type SearchHistoryEntry } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';
import { exactTime } from '@/lib/relativeTime';

/** Newest first; the server already answers so, and equal times keep the newer entry first. */
export function newestFirst(entries: readonly SearchHistoryEntry[]): SearchHistoryEntry[] {
  return [...entries].sort(
    (a, b) => Date.parse(b.searched_at) - Date.parse(a.searched_at) || b.id - a.id,
  );
}

const COLUMNS: GridColDef<SearchHistoryEntry>[] = [
  { field: 'drug_name', headerName: 'Drug', flex: 1, minWidth: 140 },
  {
    field: 'searched_at',
    headerName: 'Date',
    flex: 1,
    minWidth: 180,
    // Sorted by the time itself, shown as the exact local time.
    valueGetter: (value: string) => Date.parse(value),
    renderCell: ({ row }) => <time dateTime={row.searched_at}>{exactTime(row.searched_at)}</time>,
  },
];

interface SearchHistoryDialogProps {
  /** The user whose history shows; null closes the dialog. */
  user: Pick<AdminUser, 'id' | 'name'> | null;
  onClose: () => void;
}

/** View History: the user's searches (Drug, Date), newest first, scrolling past about 24rem. */
export function SearchHistoryDialog({ user, onClose }: SearchHistoryDialogProps) {
  const { data, error, isError, isFetching } = useGetUserSearchHistoryQuery(
    { id: user?.id ?? 0 },
    // History grows while the console is open: every opening asks again.
    { skip: !user, refetchOnMountOrArgChange: true },
  );
  const entries = useMemo(() => newestFirst(data?.data ?? []), [data]);
  const loading = isFetching && !data;

  return (
    <Dialog
      open={Boolean(user)}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="search-history-title"
    >
      <DialogTitle id="search-history-title">
        Search History{user ? `: ${user.name}` : ''}
      </DialogTitle>
      <DialogContent dividers>
        {isError ? (
          <ErrorBanner message={messageOf(error)} />
        ) : loading ? (
          <CircularProgress
            aria-label="Loading search history"
            sx={{ display: 'block', mx: 'auto', my: 3 }}
          />
        ) : entries.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No search history found
          </Typography>
        ) : (
          <CompactGrid label="Search history" rows={entries} columns={COLUMNS} maxHeight="24rem" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
