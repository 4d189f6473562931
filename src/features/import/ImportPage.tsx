import { useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useImportReferenceDataMutation, type ImportEntity, type ImportResult } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { PageHeader } from '@/components/PageHeader';
import { messageOf } from '@/lib/errors';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import {
  countsText,
  errorsText,
  summaryText,
  isBundleFile,
  listedText,
  previewLines,
  type PreviewLine,
} from './importFormat';
import { IMPORT_TARGETS, importEntityAt } from './importTargets';

const LINE_COLUMNS: GridColDef<PreviewLine>[] = [
  { field: 'row', headerName: 'Row', type: 'number', width: 70 },
  {
    field: 'kind',
    headerName: 'Result',
    width: 110,
    renderCell: ({ row }) =>
      row.kind === 'Error' ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          Error
        </Box>
      ) : (
        row.kind
      ),
  },
  { field: 'label', headerName: 'Record', flex: 1, minWidth: 160 },
  { field: 'column', headerName: 'Column', width: 150 },
  {
    field: 'details',
    headerName: 'Problem, or fields (before → after)',
    flex: 2,
    minWidth: 260,
    sortable: false,
    valueGetter: (_value, row) => row.details.join('; '),
    renderCell: ({ row }) => (
      <Box sx={{ py: 0.5 }}>
        {row.details.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </Box>
    ),
  },
];

/** A FHIR Bundle's rows are of several entities: the grid says which each is of. */
const BUNDLE_COLUMNS: GridColDef<PreviewLine>[] = [
  ...LINE_COLUMNS.slice(0, 2),
  { field: 'entity', headerName: 'Records', width: 150 },
  ...LINE_COLUMNS.slice(2),
];

/**
 * The file's text, as the import reads it: `text/csv`, or `application/fhir+json` for a FHIR
 * Bundle, whatever type the browser gave the file (an empty one on some systems). Read as text
 * first: a Blob of the File itself is not sent as its bytes by every fetch (Node's, under test,
 * sends its name), and FileReader reads files everywhere.
 */
async function fileBody(file: File): Promise<Blob> {
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
  return new Blob([text], { type: isBundleFile(file) ? 'application/fhir+json' : 'text/csv' });
}

/**
 * One entity's import (each list screen that imports links to its own): choosing a file, with the
 * button or by dropping it on the page, runs a dry run (a CSV file of this entity, or a FHIR
 * Bundle of any), whose preview lists the file's errors first, then what would be created,
 * changed (each field before and after) and left unchanged, and the test prescriptions it would
 * alter. Apply stores it (after a confirmation), is offered only for a file without errors, and
 * goes back to the list, which the import's cache tags refresh.
 */
