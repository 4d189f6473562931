import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler, type MockReply } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import type { Medication } from '@/api';
import { MedicationsPage } from './MedicationsPage';
import { amoxicillin, paracetamol, referenceLists } from './medicationFixtures';
import { stubDownloads } from '@/test/downloads';

// A page with its DataGrid renders slowly in jsdom, more so on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderPage(user = signedIn()) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/drugs/medications" element={<MedicationsPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: '/dashboard/drugs/medications', preloadedState: user },
  );
}

/** A page of medications as the server answers a paged list. */
const page = (data: Medication[], total = data.length): MockReply => ({
  body: { data, meta: { total, page: 1, page_size: 25 } },
});

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The parameters of the last list request. */
function lastQuery(fetchMock: ReturnType<typeof mockFetch>) {
  const last = requestsTo(fetchMock, 'GET /medication').at(-1);
  return last && query(last);
}

/** Answers GET /medication with each list in turn (the last one from then on). */
function lists(...answers: Medication[][]): MockHandler {
  let call = 0;
  return () => ({ body: { data: answers[Math.min(call++, answers.length - 1)] } });
}

async function row(name: string) {
  const cell = await screen.findByRole('gridcell', { name });
  const found = cell.closest<HTMLElement>('[role="row"]');
  if (!found) throw new Error(`no row for ${name}`);
  return within(found);
}

const cellText = (found: Awaited<ReturnType<typeof row>>) =>
  found.getAllByRole('gridcell').map((cell) => cell.textContent);

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
    },
  },
};

