import type { ReactNode } from 'react';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { CrudField } from '@/components/crud/CrudFields';
import type { PickerSource } from '@/components/pickers/RecordPicker';
import type { MutationFeedback, MutationRequest } from '@/lib/useMutationFeedback';

/** What a write answers: the server's `message` becomes the success toast when feedback asks. */
export type WriteAnswer = { message?: string } | null | undefined;

/** The user-facing words of a list screen, exactly as the spec writes them. */
export interface ResourceTexts {
  /** The h1, e.g. 'Conditions'. */
  title: string;
  subtitle?: string;
  /** The grid's accessible name when it differs from the title, e.g. 'Lifestyles'. */
  gridLabel?: string;
  /** The Add button, e.g. 'Add Condition'. */
  addLabel: string;
  /** The form dialog's titles, e.g. 'Add Condition' and 'Edit Condition'. */
  addTitle: string;
  editTitle: string;
  /** The delete confirm's title and question. */
  deleteTitle: string;
  deleteMessage: string;
  /** Shown when the list is empty, e.g. 'No conditions found. Add a new condition to get started.' */
  emptyText: string;
  /** The search box's accessible name. */
  searchLabel: string;
  /** Shown under the progress bar while nothing has loaded yet. */
  loadingText?: string;
  /** The red banner's title when the list fails to load. */
  errorTitle?: string;
  /** The CSV file's name, without extension. */
  exportFileName: string;
}

/** The list as the screen shows it: the rows of this page, and how many match in all. */
export interface ResourceList<Row> {
  /** Undefined while the first load runs. */
  rows: readonly Row[] | undefined;
  /** Undefined while the first load runs. */
  total?: number;
  isFetching: boolean;
  error: unknown;
}

/** What the grid asks the server for: a page, a sort (`-` first for descending) and a search. */
export interface ListQuery {
  /** From 1. */
  page: number;
  pageSize: number;
  /** A field of the contract's sort list, `-` first for descending; left out, the server's order. */
  sort?: string;
  q?: string;
}

/** One option of a choice filter: the value sent and the words shown. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A filter control of a list screen, sent as the contract's query parameter `param` (e.g.
 * `severity`, `medication_id`). 'choice': a select whose first option, 'Any', sends nothing;
 * 'record': a server-search picker of `source` that sends the picked record's id.
 */
export type ListFilter =
  | { kind: 'choice'; param: string; label: string; options: readonly FilterOption[] }
  | { kind: 'record'; param: string; label: string; source: PickerSource };

/**
 * The set filters, by query parameter: the value sent and what the control shows (a picked
 * record's name); a filter left at 'Any' is absent.
 */
export type FilterValues = Readonly<Record<string, FilterOption>>;

/** The set filters as query parameters, e.g. `{ severity: 'major', is_allergen: 'true' }`. */
export type FilterParams = Readonly<Record<string, string>>;

/** The options of a yes/no filter, as the contract's boolean parameters take them. */
export const YES_NO_OPTIONS: readonly FilterOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A boolean filter parameter ('true' or 'false') as the generated hooks take it. */
export function booleanFilter(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : value === 'true';
}

/** An id filter parameter as the generated hooks take it. */
export function idFilter(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

/**
 * The screen's calls: the list, and the writes as RTK Query triggers (`create(values, reason)`
 * returns `createThing(arg)`), so ResourcePage runs them with their toasts.
 */
export interface ResourceApi<Row, TOutput> {
  list: ResourceList<Row>;
  create: (values: TOutput, reason: string) => MutationRequest<WriteAnswer>;
  update: (row: Row, values: TOutput, reason: string) => MutationRequest<WriteAnswer>;
  remove: (row: Row, reason: string) => MutationRequest<WriteAnswer>;
}

/**
 * A reference list screen, declared: what ResourcePage needs to render the list, its search, the
 * add/edit form, the delete confirm and the loading, empty and error states. A feature's page is
 * `<ResourcePage resource={conditionResource} history={useRowHistory('condition', ...)} />`.
 */
export interface ResourceDefinition<
  Row extends { id: number },
  TValues extends FieldValues,
  TOutput,
> {
  texts: ResourceTexts;
  /** The list's path in the API, e.g. '/condition': the CSV export asks it for `format=csv`. */
  listPath: string;
  /** The data columns; ResourcePage adds History, Edit and Delete. */
  columns: readonly GridColDef<Row>[];
  /** 'separate': Edit and Delete columns of their own (lifestyles, interactions). */
  actionsLayout?: 'single' | 'separate';
  initialSort?: GridSortModel;
  /**
   * The server's sort field of each sortable column (grid field to the contract's sort field, e.g.
   * `{ age_range: 'min_age' }`); the other columns cannot be sorted.
   */
  sortFields: Readonly<Record<string, string>>;
  hiddenColumns?: readonly string[];
  /** Names a row in its buttons ('Edit Migraine'), its history and its delete confirm. */
  describe: (row: Row) => string;
  /** The filter controls above the grid, sent as the contract's query parameters. */
  filters?: readonly ListFilter[];
  /**
   * The calls, as a hook (it runs on every render of the screen): `filters` holds the set
   * filters by query parameter (pass them to the list query under the generated names).
   */
  useApi: (query: ListQuery, filters: FilterParams) => ResourceApi<Row, TOutput>;
  /** The toasts of each write: a fixed text or the server's message, and an error fallback. */
  feedback: {
    create: MutationFeedback<WriteAnswer>;
    update: MutationFeedback<WriteAnswer>;
    remove: MutationFeedback<WriteAnswer>;
  };
  form: {
    /** The form's checks and output (a `lazyResolver`, so zod loads after the list shows). */
    validation: { resolver: Resolver<TValues, unknown, TOutput>; preload: () => void };
    /** What the form starts with: the row's values, or the defaults of a new record. */
    values: (row: Row | null) => TValues;
    /** The fields, in order, for adding (null) or editing a row. */
    fields: (editing: Row | null) => readonly CrudField<TValues>[];
    /** Contract field name to form field name, for a 422's field errors. */
    serverFields?: Partial<Record<string, Path<TValues>>>;
    /** Whether a save needs a reason for the history (a clinical change); left out, no reason box. */
    reasonRequired?: (values: TValues, editing: Row | null) => boolean;
    /** Shown under the form: what saving would do (given the checked values, or null). */
    preview?: (values: TOutput | null, editing: Row | null) => ReactNode;
  };
  remove: {
    /** Asks for a reason to keep in the history: 'required' or 'optional'; left out, none. */
    reason?: 'required' | 'optional';
    /** Shown in the confirm under the question; default `describe(row)`. */
    details?: (row: Row) => string;
    /** Shown in the confirm: what deleting would do. */
    preview?: (row: Row) => ReactNode;
  };
}

/** A list query's state as the screen shows it; a whole-list answer (no `meta`) counts its rows. */
export function listState<Row>(result: {
  data?: { data: readonly Row[]; meta?: { total: number } };
  isFetching: boolean;
  error?: unknown;
}): ResourceList<Row> {
  const answer = result.data;
  return {
    rows: answer?.data,
    total: answer && (answer.meta?.total ?? answer.data.length),
    isFetching: result.isFetching,
    // A request the screen aborted as superseded (useAbortSuperseded) failed for no reason worth
    // showing: asked again, it is sent again.
    error: isAbort(result.error) ? undefined : result.error,
  };
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}
