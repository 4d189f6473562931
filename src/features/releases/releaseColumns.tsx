import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { Release } from '@/api';
import { RelativeTime } from '@/components/RelativeTime';
import { exactTime } from '@/lib/relativeTime';
import { releasePath, releaseState, STATE_LABELS } from './releaseFormat';
import { ReleaseStateChip } from './ReleaseStateChip';

/** A release as the grid holds it: a row needs an `id`, which is the release's number. */
export type ReleaseRow = Release & { id: number };

export const withId = (release: Release): ReleaseRow => ({ ...release, id: release.number });

/**
 * The releases grid's columns: the number (a link to the release's page), the title, who published
 * it and when, when it takes effect, and its state. `latestNumber` (the newest release in effect,
 * from the draft's status) tells an older release in effect as superseded.
 */
export function releaseColumns(latestNumber: number | null | undefined): GridColDef<ReleaseRow>[] {
  return [
    {
      field: 'number',
      headerName: 'Number',
      width: 110,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={releasePath(row.number)}
          onClick={(event) => event.stopPropagation()}
        >
          {`Release ${row.number}`}
        </Link>
      ),
    },
    { field: 'title', headerName: 'Title', flex: 1, minWidth: 180 },
    { field: 'published_by_name', headerName: 'Published by', width: 170 },
    {
      field: 'published_at',
      headerName: 'Published',
      width: 150,
      renderCell: ({ row }) => <RelativeTime value={row.published_at} />,
    },
    {
      field: 'effective_at',
      headerName: 'Effective at',
      width: 210,
      valueGetter: (value: string) => exactTime(value),
    },
    {
      field: 'state',
      headerName: 'Status',
      width: 130,
      valueGetter: (_value, row) => STATE_LABELS[releaseState(row, latestNumber)],
      renderCell: ({ row }) => <ReleaseStateChip state={releaseState(row, latestNumber)} />,
    },
  ];
}
