import { useMemo } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useGetUserSearchHistoryQuery, type AdminUser, type SearchHistoryEntry } from '@/api';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';
import { exactTime } from '@/lib/relativeTime';

/** Newest first; the server already answers so, and equal times keep the newer entry first. */
export function newestFirst(entries: readonly SearchHistoryEntry[]): SearchHistoryEntry[] {
  return [...entries].sort(
    (a, b) => Date.parse(b.searched_at) - Date.parse(a.searched_at) || b.id - a.id,
  );
}

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
          <ErrorBanner message={messageOf(error, 'An unknown error occurred')} />
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
          <TableContainer
            sx={{ maxHeight: '24rem', overflowY: 'auto' }}
            data-testid="search-history-scroll"
          >
            <Table stickyHeader size="small" aria-label="Search history">
              <TableHead>
                <TableRow>
                  <TableCell>Drug</TableCell>
                  <TableCell>Date</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{entry.drug_name}</TableCell>
                    <TableCell>
                      <time dateTime={entry.searched_at}>{exactTime(entry.searched_at)}</time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
