import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  useCompareReleasesQuery,
  useListReleasesQuery,
  type ReleaseEntityDiff,
  type ReleaseRecordChange,
} from '@/api';
import { CardSection } from '@/components/CardSection';
import { CompactGrid } from '@/components/CompactGrid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { messageOf } from '@/lib/errors';
import { DRAFT, fieldLabel, formatValue, recordName, refName, tableLabel } from './releaseFormat';

/** The most releases the selector offers: the newest ones, which are what one compares with. */
export const COMPARE_CHOICES = 100;
export const NO_DIFFERENCES = 'No differences: both hold the same reference data.';

/** One changed field of a changed record: its name (the row id), its value before and after. */
interface FieldChange {
  id: string;
  before: string;
  after: string;
}

const FIELD_COLUMNS: GridColDef<FieldChange>[] = [
  {
    field: 'id',
    headerName: 'Field',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => fieldLabel(row.id),
  },
  { field: 'before', headerName: 'Before', flex: 2, minWidth: 140 },
  { field: 'after', headerName: 'After', flex: 2, minWidth: 140 },
];

function fieldChanges(change: ReleaseRecordChange): FieldChange[] {
  return Object.entries(change.fields).map(([field, values]) => {
    const { from, to }: { from?: unknown; to?: unknown } = values;
    return { id: field, before: formatValue(from), after: formatValue(to) };
  });
}

/** The names of whole records (added or removed), as a list. */
function RecordList({ label, records }: { label: string; records: readonly object[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {records.map((record, index) => (
        <li key={index}>{recordName(record)}</li>
      ))}
    </Box>
  );
}

/** One reference table's differences: the records added, changed (field by field) and removed. */
function EntityDiff({ diff }: { diff: ReleaseEntityDiff }) {
  const name = tableLabel(diff.entity);
  const headingId = `compare-${diff.entity}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {diff.added.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{`Added (${diff.added.length})`}</Typography>
          <RecordList label={`${name} added`} records={diff.added} />
        </Box>
      )}
      {diff.changed.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{`Changed (${diff.changed.length})`}</Typography>
          {diff.changed.map((change) => (
            <Box key={change.id} sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ mb: 0.5 }}>{`#${change.id}`}</Typography>
              <CompactGrid
                label={`${name} #${change.id} changes`}
                rows={fieldChanges(change)}
                columns={FIELD_COLUMNS}
                autoRowHeights
              />
            </Box>
          ))}
        </Box>
      )}
      {diff.removed.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{`Removed (${diff.removed.length})`}</Typography>
          <RecordList label={`${name} removed`} records={diff.removed} />
        </Box>
      )}
    </Box>
  );
}

/**
 * What differs between this release and another one or the draft (GET /release/compare, from this
 * release to the one chosen), by reference table: the records added, changed (each field, before
 * and after) and removed. Nothing is asked for until something is chosen.
 */
export function ReleaseCompare({ number }: { number: number }) {
  const [other, setOther] = useState('');
  const releases = useListReleasesQuery({ page: 1, pageSize: COMPARE_CHOICES });
  const choices = useMemo(
    () =>
      (releases.data?.data ?? [])
        .filter((release) => release.number !== number)
        .map((release) => String(release.number)),
    [releases.data, number],
  );
  const from = String(number);
  const comparison = useCompareReleasesQuery({ from, to: other }, { skip: other === '' });
  const result = other === '' ? undefined : comparison.data?.data;
  const entities = result?.entities.filter(
    (diff) => diff.added.length + diff.changed.length + diff.removed.length > 0,
  );

  return (
    <CardSection id="release-compare" title="Compare">
      <TextField
        select
        label="Compare with"
        value={other}
        onChange={(event) => setOther(event.target.value)}
        sx={{ minWidth: 240, mb: 2 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose…</option>
        <option value={DRAFT}>Draft</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {refName(choice)}
          </option>
        ))}
      </TextField>
      {other !== '' && comparison.isFetching && (
        <LinearProgress aria-label="Comparing" sx={{ mb: 1 }} />
      )}
      {other !== '' && comparison.error !== undefined && !comparison.isFetching && (
        <ErrorBanner title="The comparison failed" message={messageOf(comparison.error)} />
      )}
      {result && entities && !comparison.isFetching && (
        <Box aria-label="Comparison" component="section" sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {`From ${refName(result.from)} to ${refName(result.to)}`}
          </Typography>
          {entities.length === 0 ? (
            <Typography color="text.secondary">{NO_DIFFERENCES}</Typography>
          ) : (
            entities.map((diff) => <EntityDiff key={diff.entity} diff={diff} />)
          )}
        </Box>
      )}
    </CardSection>
  );
}
