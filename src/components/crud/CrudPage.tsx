import { useEffect, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { ErrorBanner } from '@/components/ErrorBanner';
import { PageHeader } from '@/components/PageHeader';
import { useCanWrite } from '@/session/permissions';
import { messageOf } from '@/lib/errors';
import { CrudGrid, type CrudGridProps } from './CrudGrid';
import { preloadCrudFormDialog } from './LazyCrudFormDialog';

export interface CrudPageProps<Row extends GridValidRowModel> extends Omit<
  CrudGridProps<Row>,
  'label'
> {
  /** The page's h1, also the grid's accessible name unless `gridLabel` is given. */
  title: string;
  subtitle?: string;
  /** The Add button's text, e.g. 'Add Condition'. */
  addLabel: string;
  onAdd: () => void;
  /** The list query's error: shown in a red banner above the grid. */
  error?: unknown;
  /** The banner's title, e.g. 'Failed to fetch drug interactions'. */
  errorTitle?: string;
  gridLabel?: string;
  /** Filter controls, shown between the title and the grid. */
  filters?: ReactNode;
  /** The screen's dialogs (LazyCrudFormDialog, ConfirmDialog, the record history). */
  children?: ReactNode;
}

/**
 * A list screen: title and Add button, a red banner when the list failed to load, the filter
 * controls when the screen has any, and the grid (CrudGrid: toolbar, progress bar, empty text).
 * The feature passes its columns, texts and dialogs.
 * The Add button shows only to a user who may write (a viewer reads).
 */
export function CrudPage<Row extends GridValidRowModel>({
  title,
  subtitle,
  addLabel,
  onAdd,
  error,
  errorTitle,
  gridLabel,
  emptyText,
  filters,
  children,
  ...grid
}: CrudPageProps<Row>) {
  const canWrite = useCanWrite();
  useEffect(() => {
    if (canWrite) preloadCrudFormDialog();
  }, [canWrite]);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
              {addLabel}
            </Button>
          )
        }
      />
      {error !== undefined && error !== null && (
        <ErrorBanner title={errorTitle} message={messageOf(error)} sx={{ mb: 2 }} />
      )}
      {filters}
      <CrudGrid
        {...grid}
        label={gridLabel ?? title}
        // With a failed load, "nothing found" would mislead: the banner says what happened.
        emptyText={error ? '' : emptyText}
      />
      {children}
    </>
  );
}
