import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
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
  /** The Add button's text, e.g. 'Add Condition'; with `onAdd`, else there is no Add button. */
  addLabel?: string;
  onAdd?: () => void;
  /** The screen's import pages: a button each before Add ('Import'); left out, none. */
  imports?: readonly { label: string; path: string }[];
  /** The screen's own header buttons, before Import and Add. */
  actions?: ReactNode;
  /** The list query's error: shown in a red banner above the grid. */
  error?: unknown;
  /** The banner's title, e.g. 'Failed to fetch drug interactions'. */
  errorTitle?: string;
  /** The banner's text when the error has no message of its own. */
  errorFallback?: string;
  gridLabel?: string;
  /** Shown between the banner and the filters: a summary, or a problem to report. */
  notice?: ReactNode;
  /** Filter controls, shown between the title and the grid. */
  filters?: ReactNode;
  /** The screen's dialogs (LazyCrudFormDialog, ConfirmDialog, the record history). */
  children?: ReactNode;
}

/**
 * A list screen: title, the screen's own buttons, Import and Add, a red banner when the list
 * failed to load, a notice and the filter controls when the screen has them, and the grid
 * (CrudGrid: toolbar, progress bar, empty text). The feature passes its columns, texts and dialogs.
 * The Add and Import buttons show only to a user who may write (a viewer reads).
 */
export function CrudPage<Row extends GridValidRowModel>({
  title,
  subtitle,
  addLabel,
  onAdd,
  imports,
  actions,
  error,
  errorTitle,
  errorFallback,
  gridLabel,
  emptyText,
  notice,
  filters,
  children,
  ...grid
}: CrudPageProps<Row>) {
  const canWrite = useCanWrite();
  const canAdd = canWrite && addLabel !== undefined && onAdd !== undefined;
  const canImport = canWrite && imports !== undefined && imports.length > 0;
  useEffect(() => {
    if (canAdd) preloadCrudFormDialog();
  }, [canAdd]);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          (actions || canAdd || canImport) && (
            <>
              {actions}
              {canImport &&
                imports.map(({ label, path }) => (
                  <Button key={path} variant="outlined" component={RouterLink} to={path}>
                    {label}
                  </Button>
                ))}
              {canAdd && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
                  {addLabel}
                </Button>
              )}
            </>
          )
        }
      />
      {error !== undefined && error !== null && (
        <ErrorBanner title={errorTitle} message={messageOf(error, errorFallback)} sx={{ mb: 2 }} />
      )}
      {notice}
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
