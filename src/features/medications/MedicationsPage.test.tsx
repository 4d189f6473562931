import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import { Route, Routes } from 'react-router-dom';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { firstQuery, queryOf as query, renderListApi } from '@/test/renderListApi';
import { serverSortable, sortParam } from '@/components/resource/useServerList';
import type { Medication } from '@/api';
import { MedicationsPage } from './MedicationsPage';
import { MEDICATIONS_EMPTY_TEXT, medicationResource } from './MedicationsGrid';
import { MedicationDialogs, type MedicationDialog } from './MedicationDialogs';
import { medicationColumns, medicationRow, type MedicationRow } from './medicationColumns';
import { amoxicillin, paracetamol, referenceLists } from '@/test/medicationFixtures';

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

/** A page of medications as the server answers a paged list. */
const page = (data: Medication[], total = data.length): MockReply => ({
  body: { data, meta: { total, page: 1, page_size: 25 } },
});

const group = (total: number, items: { id: number; name: string; detail: string | null }[]) => ({
  total,
  items,
});
/** What deleting Amoxicillin takes with it (two of its three interactions listed). */
const amoxicillinDependents = {
  body: {
    data: {
      id: 7,
      name: 'Amoxicillin',
      weight_dosages: group(1, [
        { id: 101, name: 'Normal (18.5 - 24.9 Kg)', detail: '250-500 mg' },
      ]),
      age_dosages: group(0, []),
      contraindications: group(1, [{ id: 1, name: 'Hypertension', detail: null }]),
      lifestyle_contraindications: group(0, []),
      interactions: group(3, [
        { id: 11, name: 'Warfarin', detail: 'major' },
        { id: 12, name: 'Cefalexin', detail: 'minor' },
      ]),
      drug_classes: group(1, [{ id: 21, name: 'Penicillins', detail: null }]),
      ingredients: group(1, [{ id: 31, name: 'Amoxicillin', detail: '500 mg per capsule' }]),
      renal_rules: group(1, [{ id: 41, name: 'G4 15-29 mL/min/1.73m2', detail: 'avoid' }]),
      class_rules: group(0, []),
    },
  },
};

