import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/** How long typing pauses before the search goes to the server. */
export const SEARCH_DELAY_MS = 250;

/**
 * A search box for a list the server searches. It keeps what is typed to itself, so a keystroke
 * re-renders only the box; the trimmed text goes to `onSearch` once typing pauses for
 * SEARCH_DELAY_MS (keep `onSearch` stable).
 */
export function SearchField({
  label,
  onSearch,
}: {
  label: string;
  onSearch: (query: string) => void;
}) {
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <TextField
      type="search"
      label={label}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      size="small"
      sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
