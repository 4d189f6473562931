import { useState, type HTMLAttributes, type Key, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import {
  useListConditionsQuery,
  useListDrugClassesQuery,
  useListIngredientsQuery,
  useListLifestylesQuery,
  useListMedicationsQuery,
} from '@/api';
import { useAbortSuperseded } from '@/api/abortSuperseded';

/** A record as a picker shows it. */
export interface NamedOption {
  id: number;
  name: string;
}

/** What a picker picks from. */
export type PickerSource = 'medication' | 'condition' | 'lifestyle' | 'drugClass' | 'ingredient';

/** How many matches a picker shows: the first ones by name. */
export const PICKER_PAGE_SIZE = 20;

const NO_MATCH: Record<PickerSource, string> = {
  medication: 'No medications found',
  condition: 'No conditions found',
  lifestyle: 'No lifestyles found',
  drugClass: 'No drug classes found',
  ingredient: 'No ingredients found',
};

/** The Autocomplete's reasons for changing the text that a pick causes. */
const PICKED = new Set(['selectOption', 'reset']);

/** The list operation each picker searches. */
const ENDPOINT = {
  medication: 'listMedications',
  condition: 'listConditions',
  lifestyle: 'listLifestyles',
  drugClass: 'listDrugClasses',
  ingredient: 'listIngredients',
} as const;

/**
 * The first matches of `text` on the server (by name), while `active`: asked at every letter, as
 * the list screens' searches are, and never the whole table. A letter typed before the last
 * letter's answer came aborts that request, and the server stops reading it.
 */
function useRecordSearch(source: PickerSource, text: string, active: boolean) {
  const q = text.trim() || undefined;
  const page = { q, page: 1, pageSize: PICKER_PAGE_SIZE, sort: 'name' as const };
  const medications = useListMedicationsQuery(page, { skip: !active || source !== 'medication' });
  const conditions = useListConditionsQuery(page, { skip: !active || source !== 'condition' });
  const lifestyles = useListLifestylesQuery(page, { skip: !active || source !== 'lifestyle' });
  const drugClasses = useListDrugClassesQuery(page, { skip: !active || source !== 'drugClass' });
  const ingredients = useListIngredientsQuery(page, { skip: !active || source !== 'ingredient' });
  useAbortSuperseded(ENDPOINT[source], page);
  const result = {
    medication: medications,
    condition: conditions,
    lifestyle: lifestyles,
    drugClass: drugClasses,
    ingredient: ingredients,
  }[source];
  // `currentData` is the answer to this very text: none while it is asked, so Enter cannot pick
  // a match of older text.
  const options: NamedOption[] = (result.currentData?.data ?? []).map(({ id, name }) => ({
    id,
    name,
  }));
  return { options, searching: result.isFetching, error: result.isError };
}

interface PickerCommon {
  source: PickerSource;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** The field's problem (shown red under it) or its hint. */
  error?: string;
  helperText?: string;
  /** Records that cannot be picked (the medication already chosen on the other side). */
  isDisabled?: (option: NamedOption) => boolean;
  /** Said after a record that cannot be picked, e.g. '(already listed)'. */
  disabledNote?: string;
  /** Records not offered at all (those a list beside the picker already holds). */
  isHidden?: (option: NamedOption) => boolean;
  /** Empties the text once a record is picked (a picker that adds to a list beside it). */
  clearOnPick?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The input's name, for forms and tests. */
  name?: string;
  onBlur?: () => void;
  autoFocus?: boolean;
}

export interface RecordPickerProps extends PickerCommon {
  value: NamedOption | null;
  onChange: (value: NamedOption | null) => void;
}

export interface RecordsPickerProps extends PickerCommon {
  /** Shows no chips in the input: the form lists the picked records beside it. */
  hideChips?: boolean;
  /** Keep the same array while the picks stay the same: a new one clears the typed text. */
  value: NamedOption[];
  onChange: (value: NamedOption[]) => void;
}

/**
 * The props of a picker's Autocomplete. A picker picks a record by typing part of its name: the server answers
 * with the first {@link PICKER_PAGE_SIZE} matches of what is typed so far, with a spinner
 * while it searches and a "No … found" line when nothing matches. Arrow keys move through the
 * suggestions, Enter picks, Escape closes. Nothing loads until the list opens.
 */
function useAutocompleteProps(props: PickerCommon) {
  const { source, label, required, disabled, error, helperText, isDisabled, isHidden } = props;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useRecordSearch(source, text, open && !disabled);
  const common = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    options: isHidden ? search.options.filter((option) => !isHidden(option)) : search.options,
    loading: search.searching,
    loadingText: 'Searching…',
    noOptionsText: search.error ? 'The search failed' : NO_MATCH[source],
    // The server filters; the grid must not filter its answer again.
    filterOptions: (options: NamedOption[]) => options,
    getOptionLabel: (option: NamedOption) => option.name,
    isOptionEqualToValue: (option: NamedOption, chosen: NamedOption) => option.id === chosen.id,
    getOptionDisabled: isDisabled,
    renderOption: (
      { key, ...optionProps }: HTMLAttributes<HTMLLIElement> & { key: Key },
      option: NamedOption,
    ) => (
      <li key={key} {...optionProps}>
        {props.disabledNote && isDisabled?.(option)
          ? `${option.name} ${props.disabledNote}`
          : option.name}
      </li>
    ),
    inputValue: text,
    onInputChange: (_event: unknown, next: string, reason: string) =>
      setText(props.clearOnPick && PICKED.has(reason) ? '' : next),
    onBlur: props.onBlur,
    disabled,
    renderInput: (params: Parameters<NonNullable<RecordPickerRender>>[0]) => (
      <TextField
        {...params}
        name={props.name}
        inputRef={props.inputRef}
        label={label}
        required={required}
        autoFocus={props.autoFocus}
        error={Boolean(error)}
        helperText={error ?? helperText}
        slotProps={{
          ...params.slotProps,
          input: {
            ...params.slotProps.input,
            endAdornment: (
              <>
                {open && search.searching && (
                  <CircularProgress color="inherit" size={18} aria-label="Searching" />
                )}
                {params.slotProps.input.endAdornment}
              </>
            ),
          },
        }}
      />
    ),
  };
  return common;
}

export function RecordPicker(props: RecordPickerProps) {
  return (
    <Autocomplete
      {...useAutocompleteProps(props)}
      value={props.value}
      onChange={(_event, chosen) => props.onChange(chosen)}
    />
  );
}

/** {@link RecordPicker} for several records: the picked ones show as chips. */
export function RecordsPicker(props: RecordsPickerProps) {
  return (
    <Autocomplete
      {...useAutocompleteProps(props)}
      multiple
      filterSelectedOptions
      value={props.value}
      onChange={(_event, chosen) => props.onChange(chosen)}
      renderValue={props.hideChips ? () => null : undefined}
    />
  );
}

type RecordPickerRender = React.ComponentProps<typeof Autocomplete<NamedOption>>['renderInput'];
