import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { RecordPicker } from '@/components/pickers/RecordPicker';
import type { FilterOption, FilterValues, ListFilter } from './resource';

export interface ListFiltersProps {
  filters: readonly ListFilter[];
  /** The set filters, by query parameter. */
  values: FilterValues;
  /** One filter changed; null: back to 'Any'. */
  onChange: (param: string, choice: FilterOption | null) => void;
  /** Clears every filter. */
  onClear: () => void;
}

/** What a choice filter shows when it sends nothing. */
const ANY = 'Any';

const CONTROL_WIDTH = { xs: '100%', sm: 220 };

function FilterControl({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: FilterOption | undefined;
  onChange: ListFiltersProps['onChange'];
}) {
  if (filter.kind === 'record') {
    return (
      <Box sx={{ width: CONTROL_WIDTH }}>
        <RecordPicker
          source={filter.source}
          label={filter.label}
          name={filter.param}
          value={value ? { id: Number(value.value), name: value.label } : null}
          onChange={(picked) =>
            onChange(filter.param, picked && { value: String(picked.id), label: picked.name })
          }
        />
      </Box>
    );
  }
  return (
    <TextField
      select
      label={filter.label}
      name={filter.param}
      value={value?.value ?? ''}
      onChange={(event) => {
        const option = filter.options.find((o) => o.value === event.target.value);
        onChange(filter.param, option ?? null);
      }}
      sx={{ width: CONTROL_WIDTH }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{ANY}</option>
      {filter.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

/**
 * A list screen's filter controls, above its grid: native selects (their first option, 'Any', sends
 * nothing) and server-search record pickers (their clear button sends nothing), and 'Clear filters'
 * while any is set. Each control is labelled and reached with Tab.
 */
export function ListFilters({ filters, values, onChange, onClear }: ListFiltersProps) {
  const active = Object.keys(values).length > 0;
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}
    >
      {filters.map((filter) => (
        <FilterControl
          key={filter.param}
          filter={filter}
          value={values[filter.param]}
          onChange={onChange}
        />
      ))}
      {active && (
        <Button startIcon={<FilterAltOffIcon />} onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
