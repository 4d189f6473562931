import { useLayoutEffect } from 'react';
import { api, useListMedicationsQuery } from '@/api';
import { firstPage } from '@/lib/listPage';
import { chunk } from '@/components/chunk';
import { FullPageSpinner } from '@/components/FullPageSpinner';
import { PageHeader } from '@/components/PageHeader';

/** The grid's first query: its first page by name (MedicationsGrid's first order). */
const FIRST_PAGE = firstPage('name');

const medicationsGrid = chunk(
  () => import('./MedicationsGrid').then((module) => module.MedicationsGrid),
  <>
    <PageHeader title="Medications Management" />
    <FullPageSpinner label="Loading medications" />
  </>,
);
const MedicationsGrid = medicationsGrid.Component;
// The page always shows the grid: its code is asked for with this module's (and, opened by its
// address, already on its way: see the router's preloadRouteCode), so that it is there, or
// nearly, when the page first renders.
medicationsGrid.preload().catch(() => undefined);

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
  return <MedicationsGrid />;
}