describe('/dashboard/drugs/medications', () => {
  function renderPage() {
    return renderWithProviders(
      <Routes>
        <Route path="/dashboard/drugs/medications" element={<MedicationsPage />} />
        <Route path="*" element={null} />
      </Routes>,
      { route: '/dashboard/drugs/medications', preloadedState: signedIn() },
    );
  }

  async function row(name: string) {
    const cell = await screen.findByRole('gridcell', { name });
    const found = cell.closest<HTMLElement>('[role="row"]');
    if (!found) throw new Error(`no row for ${name}`);
    return within(found);
  }

  const cellText = (found: Awaited<ReturnType<typeof row>>) =>
    found.getAllByRole('gridcell').map((cell) => cell.textContent);

  it('lists every column of the spec from one request for the first page by name, filters on the server, and opens Add Medication and a row', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    const fetchMock = mockFetch({
      ...referenceLists,
      'GET /medication': (request) =>
        query(request).pregnancy_category
          ? page([amoxicillin])
          : requestsTo(fetchMock, 'GET /medication').length === 1
            ? new Promise<MockReply>((resolve) => (answer = resolve))
            : page([amoxicillin, paracetamol], 60),
    });
    const lastQuery = () => query(requestsTo(fetchMock, 'GET /medication').at(-1) as Request);
    const { user } = renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Medications Management' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer(page([amoxicillin, paracetamol], 60));

    const amoxicillinRow = await row('Amoxicillin');
    // Its prefetch and the grid share one request.
    expect(requestsTo(fetchMock, 'GET /medication').map(query)).toEqual([
      { page: '1', page_size: '25', sort: 'name' },
    ]);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Dosage Type',
      'Dosage per weight',
      'Weight Dosage',
      'Age Dosage',
      'Condition Contraindications',
      'Pregnancy Category',
      'Codes',
      'Actions',
    ]);
    expect(cellText(amoxicillinRow).slice(0, 7)).toEqual([
      'Amoxicillin',
      'Weight-based',
      '25 Mg',
      '1Add',
      '0Add',
      'Asthma, Gout (caution)Add',
      'BAsthma, Gout (caution)',
    ]);
    expect(cellText(await row('Paracetamol')).slice(0, 7)).toEqual([
      'Paracetamol',
      'Age-based',
      '--',
      '0Add',
      '1Add',
      '--Add',
      '--',
    ]);
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();

    const filters = within(await screen.findByRole('group', { name: 'Filters' }));
    await user.selectOptions(filters.getByRole('combobox', { name: 'Pregnancy category' }), 'B');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Paracetamol' })).not.toBeInTheDocument(),
    );
    expect(lastQuery()).toEqual({
      pregnancy_category: 'B',
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    await user.selectOptions(
      filters.getByRole('combobox', { name: 'Dosage type' }),
      'Weight-based',
    );
    await waitFor(() => expect(lastQuery()).toMatchObject({ is_dosage_weight_based: 'true' }));
    await user.type(filters.getByRole('combobox', { name: 'Condition' }), 'hyp');
    await user.click(await screen.findByRole('option', { name: 'Hypertension' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ condition_id: '1' }));
    await user.click(filters.getByRole('button', { name: 'Clear filters' }));
    await row('Paracetamol');
    expect(filters.getByRole('combobox', { name: 'Pregnancy category' })).toHaveValue('');
    expect(filters.getByRole('combobox', { name: 'Condition' })).toHaveValue('');
    expect(filters.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Medication' }));
    // A progress dialog of the same name shows while the form's lists load: cancel the form. (The
    // grid's "Name column menu" button is also labelled /^Name/: ask for the text box.)
    await screen.findByRole('textbox', { name: /^Name/ });
    const dialog = within(screen.getByRole('dialog', { name: 'Add Medication' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click((await row('Amoxicillin')).getByRole('button', { name: 'View Amoxicillin' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/drugs/medications/7');
  });

  it('offers the import of medications and of renal rules beside Add Medication', async () => {
    mockFetch({ ...referenceLists, 'GET /medication': page([amoxicillin]) });
    renderPage();
    await row('Amoxicillin');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/medications/import',
    );
    expect(screen.getByRole('link', { name: 'Import Renal Rules' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/renal-rules/import',
    );
  });
});

describe('the medications definition', () => {
  it("asks first for the first page by name, and sends the search and filters under the contract's names", async () => {
    expect(firstQuery(medicationResource)).toMatchObject({ page: 1, pageSize: 25, sort: 'name' });
    const fetchMock = mockFetch({ 'GET /medication': page([amoxicillin, paracetamol], 60) });
    const { result } = renderListApi(
      medicationResource,
      { page: 2, pageSize: 25, sort: '-pregnancy_category', q: 'PARA' },
      { pregnancy_category: 'B', is_dosage_weight_based: 'false', condition_id: '1' },
    );
    // The rows carry what the grid shows of them, worked out once per page.
    await waitFor(() =>
      expect(result.current.list.rows).toEqual([amoxicillin, paracetamol].map(medicationRow)),
    );
    expect(result.current.list.total).toBe(60);
    expect(requestsTo(fetchMock).map(query)).toEqual([
      {
        page: '2',
        page_size: '25',
        sort: '-pregnancy_category',
        q: 'PARA',
        pregnancy_category: 'B',
        is_dosage_weight_based: 'false',
        condition_id: '1',
      },
    ]);
    expect(medicationResource.texts.emptyText).toBe(MEDICATIONS_EMPTY_TEXT);
    expect(MEDICATIONS_EMPTY_TEXT).toBe(
      'No medications found. Add a new medication to get started.',
    );
  });

  it("sorts on the server by the contract's fields only", () => {
    const columns = serverSortable(
      medicationColumns({ show: jest.fn(), view: jest.fn(), history: jest.fn(), canWrite: true }),
      medicationResource.sortFields,
    );
    expect(columns.filter((column) => column.sortable !== false).map((c) => c.field)).toEqual([
      'name',
      'dosage_type',
      'dosage_per_weight_text',
      'pregnancy_text',
    ]);
    const sort = (field: string, direction: 'asc' | 'desc') =>
      sortParam([{ field, sort: direction }], medicationResource.sortFields);
    expect(sort('pregnancy_text', 'asc')).toBe('pregnancy_category');
    expect(sort('dosage_type', 'asc')).toBe('is_dosage_weight_based');
    expect(sort('dosage_type', 'desc')).toBe('-is_dosage_weight_based');
    expect(sort('weight_dosage_count', 'asc')).toBeUndefined();
    expect(sort('contraindication_names', 'asc')).toBeUndefined();
  });
});

describe("the medication rows' buttons and Add links", () => {
  /** Draws the row's cells of every column, outside the grid, and their buttons' callbacks. */
  function renderCells(medication: Medication, canWrite = true) {
    const actions = { show: jest.fn(), view: jest.fn(), history: jest.fn(), canWrite };
    const current = medicationRow(medication);
    const cells = medicationColumns(actions).map((column: GridColDef<MedicationRow>) => {
      // Only what the cells read: the row, its value and the tab index the grid gives.
      const params = {
        row: current,
        value: current[column.field as keyof MedicationRow],
        tabIndex: 0,
      } as GridRenderCellParams<MedicationRow>;
      return <div key={column.field}>{column.renderCell?.(params)}</div>;
    });
    render(<>{cells}</>);
    return { ...actions, row: current, user: userEvent.setup({ delay: null }) };
  }

  it("each Add link opens its form with that row's medication", async () => {
    const { show, row, user } = renderCells(paracetamol);
    await user.click(screen.getByRole('button', { name: 'Add age dosage for Paracetamol' }));
    await user.click(screen.getByRole('button', { name: 'Add weight dosage for Paracetamol' }));
    await user.click(screen.getByRole('button', { name: 'Add contraindication for Paracetamol' }));
    expect(show.mock.calls.map(([dialog]: [MedicationDialog]) => dialog)).toEqual([
      { kind: 'add-dosage', dosageKind: 'age', medication: row },
      { kind: 'add-dosage', dosageKind: 'weight', medication: row },
      { kind: 'add-contraindication', medication: row },
    ]);
  });

  it('View opens the medication, History its history, Edit and Delete their dialogs', async () => {
    const { show, view, history, row, user } = renderCells(amoxicillin);
    await user.click(screen.getByRole('button', { name: 'View Amoxicillin' }));
    await user.click(screen.getByRole('button', { name: 'History of Amoxicillin' }));
    await user.click(screen.getByRole('button', { name: 'Edit Amoxicillin' }));
    await user.click(screen.getByRole('button', { name: 'Delete Amoxicillin' }));
    expect(view).toHaveBeenCalledWith(row);
    expect(history).toHaveBeenCalledWith(row);
    expect(show.mock.calls.map(([dialog]: [MedicationDialog]) => dialog)).toEqual([
      { kind: 'edit-medication', medication: row },
      { kind: 'delete-medication', medication: row },
    ]);
  });

  it('shows a viewer View and History, but nothing that writes', () => {
    renderCells(amoxicillin, false);
    expect(screen.getByRole('button', { name: 'View Amoxicillin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'History of Amoxicillin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Add) / })).not.toBeInTheDocument();
  });
});

describe('Delete Medication', () => {
  function renderDelete() {
    return renderWithProviders(
      <MedicationDialogs
        session={{
          subject: { kind: 'delete-medication', medication: amoxicillin },
          open: true,
          key: 1,
        }}
        close={jest.fn()}
        exited={jest.fn()}
      />,
      { preloadedState: signedIn() },
    );
  }

  it('lists what goes with it, needs a reason, and deletes on the server', async () => {
    const fetchMock = mockFetch({
      'GET /medications/7/dependents': amoxicillinDependents,
      'DELETE /medications/7': { body: { message: 'Medication deleted successfully' } },
    });
    const { user } = renderDelete();
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Medication' }));
    expect(
      confirm.getByText('Are you sure you want to delete this medication?'),
    ).toBeInTheDocument();
    // It lists what goes with it: counts, and names.
    const goes = within(await confirm.findByRole('list', { name: 'Deleted with it' }));
    expect(goes.getByText('Weight-based dosages: 1')).toBeInTheDocument();
    expect(goes.getByText(/Normal \(18\.5 - 24\.9 Kg\) \(250-500 mg\)/)).toBeInTheDocument();
    expect(goes.getByText('Drug interactions: 3')).toBeInTheDocument();
    expect(
      goes.getByText(/Warfarin \(major\), Cefalexin \(minor\) and 1 more/),
    ).toBeInTheDocument();
    // Its class memberships, strengths and renal rules go with it too.
    expect(goes.getByText('Drug class memberships: 1')).toBeInTheDocument();
    expect(goes.getByText(/Penicillins/)).toBeInTheDocument();
    expect(goes.getByText('Ingredients it contains (the ingredients stay): 1')).toBeInTheDocument();
    expect(goes.getByText(/Amoxicillin \(500 mg per capsule\)/)).toBeInTheDocument();
    expect(goes.getByText('Renal rules: 1')).toBeInTheDocument();
    expect(goes.getByText(/G4 15-29 mL\/min\/1\.73m2 \(avoid\)/)).toBeInTheDocument();
    expect(goes.getByText('Class rules naming it: 0')).toBeInTheDocument();
    // A reason is required: nothing is sent without one.
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /medications/7')).toHaveLength(0);
    await user.fill(confirm.getByLabelText(/^Reason for the change/), 'Withdrawn from market');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Medication deleted successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /medications/7')[0].json()).toEqual({
      reason: 'Withdrawn from market',
    });
  });

  it('logs and shows a refused delete', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /medications/7/dependents': amoxicillinDependents,
      'DELETE /medications/7': {
        status: 409,
        body: { message: 'Amoxicillin is still used by 2 drug interactions.' },
      },
    });
    const { user } = renderDelete();
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Medication' }));
    await user.fill(confirm.getByLabelText(/^Reason for the change/), 'Duplicate');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(
      await findToast('Amoxicillin is still used by 2 drug interactions.'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('Amoxicillin is still used by 2 drug interactions.'),
      expect.anything(),
    );
  });
});
