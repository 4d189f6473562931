import Chip, { type ChipProps } from '@mui/material/Chip';
import { STATE_LABELS, type ReleaseState } from './releaseFormat';

const COLOURS: Record<ReleaseState, ChipProps['color']> = {
  latest: 'success',
  scheduled: 'info',
  in_effect: 'primary',
  superseded: 'default',
};

/** Latest, Scheduled, In effect or Superseded, as a small chip. */
export function ReleaseStateChip({ state }: { state: ReleaseState }) {
  return (
    <Chip
      size="small"
      color={COLOURS[state]}
      variant={state === 'latest' ? 'filled' : 'outlined'}
      label={STATE_LABELS[state]}
    />
  );
}
