import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, findToast } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn, viewerUser } from '@/test/fixtures';
import type { TestPrescription, TestPrescriptionRunResponse } from '@/api';
import { ACCEPT_WORSE_MESSAGE, TestPrescriptionsPage } from './TestPrescriptionsPage';
import { paracetamolChild, testList, warfarinIbuprofen } from '@/test/testPrescriptionFixtures';

/** Warfarin with ibuprofen run now, its bleeding risk at `severity` instead of major. */
function runWith(
  status: 'worse' | 'changed',
  severity: 'moderate' | 'contraindicated',
): { body: TestPrescriptionRunResponse } {
  const worse = status === 'worse';
  return {
    body: {
      data: [
        {
          id: 1,
          name: warfarinIbuprofen.name,
          status,
          expected: warfarinIbuprofen.expected,
          actual: {
            verdict: severity,
            complete: true,
            findings: [
              { kind: 'interaction', medication_ids: [1, 2], severity, interaction_id: 5 },
            ],
          },
          differences: [
            {
              kind: 'verdict_changed',
              from: 'major',
              to: severity,
              message: `Verdict: major → ${severity}`,
              worse,
            },
            {
              kind: 'severity_changed',
              from: 'major',
              to: severity,
              message: `Warfarin + Ibuprofen (interaction): major → ${severity}`,
              worse,
            },
          ],
        },
      ],
      meta: {
        total: 2,
        passing: 1,
        worse: worse ? 1 : 0,
        changed: worse ? 0 : 1,
        not_run: 0,
      },
    },
  };
}
const changedRun = runWith('changed', 'contraindicated');

