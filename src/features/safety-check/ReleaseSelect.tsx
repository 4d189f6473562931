import TextField from '@mui/material/TextField';
import { useListReleasesQuery } from '@/api';
import { DRAFT, LATEST } from './releaseChoice';

/** The most releases offered by number: the newest ones, which are the ones checked against. */
export const RELEASE_CHOICES = 100;

interface ReleaseSelectProps {
  /** `draft`, `latest` or a release's number. */
  value: string;
  onChange: (release: string) => void;
}

/**
 * The "Reference data" selector: Draft, Latest release, or a release by number (the newest ones;
 * a link's older release is offered too, so the selector shows what the check reads).
 */
export function ReleaseSelect({ value, onChange }: ReleaseSelectProps) {
  const { data } = useListReleasesQuery({ page: 1, pageSize: RELEASE_CHOICES });
  const numbers = (data?.data ?? []).map((release) => String(release.number));
  if (value !== DRAFT && value !== LATEST && !numbers.includes(value)) numbers.unshift(value);
  return (
    <TextField
      select
      label="Reference data"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText="What the check reads: the draft as editors left it, or a published release"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value={DRAFT}>Draft</option>
      <option value={LATEST}>Latest release</option>
      {numbers.map((number) => (
        <option key={number} value={number}>
          {`Release ${number}`}
        </option>
      ))}
    </TextField>
  );
}
