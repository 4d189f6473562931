import Box from '@mui/material/Box';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { CodeSystem } from '@contract/enums';
import type { Control, FieldValues } from 'react-hook-form';
import { chunk } from '@/components/chunk';
import type { CrudField } from '@/components/crud/CrudFields';
import type { ColumnSize } from '@/components/crud/columns';
import type { CodesForm } from '@/components/form/CodesEditor';
import { codeLabel, type StoredCode } from '@/lib/codes';

// A record's standard codes on the pages: chips, a list column and the form field. One module,
// as every page that shows codes also edits them.

/**
 * A record's standard codes as small chips ("ATC B01AA03"), the display name as their title.
 * Drawn with Box rather than MUI's Chip, which would add its code to every list page that shows
 * codes, and those pages are at their size budget.
 */
export function CodeChips({ codes }: { codes: readonly StoredCode[] }) {
  if (!codes.length) return null;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
    >
      {codes.map((code) => (
        <Box
          component="span"
          key={`${code.system} ${code.code}`}
          title={code.display ?? undefined}
          sx={{
            px: 1,
            lineHeight: '22px',
            fontSize: '0.8125rem',
            border: 1,
            borderColor: 'divider',
            borderRadius: 4,
            whiteSpace: 'nowrap',
          }}
        >
          {codeLabel(code)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * A record's standard codes as chips ("ATC B01AA03"); the cell's value is their text, so the grid
 * exports and reads out what the user sees.
 */
export function codesColumn<Row extends GridValidRowModel & { codes: StoredCode[] }>(
  size: ColumnSize = { flex: 1, minWidth: 160 },
): GridColDef<Row, string> {
  return {
    field: 'codes',
    headerName: 'Codes',
    sortable: false,
    ...size,
    valueGetter: (_value, row) => row.codes.map(codeLabel).join(', '),
    renderCell: ({ row }) => <CodeChips codes={row.codes} />,
  };
}

/** The codes editor is a chunk of its own: the list pages that offer it are near their budget. */
const { Component: LazyCodesEditor } = chunk(
  () => import('@/components/form/CodesEditor').then((module) => module.CodesEditor),
  null,
);

/**
 * The form field of a record's standard codes, for a form whose values hold `codes` rows: the
 * editor works on that part of the form alone.
 */
export function codesField<T extends FieldValues & CodesForm>(
  systems: readonly CodeSystem[],
): CrudField<T> {
  return {
    kind: 'custom',
    key: 'codes',
    render: (form) => (
      <LazyCodesEditor
        // The form holds more than its codes; the editor reads and writes only `codes`.
        control={form.control as unknown as Control<CodesForm>}
        systems={systems}
      />
    ),
  };
}
