import {
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckIcon from '@mui/icons-material/Check';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import {
  ColumnsPanelTrigger,
  DataGrid,
  ExportCsv,
  FilterPanelTrigger,
  GridOverlay,
  QuickFilter,
  QuickFilterClear,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
  gridDensitySelector,
  gridFilterModelSelector,
  gridPaginationModelSelector,
  gridRowCountSelector,
  gridSortModelSelector,
  gridSortedRowIdsSelector,
  useGridApiContext,
  useGridApiRef,
  useGridSelector,
  type GridColDef,
  type GridCsvExportOptions,
  type GridDensity,
  type GridFilterModel,
  type GridPaginationModel,
  type GridRowParams,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import FilterListIcon from '@mui/icons-material/FilterList';
import type { SxProps, Theme } from '@mui/material/styles';

export interface CrudGridProps<Row extends GridValidRowModel> {
  /** The records; undefined while the first load runs. Each needs an `id`. */
  rows: readonly Row[] | undefined;
  /** The columns (memoise them). editDeleteColumns() adds the Edit/Delete actions. */
  columns: readonly GridColDef<Row>[];
  /** Shows a progress bar over the grid (a first load or a refresh after a change). */
  loading: boolean;
  /** The grid's accessible name, e.g. 'Conditions'. */
  label: string;
  /** Shown when there are no records, e.g. 'No conditions found. Add a new condition to get started.' */
  emptyText: string;
  /** Shown under the progress bar while there is nothing to show yet, e.g. 'Loading interactions...'. */
  loadingText?: string;
  /** The quick search's accessible name. Default 'Search'. */
  searchLabel?: string;
  /** False for a list the server cannot search (its contract has no `q`): no quick search. */
  searchable?: boolean;
  /**
   * The CSV file's name, without extension, for a grid that exports its own rows; left out (and no
   * `server.exportCsv`), the grid offers no export.
   */
  exportFileName?: string;
  /** The first sort, e.g. `[{ field: 'name', sort: 'asc' }]`. */
  initialSort?: GridSortModel;
  /** Fields of columns hidden at first (the column chooser shows them). */
  hiddenColumns?: readonly string[];
  /**
   * Paging, sorting and the quick search on the server: the grid shows `rows` as the current page
   * of `rowCount` matches and reports what the user asks for through the controlled models.
   * Left out, the grid pages, sorts and searches `rows` itself.
   */
  server?: ServerSide;
  /** A click on a row (its cells' own buttons and links keep their clicks). */
  onRowClick?: (row: Row) => void;
  /** Styles around the grid, for classes the columns' cells use. */
  sx?: SxProps<Theme>;
}

/** Wider than any list's columns together: no column is left out of the rendered rows. */
const COLUMN_BUFFER_PX = 4000;

/** Whether two sort models ask for the same first order (the grid reports a model again as new). */
export function sameSort(a: GridSortModel, b: GridSortModel): boolean {
  return a[0]?.field === b[0]?.field && a[0]?.sort === b[0]?.sort;
}

/** The controlled state of a grid whose server pages, sorts and searches. */
export interface ServerSide {
  /** How many rows match in all (the answer's `meta.total`). */
  rowCount: number;
  /**
   * Set when `rowCount` is the server's estimate: whether a later page holds rows. The pager then
   * says "around N" and offers a next page exactly while one exists.
   */
  hasNextPage?: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  /** The quick search's words are in `quickFilterValues`. */
  filterModel: GridFilterModel;
  onFilterModelChange: (model: GridFilterModel) => void;
  /**
   * Downloads every match as CSV from the server (the grid holds one page): the export button
   * shows progress until it resolves. Left out, no export.
   */
  exportCsv?: () => Promise<void>;
  /** Whether the column filters (column menu and toolbar) are on, for the server to apply. */
  columnFilters?: boolean;
  /** How long typing in the search pauses before it is reported; default at once. */
  searchDebounceMs?: number;
}

interface ToolbarTexts {
  searchLabel: string;
  /** The toolbar offers the quick search. */
  searchable?: boolean;
  loadingText?: string;
  exportFileName?: string;
  /** The server's CSV export, when the server holds the rows. */
  exportCsv?: () => Promise<void>;
  /** The toolbar offers the column filters. */
  columnFilters?: boolean;
}

/** The texts of the toolbar and the loading overlay, which the grid renders as slots. */
const GridTexts = createContext<ToolbarTexts>({ searchLabel: 'Search' });

const DENSITIES: { value: GridDensity; label: string }[] = [
  { value: 'compact', label: 'Compact' },
  { value: 'standard', label: 'Standard' },
  { value: 'comfortable', label: 'Comfortable' },
];

function DensityMenu() {
  const apiRef = useGridApiContext();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const menuId = useId();
  return (
    <>
      <Tooltip title="Density">
        <ToolbarButton
          aria-haspopup="true"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <DensityMediumIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {DENSITIES.map((option) => (
          <MenuItem
            key={option.value}
            selected={density === option.value}
            onClick={() => {
              apiRef.current?.setDensity(option.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              {density === option.value && <CheckIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{option.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Every row, in the grid's current sort order, whatever the search or page. */
const ALL_ROWS: GridCsvExportOptions['getRowsToExport'] = ({ apiRef }) =>
  gridSortedRowIdsSelector(apiRef);

/** Exports every match through the server, with a spinner until the download starts. */
function ServerExportButton({ exportCsv }: { exportCsv: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Tooltip title="Export all rows as CSV">
      <ToolbarButton
        aria-label="Export all rows as CSV"
        aria-busy={busy}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void exportCsv().finally(() => setBusy(false));
        }}
      >
        {busy ? (
          <CircularProgress size={18} aria-label="Exporting" />
        ) : (
          <FileDownloadIcon fontSize="small" />
        )}
      </ToolbarButton>
    </Tooltip>
  );
}

function CrudToolbar() {
  const { searchLabel, searchable, exportFileName, exportCsv, columnFilters } =
    useContext(GridTexts);
  return (
    <Toolbar>
      {searchable === false ? (
        <Box sx={{ flexGrow: 1 }} />
      ) : (
        <QuickFilter expanded style={{ flexGrow: 1, display: 'flex' }}>
          <QuickFilterControl
            render={({ ref, slotProps, ...controlProps }) => (
              <TextField
                {...controlProps}
                inputRef={ref}
                size="small"
                placeholder="Search…"
                sx={{ width: { xs: '100%', sm: 320 } }}
                slotProps={{
                  ...slotProps,
                  htmlInput: { ...slotProps?.htmlInput, 'aria-label': searchLabel },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                    endAdornment: controlProps.value ? (
                      <InputAdornment position="end">
                        <QuickFilterClear edge="end" size="small" aria-label="Clear search">
                          <CancelIcon fontSize="small" />
                        </QuickFilterClear>
                      </InputAdornment>
                    ) : null,
                  },
                }}
              />
            )}
          />
        </QuickFilter>
      )}
      <Tooltip title="Columns">
        <ColumnsPanelTrigger render={<ToolbarButton />}>
          <ViewColumnIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      {columnFilters && (
        <Tooltip title="Filters">
          <FilterPanelTrigger render={<ToolbarButton />}>
            <FilterListIcon fontSize="small" />
          </FilterPanelTrigger>
        </Tooltip>
      )}
      <DensityMenu />
      {exportCsv ? (
        <ServerExportButton exportCsv={exportCsv} />
      ) : (
        exportFileName && (
          <Tooltip title="Export all rows as CSV">
            <ExportCsv
              render={<ToolbarButton />}
              options={{ fileName: exportFileName, getRowsToExport: ALL_ROWS, utf8WithBom: true }}
            >
              <FileDownloadIcon fontSize="small" />
            </ExportCsv>
          </Tooltip>
        )
      )}
    </Toolbar>
  );
}

/** A progress bar across the top of the rows; with no rows yet, also the loading text. */
function LoadingOverlay() {
  const { loadingText } = useContext(GridTexts);
  const apiRef = useGridApiContext();
  const rowCount = useGridSelector(apiRef, gridRowCountSelector);
  return (
    <GridOverlay style={{ display: 'block' }}>
      <LinearProgress aria-label={loadingText ?? 'Loading'} />
      {rowCount === 0 && loadingText && (
        <Typography role="status" color="text.secondary" sx={{ textAlign: 'center', mt: 3 }}>
          {loadingText}
        </Typography>
      )}
    </GridOverlay>
  );
}

// Props that stay the same objects from render to render: the DataGrid is memoised, so a render
// of the screen that changes none of its props (a request going from started to pending) skips
// rendering every cell again.
const SLOTS = { toolbar: CrudToolbar, loadingOverlay: LoadingOverlay };
const NO_ROWS: readonly never[] = [];
const PAGE_SIZES = [10, 25, 50, 100];
const NO_PAGINATION_META = {};
const GRID_BOX = { display: 'flex', flexDirection: 'column', width: '100%' } as const;

/** What changes as the user pages, sorts and searches, and as the server answers. */
interface GridInputs<Row extends GridValidRowModel> {
  rows: readonly Row[];
  loading: boolean;
  server?: Pick<
    ServerSide,
    'rowCount' | 'hasNextPage' | 'paginationModel' | 'sortModel' | 'filterModel'
  >;
}

const quickSearch = (model: GridFilterModel) => (model.quickFilterValues ?? []).join(' ');

/** Whether the grid already shows the search (and column filters) the screen holds. */
function sameSearch(
  apiRef: ReturnType<typeof useGridApiRef>,
  server: Pick<ServerSide, 'filterModel'>,
): boolean {
  const shown = gridFilterModelSelector(apiRef);
  return (
    quickSearch(shown) === quickSearch(server.filterModel) &&
    JSON.stringify(shown.items) === JSON.stringify(server.filterModel.items)
  );
}

/** The grid's row count: the total, or -1 (unknown) when the server could only estimate it. */
function gridRowCount(server: Pick<ServerSide, 'rowCount' | 'hasNextPage'>): number {
  return server.hasNextPage === undefined ? server.rowCount : -1;
}

/** An exact count says nothing of a next page; an estimate says whether there is one. */
function paginationMeta(hasNextPage: boolean | undefined) {
  return hasNextPage === undefined ? NO_PAGINATION_META : { hasNextPage };
}

/**
 * Gives the DataGrid `inputs` through its API rather than its props, and answers the first ones,
 * for its props and initial state. Its components read every one of its props from one context,
 * so a new prop draws every row's cells again: a page change did so three times (the page asked
 * for, the answer's rows, then the rows applied in an effect), and each time drew every row's
 * buttons, tooltips and badges. Applied through the API, the page asked for draws the footer, the
 * progress bar draws the overlay, and the answer draws the rows once.
 */
function useInputsThroughApi<Row extends GridValidRowModel>(
  apiRef: ReturnType<typeof useGridApiRef>,
  inputs: GridInputs<Row>,
): GridInputs<Row> {
  const [first] = useState(inputs);
  const applied = useRef(first);
  useLayoutEffect(() => {
    const api = apiRef.current;
    const last = applied.current;
    applied.current = inputs;
    if (!api) return;
    const { rows, loading, server } = inputs;
    // setRows takes the progress bar from the grid's props (the first one): it is set again after.
    if (rows !== last.rows) api.setRows([...rows]);
    if (rows !== last.rows || loading !== last.loading) api.setLoading(loading);
    if (!server) return;
    if (
      server.rowCount !== last.server?.rowCount ||
      server.hasNextPage !== last.server?.hasNextPage
    )
      api.setRowCount(gridRowCount(server));
    const page = gridPaginationModelSelector(apiRef);
    if (
      page.page !== server.paginationModel.page ||
      page.pageSize !== server.paginationModel.pageSize
    )
      api.setPaginationModel(server.paginationModel);
    if (!sameSort(gridSortModelSelector(apiRef), server.sortModel))
      api.setSortModel(server.sortModel);
    if (gridFilterModelSelector(apiRef) !== server.filterModel && !sameSearch(apiRef, server))
      api.setFilterModel(server.filterModel);
  });
  return first;
}

/**
 * An MUI X DataGrid with the list screens' toolbar (quick search, column chooser, density, CSV export
 * of all rows), a progress bar over the rows while loading, and the screen's empty text. It grows
 * with its rows (a page of 25 by default).
 */
export function CrudGrid<Row extends GridValidRowModel>({
  rows,
  columns,
  loading,
  label,
  emptyText,
  loadingText,
  searchLabel = 'Search',
  searchable = true,
  exportFileName,
  initialSort,
  hiddenColumns,
  server,
  onRowClick,
  sx,
}: CrudGridProps<Row>) {
  const columnFilters = server?.columnFilters;
  const texts = useMemo(
    () => ({
      searchLabel,
      searchable,
      loadingText,
      exportFileName,
      exportCsv: server?.exportCsv,
      columnFilters,
    }),
    [searchLabel, searchable, loadingText, exportFileName, server?.exportCsv, columnFilters],
  );
  // A prop: the grid keeps it as it is given (controlled); it changes only with an estimate.
  const hasNextPage = server?.hasNextPage;
  const meta = useMemo(() => paginationMeta(hasNextPage), [hasNextPage]);
  const rowClick = useMemo(
    () => onRowClick && (({ row }: GridRowParams<Row>) => onRowClick(row)),
    [onRowClick],
  );
  const localeText = useMemo(
    () => ({ noRowsLabel: emptyText, noResultsOverlayLabel: emptyText }),
    [emptyText],
  );
  const apiRef = useGridApiRef();
  const first = useInputsThroughApi(apiRef, { rows: rows ?? NO_ROWS, loading, server });
  const [initialState] = useState(() => ({
    pagination: {
      paginationModel: first.server?.paginationModel ?? { pageSize: 25, page: 0 },
      rowCount: first.server && gridRowCount(first.server),
    },
    sorting: { sortModel: first.server?.sortModel ?? initialSort ?? [] },
    filter: first.server && { filterModel: first.server.filterModel },
    columns: {
      columnVisibilityModel: Object.fromEntries(
        (hiddenColumns ?? []).map((field) => [field, false]),
      ),
    },
  }));
  return (
    <GridTexts.Provider value={texts}>
      <Box sx={[GRID_BOX, ...(Array.isArray(sx) ? sx : [sx])]}>
        <DataGrid
          apiRef={apiRef}
          rows={first.rows}
          columns={columns}
          // With an estimated count the pager reads the prop (it waits while a page loads).
          loading={hasNextPage === undefined ? first.loading : loading}
          aria-label={label}
          showToolbar
          slots={SLOTS}
          localeText={localeText}
          initialState={initialState}
          pageSizeOptions={PAGE_SIZES}
          disableRowSelectionOnClick
          // Every column of a row is rendered (a list has about ten; rows stay virtualized), so a
          // row scrolled to its actions still names its record: to a screen reader, and after a
          // delete from the far right, to whoever looks for the rows that are left.
          columnBufferPx={COLUMN_BUFFER_PX}
          onRowClick={rowClick}
          estimatedRowCount={server?.hasNextPage === undefined ? undefined : server.rowCount}
          {...(server && {
            paginationMode: 'server',
            // The count is the grid's state (initialState, then setRowCount), not a `rowCount`
            // prop, which would make it controlled. MUI X warns of server paging with neither a
            // `rowCount` nor a `paginationMeta`: an empty one says nothing of a next page, and
            // with an estimated count it says whether there is one.
            paginationMeta: meta,
            sortingMode: 'server',
            filterMode: 'server',
            disableColumnFilter: !columnFilters,
            // Each keystroke asks the server at once unless the screen waits for typing to pause:
            // a search answers in milliseconds, and a pause would be most of the time to the
            // filtered rows. The list screens abort the letter before's request if it is still
            // unanswered (useAbortSuperseded), and the server then stops reading it.
            filterDebounceMs: server.searchDebounceMs ?? 0,
            onPaginationModelChange: server.onPaginationModelChange,
            onSortModelChange: server.onSortModelChange,
            onFilterModelChange: server.onFilterModelChange,
          })}
        />
      </Box>
    </GridTexts.Provider>
  );
}
