import { configure, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Medication } from '@/api';
import { makeStore } from '@/app/store';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { noHistory, signedIn } from '@/test/fixtures';
import { ageDosage, amoxicillin, pediatric, weightDosage } from '@/test/medicationFixtures';
import { MedicationDetailPage } from './MedicationDetailPage';

// The page with its grids renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/**
 * Amoxicillin with a weight dosage without a single-dose maximum and a children's age dosage per
 * kg with one (at most 500 mg in one dose).
 */
const withSingleDose: Medication = {
  ...amoxicillin,
  weight_category_dosages: [weightDosage],
  age_category_dosages: [
    {
      ...ageDosage,
      medication_id: amoxicillin.id,
      age_category_id: pediatric.id,
      age_category: pediatric,
      min_dosage: 10,
      max_dosage: 10,
      dosage_unit: 'mg/kg',
      max_dose: 500,
    },
  ],
};

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

it("shows each dosage's maximum single dose in the unit without per kg, and '--' where there is none", async () => {
  mockFetch({
    'GET /medication/7': { body: { data: withSingleDose } },
    'GET /audit': noHistory,
    'GET /drug-class': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /ingredient': { body: { data: [], meta: { total: 0, page: 1, page_size: 100 } } },
    'GET /renal-rule': { body: { data: [] } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/drugs/medications/:id" element={<MedicationDetailPage />} />
    </Routes>,
    { route: '/dashboard/drugs/medications/7', store: makeStore(signedIn()) },
  );
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Medication Details' }),
  ).toBeInTheDocument();
  const texts = (cells: HTMLElement[]) => cells.map((cell) => cell.textContent);
  const age = section('Age-based Dosages');
  await age.findByRole('grid', { name: 'Age-based Dosages' });
  expect(texts(age.getAllByRole('columnheader'))).toEqual([
    'Age Category',
    'Dosage Range',
    'Frequency Range',
    'Duration Range',
    'Max per Day',
    'Max Single Dose',
    'Edit',
  ]);
  // Per kg, but one dose is at most 500 mg whatever the child weighs.
  expect(texts(age.getAllByRole('gridcell')).slice(0, 6)).toEqual([
    'Pediatric (2 - 17 Years)',
    '10 - 10 Mg/kg',
    '6 - 8 Hours',
    '1 - 2 Weeks',
    '--',
    '500 Mg',
  ]);

  const weight = section('Weight-based Dosages');
  expect(texts(weight.getAllByRole('columnheader'))).toContain('Max Single Dose');
  expect(texts(weight.getAllByRole('gridcell')).slice(4, 6)).toEqual(['1500 Mg', '--']);
});