/** Warfarin with ibuprofen whose last run was worse than expected. */
const worseWarfarin: TestPrescription = {
  ...warfarinIbuprofen,
  last_result: { ...warfarinIbuprofen.last_result!, status: 'worse' },
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
      'POST /test-prescription/1/run': changedRun,
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
      await dialog.findByText('Warfarin + Ibuprofen (interaction): major → contraindicated'),
    ).toBeInTheDocument();
    const expected = within(dialog.getByRole('region', { name: 'Expected' }));
    const actual = within(dialog.getByRole('region', { name: 'Actual' }));
    expect(expected.getByText('Major')).toBeInTheDocument();
    expect(actual.getAllByText('Contraindicated').length).toBeGreaterThan(0);
    expect(actual.getByText(/Interaction: Warfarin \+ Ibuprofen/)).toHaveAttribute(
      'data-differs',
      'true',
    );
    expect(requestsTo(fetchMock, 'POST /test-prescription/run')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'POST /test-prescription/1/run')).toHaveLength(1);
  });

  it('runs one test from its row, and says its result', async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'POST /test-prescription/1/run': changedRun,
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(viewerUser),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Run Warfarin with ibuprofen' }));
    await findToast('Warfarin with ibuprofen: changed');
    expect(requestsTo(fetchMock, 'POST /test-prescription/1/run')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'POST /test-prescription/run')).toHaveLength(0);
  });

  it("shows the server's refusal of a run of all (its earlier run still under way) as the error toast", async () => {
    const message =
      'Your earlier run of the test prescriptions is still under way: wait for it to finish, then try again.';
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'POST /test-prescription/run': {
        status: 429,
        body: { message },
        headers: { 'retry-after': '4' },
      },
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    await findToast(message);
    expect(requestsTo(fetchMock, 'POST /test-prescription/run')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Run all' })).toBeEnabled();
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

    await user.fill(
      dialog.getByRole('textbox', { name: /Reason for the change/ }),
      'Moderate is right after the review',
    );
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await findToast('Warfarin with ibuprofen: new outcome accepted');
    const [sent] = requestsTo(fetchMock, 'POST /test-prescription/1/accept');
    expect(await sent.json()).toEqual({ reason: 'Moderate is right after the review' });
  });

  it('shows a viewer no write controls and no Run all (runs one test and compares only)', async () => {
    mockFetch({ 'GET /test-prescription': testList() });
    renderWithProviders(<TestPrescriptionsPage />, { preloadedState: signedIn(viewerUser) });
    await row('Warfarin with ibuprofen');
    expect(screen.getByRole('button', { name: 'Run Warfarin with ibuprofen' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Compare Warfarin with ibuprofen' }),
    ).toBeInTheDocument();
    for (const name of [
      'Run all',
      'Accept Warfarin with ibuprofen',
      'Edit Warfarin with ibuprofen',
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

  it('shows a worse result in red, counted apart from the changed ones', async () => {
    mockFetch({ 'GET /test-prescription': testList([worseWarfarin, paracetamolChild]) });
    renderWithProviders(<TestPrescriptionsPage />, { preloadedState: signedIn() });
    const warfarin = await row('Warfarin with ibuprofen');
    expect(warfarin.getByText('Worse').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByText('1 of 2 pass, 1 worse')).toBeInTheDocument();
    const paracetamol = await row('Paracetamol for a child');
    expect(paracetamol.getByText('Pass').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorSuccess',
    );
  });

  it('accepting a worse outcome asks for a reason and says it is recorded as a downgrade', async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList([worseWarfarin, paracetamolChild]),
      'POST /test-prescription/1/accept': {
        body: { data: { ...warfarinIbuprofen, last_result: paracetamolChild.last_result } },
      },
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Accept Warfarin with ibuprofen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept a worse outcome?' }));
    expect(dialog.getByText(ACCEPT_WORSE_MESSAGE)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(await dialog.findByText('A reason is required for this change')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /test-prescription/1/accept')).toHaveLength(0);

    await user.fill(
      dialog.getByRole('textbox', { name: /Reason for the change/ }),
      'The bleeding risk was reviewed: moderate',
    );
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await findToast('Warfarin with ibuprofen: worse outcome accepted as a downgrade');
    const [sent] = requestsTo(fetchMock, 'POST /test-prescription/1/accept');
    expect(await sent.json()).toEqual({ reason: 'The bleeding risk was reviewed: moderate' });
  });

  it('compares a worse run with what lowers it in red, and accepts it only as a downgrade', async () => {
    mockFetch({
      'GET /test-prescription': testList([worseWarfarin, paracetamolChild]),
      'POST /test-prescription/1/run': runWith('worse', 'moderate'),
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Compare Warfarin with ibuprofen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Warfarin with ibuprofen' }));
    expect(
      await dialog.findByText(
        'Worse: the outcome protects the patient less than the expected one.',
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText('Verdict: major → moderate')).toHaveAttribute('data-worse', 'true');
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('dialog', { name: 'Accept a worse outcome?' }),
    ).toBeInTheDocument();
  });

  it('below its minimum verdict, a test says so and offers no Accept (accepting would not make it pass)', async () => {
    const floored: TestPrescription = { ...worseWarfarin, min_verdict: 'major' };
    const run = runWith('worse', 'moderate');
    run.body.data[0].differences.push({
      kind: 'below_floor',
      from: 'major',
      to: 'moderate',
      message: "Verdict moderate is below this test's floor: at least major",
      worse: true,
    });
    mockFetch({
      'GET /test-prescription': testList([floored, paracetamolChild]),
      'POST /test-prescription/1/run': run,
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    const warfarin = await row('Warfarin with ibuprofen');
    expect(warfarin.getByText('at least major')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compare Warfarin with ibuprofen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Warfarin with ibuprofen' }));
    expect(
      await dialog.findByText("Verdict moderate is below this test's floor: at least major"),
    ).toBeInTheDocument();
    expect(dialog.getByText('Minimum verdict: at least major')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it("edits a test's name, note and minimum verdict, keeping its request and expected outcome", async () => {
    const fetchMock = mockFetch({
      'GET /test-prescription': testList(),
      'PUT /test-prescription': {
        body: {
          data: { ...warfarinIbuprofen, min_verdict: 'major' },
          message: 'Test prescription updated successfully',
        },
      },
    });
    const { user } = renderWithProviders(<TestPrescriptionsPage />, {
      preloadedState: signedIn(),
    });
    await row('Warfarin with ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Edit Warfarin with ibuprofen' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Edit Warfarin with ibuprofen' }),
    );
    const floor = dialog.getByRole('combobox', { name: /^Minimum verdict/ });
    expect(floor).toHaveValue('');
    await user.selectOptions(floor, 'at least major');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await findToast('Test prescription updated successfully');
    const [sent] = requestsTo(fetchMock, 'PUT /test-prescription');
    expect(await sent.json()).toEqual({
      id: 1,
      name: 'Warfarin with ibuprofen',
      note: 'A bleeding risk the checker must flag',
      request: warfarinIbuprofen.request,
      min_verdict: 'major',
    });
  });
});
