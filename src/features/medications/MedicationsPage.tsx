import { lazy, Suspense, useLayoutEffect } from 'react';
import { api, useListMedicationsQuery } from '@/api';
import { firstPage } from '@/lib/listPage';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { PageHeader } from '@/components/PageHeader';

/** The grid's first query: its first page by name (MedicationsGrid's first order). */
const FIRST_PAGE = firstPage('name');

const MedicationsGrid = lazy(() =>
  import('./MedicationsGrid').then((module) => ({ default: module.MedicationsGrid })),
);

/**
 * /dashboard/drugs/medications (Medications Management). This small chunk starts loading the
 * medication list's first page at once, while the grid's code (the DataGrid, the largest chunk)
 * downloads and starts, rather than after it: the two overlap instead of adding up.
 */
export function MedicationsPage() {
  // Asked for in a layout effect, right after this first render commits (a passive effect, where
  // the query hook asks, can wait for the next paint while the grid's code is being evaluated).
  const prefetch = api.usePrefetch('listMedications');
  useLayoutEffect(() => prefetch(FIRST_PAGE), [prefetch]);
  useListMedicationsQuery(FIRST_PAGE);
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title="Medications Management" />
          <FullPageSpinner label="Loading medications" />
        </>
      }
    >
      <MedicationsGrid />
    </Suspense>
  );
}
