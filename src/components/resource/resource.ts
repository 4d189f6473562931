import type { ReactNode } from 'react';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import type { SxProps, Theme } from '@mui/material/styles';
import type {
  GridColDef,
  GridFilterItem,
  GridRowId,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import type { CrudField } from '@/components/crud/CrudFields';
import type { PickerSource } from '@/components/pickers/RecordPicker';
import {
  serverMessage,
  type MutationFeedback,
  type MutationRequest,
} from '@/lib/useMutationFeedback';

/** A button of a list screen to an import page. */
export interface ImportLink {
  label: string;
  path: string;
}

/** What a write answers: the server's `message` becomes the success toast when feedback asks. */
export type WriteAnswer = { message?: string } | null | undefined;

/** The user-facing words of a list screen, exactly as the spec writes them. */
export interface ResourceTexts {
  /** The h1, e.g. 'Conditions'. */
  title: string;
  subtitle?: string;
  /** The grid's accessible name when it differs from the title, e.g. 'Lifestyles'. */
  gridLabel?: string;
  /**
   * The Add button, e.g. 'Add Condition': shown with the shared `form`, or with the screen's own
   * `onAdd` (ScreenSlots); a screen that adds nothing leaves it out.
   */
  addLabel?: string;
  /** The shared form dialog's titles, e.g. 'Add Condition' and 'Edit Condition'. */
  addTitle?: string;
  editTitle?: string;
  /** The shared delete confirm's title and question. */
  deleteTitle?: string;
  deleteMessage?: string;
  /** Shown when the list is empty, e.g. 'No conditions found. Add a new condition to get started.' */
  emptyText: string;
  /** Shown instead of `emptyText` when a search or a filter is set and nothing matches. */
  noMatchText?: string;
  /** The search box's accessible name. */
  searchLabel: string;
  /** Shown under the progress bar while nothing has loaded yet. */
  loadingText?: string;
  /** The red banner's title when the list fails to load. */
  errorTitle?: string;
  /** The banner's text when the failure has no message of its own. */
  errorFallback?: string;
  /**
   * The CSV file's name, without extension. Left out, the grid offers no export (the contract has
   * no CSV for the list).
   */
  exportFileName?: string;
}

/** The list as the screen shows it: the rows of this page, and how many match in all. */
export interface ResourceList<Row> {
  /** Undefined while the first load runs. */
  rows: readonly Row[] | undefined;
  /** Undefined while the first load runs. */
  total?: number;
  /**
   * Set when `total` is the server's estimate (a common word among a million entries): whether a
   * later page holds rows. The pager then says "around N".
   */
  hasNextPage?: boolean;
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
  /** The grid's column filters, for a definition with `columnFilters`. */
  filterItems?: readonly GridFilterItem[];
}

/**
 * How long typing pauses before a search goes to the server, for a list whose superseded
 * requests are not cancelled (`searchDebounceMs`).
 */
export const SEARCH_PAUSE_MS = 250;

/** Sort fields for columns the contract sorts by the same names: `sortedBy('name', 'email')`. */
export function sortedBy<F extends string>(...fields: F[]): Readonly<Record<F, F>> {
  return Object.fromEntries(fields.map((field) => [field, field])) as Record<F, F>;
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
 * The screen's calls: the list, and the writes of the shared form and confirm as RTK Query
 * triggers (`create(values, reason)` returns `createThing(arg)`), so ResourcePage runs them with
 * their toasts. A screen without the shared form or confirm leaves its writes out.
 */
export interface ResourceApi<Row, TOutput> {
  list: ResourceList<Row>;
  create?: (values: TOutput, reason: string) => MutationRequest<WriteAnswer>;
  update?: (row: Row, values: TOutput, reason: string) => MutationRequest<WriteAnswer>;
  remove?: (row: Row, reason: string) => MutationRequest<WriteAnswer>;
}

/**
 * What a screen adds to the shared list: its own row actions (as columns whose cells call them),
 * header buttons, notices and dialogs. `useScreen` of the definition returns them; it is a hook,
 * run on every render of the screen, so it may hold the dialogs' state and call the API's hooks.
 */
export interface ScreenSlots<Row extends GridValidRowModel> {
  /** The columns, in place of the definition's `columns`: cells that call the screen's actions. */
  columns?: readonly GridColDef<Row>[];
  /** In place of `texts.subtitle`, e.g. a count from the list's answer. */
  subtitle?: string;
  /** The header's own buttons, before Add (Run all, Export, Import). */
  actions?: ReactNode;
  /** The Add button opens the screen's own dialog rather than the shared form. */
  onAdd?: () => void;
  /** Between the header and the filters: a summary, or a problem to report. */
  notice?: ReactNode;
  /** A click on a row (the History screen opens the entry). */
  onRowClick?: (row: Row) => void;
  /** The rows are busy for a reason of the screen's own (every test running). */
  busy?: boolean;
  /** The screen's own dialogs, rendered after the grid. */
  dialogs?: ReactNode;
}

/** The toasts of each write of a screen's shared form and confirm. */
export interface ResourceFeedback {
  create: MutationFeedback<WriteAnswer>;
  update: MutationFeedback<WriteAnswer>;
  remove: MutationFeedback<WriteAnswer>;
}

/** Every failed write says at least this. */
export const WRITE_FAILED = 'An error occurred';

/**
 * The toasts of a screen whose writes all answer with the server's message: '<Noun> added
 * successfully', 'updated', 'deleted' when the answer has none, and, when a write fails without a
 * message of its own, WRITE_FAILED or 'Failed to delete <noun>'. `crudFeedback('Class rule',
 * 'class rule')`: the noun as a sentence starts, and as it stands inside one.
 */
export function crudFeedback(noun: string, lowerNoun: string): ResourceFeedback {
  return {
    create: { success: serverMessage(`${noun} added successfully`), failure: WRITE_FAILED },
    update: { success: serverMessage(`${noun} updated successfully`), failure: WRITE_FAILED },
    remove: {
      success: serverMessage(`${noun} deleted successfully`),
      failure: `Failed to delete ${lowerNoun}`,
    },
  };
}

/**
 * A list screen, declared: what ResourcePage needs to render the list, its search, filters and
 * export, the add/edit form and the delete confirm when the screen has them, the screen's own row
 * actions and dialogs (`useScreen`), and the loading, empty and error states. A feature's page is
 * `<ResourcePage resource={conditionResource} history={useRowHistory('condition', ...)} />`.
 */
export interface ResourceDefinition<
  Row extends { id: GridRowId },
  TValues extends FieldValues = FieldValues,
  TOutput = never,
> {
  texts: ResourceTexts;
  /**
   * The list's path in the API, e.g. '/condition': the CSV export asks it for `format=csv`
   * (with `texts.exportFileName`).
   */
  listPath: string;
  /**
   * The screen's import pages, a button each, shown to writers before Add (`{ label: 'Import',
   * path: '/dashboard/drugs/conditions/import' }`). Left out, the screen has none.
   */
  imports?: readonly ImportLink[];
  /**
   * 'whole': the server answers the whole list, which the grid pages, sorts and searches itself
   * (the CSV export too); left out, the server pages, sorts, searches and filters.
   */
  paging?: 'server' | 'whole';
  /**
   * The data columns; ResourcePage adds History, Edit and Delete. Left out when `useScreen` gives
   * the columns (their cells call the screen's own actions).
   */
  columns?: readonly GridColDef<Row>[];
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
   * The grid's own column filters (its column menu's Filter), handed to `useApi` as
   * `query.filterItems` for the definition to send as the contract names them.
   */
  columnFilters?: boolean;
  /** How long typing in the search pauses before the server is asked; default at once. */
  searchDebounceMs?: number;
  /** False for a list the contract cannot search (no `q`): the grid offers no quick search. */
  searchable?: boolean;
  /** Styles around the grid, for classes the columns' cells use. */
  gridSx?: SxProps<Theme>;
  /**
   * The calls, as a hook (it runs on every render of the screen): `filters` holds the set
   * filters by query parameter (pass them to the list query under the generated names).
   */
  useApi: (query: ListQuery, filters: FilterParams) => ResourceApi<Row, TOutput>;
  /** The screen's own columns, buttons, notices and dialogs, as a hook (see ScreenSlots). */
  useScreen?: (list: ResourceList<Row>) => ScreenSlots<Row>;
  /** The toasts of each write of the shared form and confirm. */
  feedback?: ResourceFeedback;
  /** The shared add/edit form (Add, and Edit on each row); left out, the screen has none. */
  form?: {
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
  /** The shared delete confirm (Delete on each row); left out, the screen has none. */
  remove?: {
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
