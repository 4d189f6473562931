import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReleaseCount, ReleaseDetailResponse } from '@/api';
import { CardSection } from '@/components/CardSection';
import { CompactGrid } from '@/components/CompactGrid';
import { RelativeTime } from '@/components/RelativeTime';
import { exactTime } from '@/lib/relativeTime';
import { ReleaseCompare } from './ReleaseCompare';
import { releaseState, tableLabel } from './releaseFormat';
import { ReleaseStateChip } from './ReleaseStateChip';

export const NO_COUNTS = 'This release changed no record.';

const COUNT_COLUMNS: GridColDef<ReleaseCount>[] = [
  {
    field: 'entity',
    headerName: 'Records',
    flex: 2,
    minWidth: 180,
    valueGetter: (value: string) => tableLabel(value),
  },
  { field: 'added', headerName: 'Added', type: 'number', flex: 1, minWidth: 90 },
  { field: 'changed', headerName: 'Changed', type: 'number', flex: 1, minWidth: 90 },
  { field: 'removed', headerName: 'Removed', type: 'number', flex: 1, minWidth: 90 },
];

const countRowId = (count: ReleaseCount) => count.entity;

type Release = ReleaseDetailResponse['data'];

interface ReleaseSummaryProps {
  release: Release;
  /** The newest release in effect (null before any, undefined while not known). */
  latestNumber: number | null | undefined;
}

/**
 * What a release is, above its history entries: its facts (state, who published it and when,
 * when it takes effect, its notes), the records it added, changed and removed by table, and a
 * comparison with another release or the draft.
 */
export function ReleaseSummary({ release, latestNumber }: ReleaseSummaryProps) {
  const facts: [string, ReactNode][] = [
    ['Status', <ReleaseStateChip key="state" state={releaseState(release, latestNumber)} />],
    ['Published by', release.published_by_name],
    [
      'Published at',
      <>
        {exactTime(release.published_at)} (<RelativeTime value={release.published_at} />)
      </>,
    ],
    ['Takes effect at', exactTime(release.effective_at)],
    ['Notes', release.notes || '—'],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3, mb: 3 }}>
      <CardSection id="release-facts" title="Information">
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
          }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardSection>
      <CardSection id="release-counts" title="Records changed">
        {release.counts.length === 0 ? (
          <Typography color="text.secondary">{NO_COUNTS}</Typography>
        ) : (
          <CompactGrid
            label={`Records changed in release ${release.number}`}
            rows={release.counts}
            columns={COUNT_COLUMNS}
            getRowId={countRowId}
          />
        )}
      </CardSection>
      <ReleaseCompare number={release.number} />
      <Typography variant="h6" component="h2">
        History entries
      </Typography>
    </Box>
  );
}