describe('/dashboard/drugs/medications', () => {
  it('lists every column of the spec, with a progress bar while loading', async () => {
    let answer: (reply: MockReply) => void = () => undefined;
    mockFetch({ 'GET /medication': () => new Promise<MockReply>((resolve) => (answer = resolve)) });
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Medications Management' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer({ body: { data: [amoxicillin, paracetamol] } });

    const amoxicillinRow = await row('Amoxicillin');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Dosage Type',
      'Dosage per weight',
      'Weight Dosage',
      'Age Dosage',
      'Condition Contraindications',
      'Pregnancy Category',
      'Actions',
    ]);
    expect(cellText(amoxicillinRow).slice(0, 7)).toEqual([
      'Amoxicillin',
      'Weight-based',
      '25 Mg',
      '1Add',
      '0Add',
      'Asthma, GoutAdd',
      'BAsthma, Gout',
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
    for (const label of ['View Amoxicillin', 'Edit Amoxicillin', 'Delete Amoxicillin']) {
      expect(amoxicillinRow.getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockFetch({ 'GET /medication': { body: { data: [] } } });
    renderPage();
    expect(
      await screen.findByText('No medications found. Add a new medication to get started.'),
    ).toBeInTheDocument();
  });

  it('shows a failed load in a red banner', async () => {
    mockFetch({
      'GET /medication': { status: 503, body: { message: 'The database is unavailable' } },
    });
    renderPage();
    const banner = await screen.findByText('The database is unavailable', {
      selector: '.MuiAlert-message',
    });
    expect(banner.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
  });

  it('asks once for the first page by name (its prefetch and the grid share it), and counts every match', async () => {
    const fetchMock = mockFetch({ 'GET /medication': page([amoxicillin, paracetamol], 60) });
    renderPage();
    await row('Amoxicillin');
    const requests = requestsTo(fetchMock, 'GET /medication');
    expect(requests.map(query)).toEqual([{ page: '1', page_size: '25', sort: 'name' }]);
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
  });

  it('searches by name on the server, from the first page again', async () => {
    const fetchMock = mockFetch({
      'GET /medication': (request) =>
        query(request).q ? page([paracetamol]) : page([amoxicillin, paracetamol], 60),
    });
    const { user } = renderPage();
    await row('Amoxicillin');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search medications by name' }), 'PARA');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Amoxicillin' })).not.toBeInTheDocument(),
    );
    expect(lastQuery(fetchMock)).toEqual({
      q: 'PARA',
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    expect(screen.getByRole('gridcell', { name: 'Paracetamol' })).toBeInTheDocument();
  });

  it("sorts on the server by the contract's fields only, from the first page again", async () => {
    const fetchMock = mockFetch({ 'GET /medication': page([amoxicillin, paracetamol], 60) });
    const { user } = renderPage();
    await row('Amoxicillin');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('columnheader', { name: /Pregnancy Category/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ sort: 'pregnancy_category', page: '1' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Dosage Type/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ sort: 'is_dosage_weight_based' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Dosage Type/ }));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ sort: '-is_dosage_weight_based' }),
    );
    // The contract cannot sort by counts or contraindications: their headers do nothing.
    const asked = requestsTo(fetchMock, 'GET /medication').length;
    await user.click(screen.getByRole('columnheader', { name: /Weight Dosage/ }));
    await user.click(screen.getByRole('columnheader', { name: /Condition Contraindications/ }));
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(asked);
  });

  it('filters on the server by pregnancy category, dosage type and condition; Clear filters resets', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'GET /medication': (request) =>
        query(request).pregnancy_category
          ? page([amoxicillin])
          : page([amoxicillin, paracetamol], 60),
    });
    const { user } = renderPage();
    await row('Paracetamol');
    const filters = within(await screen.findByRole('group', { name: 'Filters' }));
    // A filter starts again at the first page.
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ page: '2' }));
    await user.selectOptions(filters.getByRole('combobox', { name: 'Pregnancy category' }), 'B');
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Paracetamol' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('gridcell', { name: 'Amoxicillin' })).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({
      pregnancy_category: 'B',
      page: '1',
      page_size: '25',
      sort: 'name',
    });
    await user.selectOptions(
      filters.getByRole('combobox', { name: 'Dosage type' }),
      'Weight-based',
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({
        pregnancy_category: 'B',
        is_dosage_weight_based: 'true',
      }),
    );
    await user.type(filters.getByRole('combobox', { name: 'Condition' }), 'hyp');
    await user.click(await screen.findByRole('option', { name: 'Hypertension' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ condition_id: '1' }));

    const asked = requestsTo(fetchMock, 'GET /medication').length;
    await user.click(filters.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered first page again (from the cache: it was asked for first).
    await row('Paracetamol');
    for (const request of requestsTo(fetchMock, 'GET /medication').slice(asked)) {
      expect(query(request)).toEqual({ page: '1', page_size: '25', sort: 'name' });
    }
    expect(filters.getByRole('combobox', { name: 'Pregnancy category' })).toHaveValue('');
    expect(filters.getByRole('combobox', { name: 'Condition' })).toHaveValue('');
    expect(filters.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('exports every match of the search and filters as CSV from the server', async () => {
    const fetchMock = mockFetch({
      'GET /medication': (request) =>
        query(request).format === 'csv'
          ? { body: 'name\nAmoxicillin\n', headers: { 'Content-Type': 'text/csv' } }
          : page([amoxicillin, paracetamol]),
    });
    const click = stubDownloads();
    const { user } = renderPage();
    await row('Amoxicillin');
    const filters = within(await screen.findByRole('group', { name: 'Filters' }));
    await user.selectOptions(filters.getByRole('combobox', { name: 'Pregnancy category' }), 'B');
    await user.type(screen.getByRole('searchbox', { name: 'Search medications by name' }), 'amox');
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'amox' }));
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requestsTo(fetchMock, 'GET /medication').find((r) => query(r).format);
    expect(exported && query(exported)).toEqual({
      format: 'csv',
      q: 'amox',
      sort: 'name',
      pregnancy_category: 'B',
    });
  });

  it('shows a viewer the rows, their view and history, and the filters, but nothing that writes', async () => {
    mockFetch({ 'GET /medication': page([amoxicillin, paracetamol]) });
    renderPage(signedIn(viewerUser));
    const amoxicillinRow = await row('Amoxicillin');
    expect(amoxicillinRow.getByRole('button', { name: 'View Amoxicillin' })).toBeInTheDocument();
    expect(
      amoxicillinRow.getByRole('button', { name: 'History of Amoxicillin' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Medication' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Add) / })).not.toBeInTheDocument();
  });

  it('opens Add Medication and lists the new medication after saving', async () => {
    const fetchMock = mockFetch({
      ...referenceLists,
      'GET /medication': lists([amoxicillin], [amoxicillin, paracetamol]),
      'POST /medication': {
        status: 201,
        body: { data: paracetamol, message: 'Medication added successfully' },
      },
    });
    const { user } = renderPage();
    await row('Amoxicillin');
    await user.click(screen.getByRole('button', { name: 'Add Medication' }));
    await screen.findByLabelText(/^Minimum dosage/);
    const dialog = within(screen.getByRole('dialog', { name: 'Add Medication' }));
    await user.type(await dialog.findByRole('combobox', { name: /^Condition/ }), 'hyp');
    await user.click(await screen.findByRole('option', { name: 'Hypertension' }));
    await user.type(dialog.getByLabelText(/^Name/), 'Paracetamol');
    await user.type(dialog.getByLabelText(/^Minimum dosage/), '5');
    await user.type(dialog.getByLabelText(/^Maximum dosage/), '10');
    await user.type(dialog.getByLabelText(/^Reason for the change/), 'New listing');
    await user.click(dialog.getByRole('button', { name: 'Add Medication' }));
    expect(await findToast('Medication added successfully')).toBeInTheDocument();
    expect(await row('Paracetamol')).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /medication')).toHaveLength(2);
  });

  it("each Add link opens its form with that row's medication", async () => {
    mockFetch({
      ...referenceLists,
      'GET /medication': { body: { data: [amoxicillin, paracetamol] } },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add age dosage for Paracetamol' }));
    await screen.findByLabelText(/^Age Category/);
    let dialog = within(screen.getByRole('dialog', { name: 'Add Age-Based Dosage' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Paracetamol');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add weight dosage for Amoxicillin' }));
    await screen.findByLabelText(/^Weight Category/);
    dialog = within(screen.getByRole('dialog', { name: 'Add Weight-Based Dosage' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add contraindication for Amoxicillin' }));
    await screen.findByRole('combobox', { name: /^Condition/ });
    dialog = within(screen.getByRole('dialog', { name: 'Add Contraindication' }));
    expect(dialog.getByLabelText('Medication')).toHaveValue('Amoxicillin');
  });

  it('Edit opens Edit Medication with the name and category', async () => {
    mockFetch({ 'GET /medication': { body: { data: [amoxicillin] } } });
    const { user } = renderPage();
    await user.click((await row('Amoxicillin')).getByRole('button', { name: 'Edit Amoxicillin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Medication' }));
    expect(dialog.getByLabelText(/^Name/)).toHaveValue('Amoxicillin');
    expect(dialog.getByLabelText('Pregnancy Category')).toHaveValue('B');
  });

  it('View opens the detail route', async () => {
    mockFetch({ 'GET /medication': { body: { data: [amoxicillin] } } });
    const { user } = renderPage();
    await user.click((await row('Amoxicillin')).getByRole('button', { name: 'View Amoxicillin' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/drugs/medications/7');
  });

  it('deletes on the server after the confirm, and the list follows', async () => {
    const fetchMock = mockFetch({
      'GET /medication': lists([amoxicillin, paracetamol], [paracetamol]),
      'GET /medications/7/dependents': amoxicillinDependents,
      'DELETE /medications/7': { body: { message: 'Medication deleted successfully' } },
    });
    const { user } = renderPage();
    await user.click(
      (await row('Amoxicillin')).getByRole('button', { name: 'Delete Amoxicillin' }),
    );
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
    // A reason is required: nothing is sent without one.
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'DELETE /medications/7')).toHaveLength(0);
    await user.type(confirm.getByLabelText(/^Reason for the change/), 'Withdrawn from market');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await findToast('Medication deleted successfully')).toBeInTheDocument();
    expect(await requestsTo(fetchMock, 'DELETE /medications/7')[0].json()).toEqual({
      reason: 'Withdrawn from market',
    });
    await waitFor(() =>
      expect(screen.queryByRole('gridcell', { name: 'Amoxicillin' })).not.toBeInTheDocument(),
    );
    expect(requestsTo(fetchMock, 'DELETE /medications/7')).toHaveLength(1);
  });

  it('logs and shows a refused delete, and keeps the row', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /medication': { body: { data: [amoxicillin] } },
      'GET /medications/7/dependents': amoxicillinDependents,
      'DELETE /medications/7': {
        status: 409,
        body: { message: 'Amoxicillin is still used by 2 drug interactions.' },
      },
    });
    const { user } = renderPage();
    await user.click(
      (await row('Amoxicillin')).getByRole('button', { name: 'Delete Amoxicillin' }),
    );
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Medication' }));
    await user.type(confirm.getByLabelText(/^Reason for the change/), 'Duplicate');
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(
      await findToast('Amoxicillin is still used by 2 drug interactions.'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('Amoxicillin is still used by 2 drug interactions.'),
      expect.anything(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('gridcell', { name: 'Amoxicillin' })).toBeInTheDocument();
  });
});
