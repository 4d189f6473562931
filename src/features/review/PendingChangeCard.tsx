import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApproveIcon from '@mui/icons-material/ThumbUpOutlined';
import RejectIcon from '@mui/icons-material/UndoOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { PendingChange } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { RelativeTime } from '@/components/RelativeTime';
import { ACTION_LABELS, describeEntry } from '@/features/history';
import type { Decision } from './ReviewDialog';
import {
  ACTION_WORDS,
  changeKey,
  fieldChanges,
  fieldLabel,
  reviewStateText,
  type FieldChange,
} from './reviewFormat';

/** Long values (notes, lists) wrap inside their cell; the rows grow with them. */
const wrapping = (value: string) => (
  <Box component="span" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.5 }}>
    {value}
  </Box>
);

const FIELD_COLUMNS: GridColDef<FieldChange>[] = [
  {
    field: 'id',
    headerName: 'Field',
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => fieldLabel(row.id),
  },
  {
    field: 'before',
    headerName: 'Before',
    flex: 2,
    minWidth: 160,
    renderCell: ({ row }) => wrapping(row.before),
  },
  {
    field: 'after',
    headerName: 'After',
    flex: 2,
    minWidth: 160,
    renderCell: ({ row }) => wrapping(row.after),
  },
];

interface PendingChangeCardProps {
  change: PendingChange;
  /** Approve and Reject, for a user who may write; left out, the card has no buttons. */
  onDecide?: (decision: Decision) => void;
  /** The signed-in user's id: one of the record's authors may not review it (four eyes). */
  userId?: number;
}

/**
 * One record's pending change: what the draft did to it, each changed field as it is in the
 * newest release and in the draft, who changed it and when, its review, and Approve and Reject.
 */
export function PendingChangeCard({ change, onDecide, userId }: PendingChangeCardProps) {
  const headingId = `pending-${changeKey(change)}`;
  const fields = useMemo(() => fieldChanges(change), [change]);
  const approved = change.review?.decision === 'approved';
  const ownChange = change.authors.some((author) => author.actor_id === userId);
  const name = describeEntry(change);
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}
        >
          <Typography id={headingId} variant="h6" component="h2" sx={{ mr: 1 }}>
            {name}
          </Typography>
          <Chip size="small" variant="outlined" label={ACTION_WORDS[change.action]} />
          <Chip
            size="small"
            color={approved ? 'success' : 'warning'}
            variant={approved ? 'filled' : 'outlined'}
            label={reviewStateText(change)}
          />
        </Stack>
        {change.review?.comment && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {`Review comment: ${change.review.comment}`}
          </Typography>
        )}
        {fields.length === 0 ? (
          <Typography color="text.secondary">No field differs.</Typography>
        ) : (
          <CompactGrid
            label={`Changes to ${name}`}
            rows={fields}
            columns={FIELD_COLUMNS}
            autoRowHeights
          />
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} id={`${headingId}-authors`}>
          Changed by
        </Typography>
        <Box component="ul" aria-labelledby={`${headingId}-authors`} sx={{ m: 0, pl: 2.5 }}>
          {change.authors.map((author) => (
            <li key={author.entry_id}>
              <Typography variant="body2" component="span">
                {`${author.actor_name}: ${ACTION_LABELS[author.action]}, `}
                <RelativeTime value={author.at} />
              </Typography>
            </li>
          ))}
        </Box>
      </CardContent>
      {onDecide && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            size="small"
            startIcon={<ApproveIcon />}
            disabled={approved}
            onClick={() => onDecide('approve')}
          >
            Approve
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="error"
            startIcon={<RejectIcon />}
            onClick={() => onDecide('reject')}
          >
            Reject
          </Button>
          {ownChange && (
            <Typography variant="caption" color="text.secondary">
              You changed this record: another reviewer must approve or reject it.
            </Typography>
          )}
        </CardActions>
      )}
    </Card>
  );
}
