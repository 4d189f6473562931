import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, findToast } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import { TestPrescriptionsPage } from './TestPrescriptionsPage';
import { paracetamolChild, testList, warfarinIbuprofen } from '@/test/testPrescriptionFixtures';

const changedRun = {
  body: {
    data: [
      {
        id: 1,
        name: warfarinIbuprofen.name,
        status: 'changed',
        expected: warfarinIbuprofen.expected,
        actual: {
          verdict: 'moderate',
          complete: true,
          findings: [{ kind: 'interaction', medication_ids: [1, 2], severity: 'moderate' }],
        },
        differences: [
          {
            kind: 'severity_changed',
            from: 'major',
            to: 'moderate',
            message: 'Warfarin + Ibuprofen (interaction): major → moderate',
          },
        ],
      },
    ],
    meta: { total: 2, passing: 1, changed: 1, not_run: 0 },
  },
};

const grid = () => within(screen.getByRole('grid', { name: 'Test prescriptions' }));
const row = async (name: string) => {
  const cell = await grid().findByRole('gridcell', { name });
  return within(cell.closest<HTMLElement>('[role="row"]')!);
};

describe('the Test prescriptions screen', () => {
  it('lists each test with its medications, expected verdict, last result and the change that altered it', async () => {
    mockFetch({ 'GET /test-prescription': testList() });
    renderWithProviders(<TestPrescriptionsPage />, { preloadedState: signedIn() });
    const warfarin = await row('Warfarin with ibuprofen');
    expect(warfarin.getByRole('gridcell', { name: 'Warfarin, Ibuprofen' })).toBeInTheDocument();
    expect(warfarin.getByText('Major')).toBeInTheDocument();
    expect(warfarin.getByText('Changed')).toBeInTheDocument();
    expect(warfarin.getByRole('link', { name: 'Warfarin + Ibuprofen' })).toHaveAttribute(
      'href',
      '/dashboard/history?entry=42',
    );
    const paracetamol = await row('Paracetamol for a child');
    expect(paracetamol.getByText('Pass')).toBeInTheDocument();
    expect(paracetamol.getByText('No findings')).toBeInTheDocument();
    expect(screen.getByText('1 of 2 pass, 1 changed')).toBeInTheDocument();
  });

  it('runs all, says the outcome, and compares expected with actual side by side', async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'POST /test-prescription/run': changedRun,
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    await findToast('Ran 1 test prescription: 0 pass, 1 changed');
    expect(await requestsTo(fetchMock, 'POST /test-prescription/run')[0].json()).toEqual({});

    await user.click(screen.getByRole('button', { name: 'Compare Warfarin with ibuprofen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Warfarin with ibuprofen' }));
    expect(
      await dialog.findByText('Warfarin + Ibuprofen (interaction): major → moderate'),
    ).toBeInTheDocument();
    const expected = within(dialog.getByRole('region', { name: 'Expected' }));
    const actual = within(dialog.getByRole('region', { name: 'Actual' }));
    expect(expected.getByText('Major')).toBeInTheDocument();
    expect(actual.getByText('Moderate')).toBeInTheDocument();
    expect(actual.getByText(/Interaction: Warfarin \+ Ibuprofen/)).toHaveAttribute(
      'data-differs',
      'true',
    );
    expect(await requestsTo(fetchMock, 'POST /test-prescription/run')[1].json()).toEqual({
      ids: [1],
    });
  });

  it('accepts a changed outcome only with a reason', async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'POST /test-prescription/1/accept': {
        body: { data: { ...warfarinIbuprofen, last_result: paracetamolChild.last_result } },
      },
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    // Only a changed test can be accepted.
    expect(
      screen.queryByRole('button', { name: 'Accept Paracetamol for a child' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Warfarin with ibuprofen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept the new outcome?' }));
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /test-prescription/1/accept')).toHaveLength(0);

    await user.type(
      dialog.getByRole('textbox', { name: /Reason for the change/ }),
      'Moderate is right after the review',
    );
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await findToast('Warfarin with ibuprofen: new outcome accepted');
    const [sent] = requestsTo(fetchMock, 'POST /test-prescription/1/accept');
    expect(await sent.json()).toEqual({ reason: 'Moderate is right after the review' });
  });

  it('shows a viewer no write controls (runs and compares only)', async () => {
    mockFetch({ 'GET /test-prescription': testList() });
    renderWithProviders(<TestPrescriptionsPage />, { preloadedState: signedIn(viewerUser) });
    await row('Warfarin with ibuprofen');
    expect(screen.getByRole('button', { name: 'Run all' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Compare Warfarin with ibuprofen' }),
    ).toBeInTheDocument();
    for (const name of [
      'Accept Warfarin with ibuprofen',
      'Delete Warfarin with ibuprofen',
      'Import',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it("shows the server's validation errors of an import, and stores nothing", async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'POST /test-prescription/import': {
        status: 422,
        body: {
          message: 'The import is not valid',
          errors: { '0.request.medications': ['Medication 999 does not exist'] },
        },
      },
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    const file = new File([JSON.stringify([{ name: 'x' }])], 'tests.json', {
      type: 'application/json',
    });
    await user.upload(screen.getByLabelText('Import test prescriptions (JSON)'), file);
    expect(await screen.findByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText('The import is not valid')).toBeInTheDocument();
    expect(
      screen.getByText('0.request.medications: Medication 999 does not exist'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'POST /test-prescription/import')).toHaveLength(1),
    );
  });

  it('exports every test prescription as a JSON file', async () => {
    const portable = [
      {
        name: warfarinIbuprofen.name,
        note: null,
        request: warfarinIbuprofen.request,
        expected: warfarinIbuprofen.expected,
      },
    ];
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'GET /test-prescription/export': { body: portable },
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:tests';
    });
    URL.revokeObjectURL = jest.fn();
    const downloads: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(viewerUser),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads).toEqual(['test-prescriptions.json']));
    expect(requestsTo(fetchMock, 'GET /test-prescription/export')).toHaveLength(1);
    const text = await blobs[0].text();
    expect(JSON.parse(text)).toEqual(portable);
  });
});
