import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useImportReferenceDataMutation, type ImportError, type ImportResult } from '@/api';
import { CompactGrid } from '@/components/CompactGrid';
import { ConfirmDialog } from '@/components/crud/ConfirmDialog';
import { serverMessage, useMutationFeedback } from '@/lib/useMutationFeedback';
import {
  countsText,
  errorsText,
  IMPORT_ENTITIES,
  isImportEntity,
  listedText,
  previewLines,
  type PreviewLine,
} from './importFormat';

const ERROR_COLUMNS: GridColDef<ImportError & { key: string }>[] = [
  { field: 'row', headerName: 'Row', type: 'number', width: 80 },
  { field: 'field', headerName: 'Column', width: 180 },
  { field: 'message', headerName: 'Problem', flex: 1, minWidth: 240 },
];

const LINE_COLUMNS: GridColDef<PreviewLine>[] = [
  { field: 'row', headerName: 'Row', type: 'number', width: 80 },
  { field: 'kind', headerName: 'Import', width: 110 },
  { field: 'label', headerName: 'Record', flex: 1, minWidth: 180 },
  { field: 'changes', headerName: 'Fields (before → after)', flex: 2, minWidth: 260 },
];

/**
 * The file as the import reads it: a CSV body, whatever type the browser gave the file (an empty
 * one on some systems). Read as text first: a Blob of the File itself is not sent as its bytes by
 * every fetch (Node's, under test, sends its name), and FileReader reads files everywhere.
 */
async function csvBody(file: File): Promise<Blob> {
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
  return new Blob([text], { type: 'text/csv' });
}

/**
 * Imports one entity's records from a CSV file with its export's columns: choosing the file runs a
 * dry run, whose preview lists the file's errors first, then what would be created, changed
 * (each field before and after) and left unchanged, and the test prescriptions it would alter.
 * Apply stores it (after a confirmation) and is offered only for a file without errors.
 */
export function ImportPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('entity');
  const entity = isImportEntity(asked) ? asked : 'conditions';
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [runImport, { isLoading }] = useImportReferenceDataMutation();
  const run = useMutationFeedback();
  const input = useRef<HTMLInputElement>(null);

  const dryRun = async (chosen: File, target = entity) => {
    setPreview(null);
    const result = await run(
      runImport({
        entity: target,
        dryRun: true,
        fileName: chosen.name,
        body: await csvBody(chosen),
      }),
    ).catch(() => null);
    setPreview(result?.data ?? null);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after it is fixed.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    void dryRun(chosen);
  };

  const apply = async () => {
    if (!file) return;
    await run(
      runImport({ entity, dryRun: false, fileName: file.name, body: await csvBody(file) }),
      { success: serverMessage('Imported') },
    );
    setFile(null);
    setPreview(null);
  };

  const lines = useMemo(() => (preview ? previewLines(preview) : []), [preview]);
  const errors = useMemo(
    () => (preview?.errors ?? []).map((error, i) => ({ ...error, key: String(i) })),
    [preview],
  );
  const hasErrors = (preview?.counts.errors ?? 0) > 0;
  const label = IMPORT_ENTITIES.find((e) => e.value === entity)?.label ?? entity;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Import
      </Typography>
      <Typography color="text.secondary">
        Choose a CSV file with the columns of the list&apos;s CSV export. Rows match records by
        code, else by name: a match is updated, anything else is created, and records the file
        leaves out are kept. Nothing is stored until you apply the preview.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Records"
          value={entity}
          onChange={(event) => {
            setParams({ entity: event.target.value });
            setPreview(null);
            setFile(null);
          }}
          sx={{ minWidth: 220 }}
        >
          {IMPORT_ENTITIES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
          disabled={isLoading}
        >
          Choose CSV file
        </Button>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label="CSV file"
          onChange={choose}
        />
        {file && <Typography>{file.name}</Typography>}
      </Stack>
      {isLoading && <LinearProgress aria-label="Reading the file" />}
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            {hasErrors && (
              <>
                <Alert severity="error">{errorsText(preview)}</Alert>
                <CompactGrid
                  label="Errors"
                  rows={errors}
                  columns={ERROR_COLUMNS}
                  getRowId={(row) => row.key}
                  maxHeight="360px"
                />
              </>
            )}
            <Typography role="status">
              {label}: {preview.rows.toLocaleString('en')} rows read; {countsText(preview)}.
            </Typography>
            {listedText(preview) && (
              <Typography color="text.secondary">{listedText(preview)}</Typography>
            )}
            {lines.length > 0 && (
              <CompactGrid
                label="Preview"
                rows={lines}
                columns={LINE_COLUMNS}
                getRowId={(row) => row.key}
                maxHeight="480px"
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
        message={`Store the file's ${label.toLowerCase()} as previewed: ${preview ? countsText(preview) : ''}. Each change goes to the history and awaits review.`}
        details={file?.name}
        confirmLabel="Apply"
        destructive={false}
        onConfirm={apply}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