export function ImportPage({ entity }: { entity: ImportEntity }) {
  const { label, listPath, listLabel = label } = IMPORT_TARGETS[entity];
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [runImport, { isLoading }] = useImportReferenceDataMutation();
  const run = useMutationFeedback();
  const input = useRef<HTMLInputElement>(null);

  // A CSV file holds one entity's rows; a FHIR Bundle names the entity of each of its resources.
  const send = (chosen: File, dryRun: boolean, body: Blob) =>
    runImport({
      ...(isBundleFile(chosen) ? {} : { entity }),
      dryRun,
      fileName: chosen.name,
      body,
    });

  const dryRun = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setRefusal(null);
    try {
      // The page shows a refusal (a file it cannot read) itself, under the file's name.
      const body = await fileBody(chosen);
      const result = await run(send(chosen, true, body), { quiet: true });
      setPreview(result.data);
    } catch (error) {
      setRefusal(messageOf(error));
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after it is fixed.
    event.target.value = '';
    if (chosen) void dryRun(chosen);
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files[0];
    if (chosen && !isLoading) void dryRun(chosen);
  };

  const apply = async () => {
    if (!file) return;
    setRefusal(null);
    try {
      const body = await fileBody(file);
      await run(send(file, false, body), { success: serverMessage('Imported') });
      navigate(listPath);
    } catch (error) {
      // The toast said it too; the page keeps it while the preview stays.
      setRefusal(messageOf(error));
    }
  };

  const lines = useMemo(() => (preview ? previewLines(preview) : []), [preview]);
  const hasErrors = (preview?.counts.errors ?? 0) > 0;
  const listed = preview && listedText(preview);
  const bundle = preview?.entity === 'fhir-bundle';

  return (
    <Stack spacing={2}>
      <PageHeader
        title={`Import ${label}`}
        actions={
          <Button component={RouterLink} to={listPath} startIcon={<ArrowBackIcon />}>
            Back to {listLabel}
          </Button>
        }
      />
      <Typography color="text.secondary">
        Choose a CSV file with the columns of the list&apos;s CSV export, or a FHIR R4 Bundle
        (.json) of the resources the FHIR export writes. Rows match records by code, else by name: a
        match is updated, anything else is created, and records the file leaves out are kept.
        Nothing is stored until you apply the preview.
      </Typography>
      <Paper
        variant="outlined"
        aria-label="Drop a file here"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          p: 3,
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => input.current?.click()}
            disabled={isLoading}
          >
            Choose file
          </Button>
          <Typography color="text.secondary">or drop a .csv or .json file here</Typography>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv,.json,application/json,application/fhir+json"
            hidden
            aria-label="Import file"
            onChange={choose}
          />
          {file && <Typography sx={{ fontWeight: 600 }}>{file.name}</Typography>}
        </Stack>
      </Paper>
      {isLoading && <LinearProgress aria-label="Reading the file" />}
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {hasErrors && <Alert severity="error">{errorsText(preview)}</Alert>}
            <Typography role="status" aria-label="Import summary">
              {summaryText(preview, bundle ? 'FHIR Bundle' : label)}
            </Typography>
            {listed && <Typography color="text.secondary">{listed}</Typography>}
            {lines.length > 0 && (
              <CompactGrid
                label="Preview"
                rows={lines}
                columns={bundle ? BUNDLE_COLUMNS : LINE_COLUMNS}
                getRowId={(row) => row.key}
                maxHeight="520px"
                autoRowHeights
              />
            )}
            {preview.tests && (
              <Box>
                <Typography variant="subtitle1" component="h2">
                  Test prescriptions
                </Typography>
                {preview.tests.altered === 0 ? (
                  <Typography>
                    The import alters none of the {preview.tests.total} test prescriptions.
                  </Typography>
                ) : (
                  <Box component="ul" aria-label="Altered test prescriptions" sx={{ m: 0 }}>
                    {preview.tests.tests.map((test) => (
                      <Box
                        component="li"
                        key={test.id}
                        sx={test.status === 'worse' ? { color: 'error.main' } : undefined}
                      >
                        <strong>{test.name}</strong>
                        {test.status === 'worse'
                          ? ' would be worse than expected'
                          : test.status === 'pass'
                            ? ' would pass'
                            : ' would no longer pass'}
                        : {test.differences.map((d) => d.message).join('; ')}
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            )}
            <Box>
              <Button
                variant="contained"
                disabled={hasErrors || isLoading}
                onClick={() => setConfirming(true)}
              >
                Apply
              </Button>
            </Box>
          </Stack>
        </Paper>
      )}
      <ConfirmDialog
        open={confirming}
        title="Apply this import?"
        message={`Store the file's ${bundle ? 'records' : label.toLowerCase()} as previewed: ${preview ? countsText(preview) : ''}. Each change goes to the history and awaits review.`}
        details={file?.name}
        confirmLabel="Apply"
        destructive={false}
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * The import page at `/dashboard/drugs/<list>/import`: the entity imported there (an address of no
 * import goes to the dashboard).
 */
export function ImportRoute() {
  const entity = importEntityAt(useLocation().pathname.replace(/\/+$/, ''));
  if (!entity) return <Navigate to="/dashboard" replace />;
  // A new page per entity: nothing of one entity's file stays for another's.
  return <ImportPage key={entity} entity={entity} />;
}
