import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImportResult } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockReply } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { ImportPage } from './ImportPage';

const empty: ImportResult = {
  entity: 'drug-interactions',
  dry_run: true,
  stored: false,
  rows: 0,
  counts: { errors: 0, created: 0, changed: 0, unchanged: 0 },
  errors: [],
  created: [],
  changed: [],
  unchanged: [],
  tests: null,
};

const withErrors: ImportResult = {
  ...empty,
  rows: 4,
  counts: { errors: 2, created: 1, changed: 0, unchanged: 1 },
  errors: [
    { row: 3, field: 'Medication', message: 'no medication is named "Nosuchmed"' },
    {
      row: 5,
      field: 'Severity',
      message: 'must be one of minor, moderate, major, contraindicated',
    },
  ],
  created: [{ row: 2, label: 'Paracetamol + Metformin', changes: {} }],
  unchanged: [{ row: 4, id: 7, label: 'Aspirin + Warfarin' }],
};

const clean: ImportResult = {
  ...empty,
  rows: 2,
  counts: { errors: 0, created: 1, changed: 1, unchanged: 0 },
  created: [
    {
      row: 3,
      label: 'Paracetamol + Metformin',
      changes: { Severity: { before: null, after: 'Minor' } },
    },
  ],
  changed: [
    {
      row: 2,
      id: 5,
      label: 'Warfarin + Ibuprofen',
      changes: {
        Severity: { before: 'Major', after: 'Moderate' },
        Description: { before: 'Bleeding', after: 'Bleeding risk' },
      },
    },
  ],
  tests: {
    total: 1,
    altered: 1,
    worse: 1,
    tests: [
      {
        id: 9,
        name: 'Warfarin with ibuprofen',
        status: 'worse',
        before: null,
        after: null,
        differences: [
          {
            kind: 'verdict_changed',
            from: 'major',
            to: 'moderate',
            worse: true,
            message: 'Verdict: major → moderate',
          },
        ],
      },
    ],
  },
};

const csv = (text: string) => new File([text], 'interactions.csv', { type: 'text/csv' });

function renderImport(dryRun: ImportResult | MockReply) {
  const fetchMock = mockFetch({
    'POST /import': async (request) => {
      const url = new URL(request.url);
      if (url.searchParams.get('dry_run') === 'true')
        return 'status' in dryRun
          ? dryRun
          : { body: { data: dryRun, message: 'Nothing stored (a dry run)' } };
      return {
        body: {
          data: { ...clean, dry_run: false, stored: true },
          message: 'Imported: 1 created, 1 changed, 0 unchanged',
        },
      };
    },
  });
  return {
    fetchMock,
    ...renderWithProviders(<ImportPage entity="drug-interactions" />, {
      preloadedState: signedIn(),
      route: '/dashboard/drugs/interactions/import',
    }),
  };
}

/** The preview grid's rows, each as its cells' texts. */
function previewRows(): string[][] {
  const grid = screen.getByRole('grid', { name: 'Preview' });
  return within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('an Import page', () => {
  it('names its entity and links back to its list', () => {
    renderImport(empty);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Import Drug Interactions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Drug Interactions' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/interactions',
    );
  });

  it('previews a file with its errors first (row, column, problem) and offers no Apply', async () => {
    const { user, fetchMock } = renderImport(withErrors);
    await user.upload(screen.getByLabelText('Import file'), csv('"Medication"\r\n'));
    await screen.findByRole('grid', { name: 'Preview' });
    expect(screen.getByText(/2 errors: fix the file/)).toBeInTheDocument();
    // The errors come before every row the file would import, whatever their row numbers.
    expect(previewRows().map(([row, result, , column]) => [row, result, column])).toEqual([
      ['3', 'Error', 'Medication'],
      ['5', 'Error', 'Severity'],
      ['2', 'Create', ''],
      ['4', 'Unchanged', ''],
    ]);
    expect(previewRows()[0][4]).toBe('no medication is named "Nosuchmed"');
    expect(screen.getByRole('status', { name: 'Import summary' })).toHaveTextContent(
      'Drug Interactions: 4 rows read; 2 errors, 1 to create, 0 to change, 1 unchanged.',
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    const [sent] = requestsTo(fetchMock, 'POST /import');
    const url = new URL(sent.url);
    expect(url.searchParams.get('entity')).toBe('drug-interactions');
    expect(url.searchParams.get('dry_run')).toBe('true');
    expect(url.searchParams.get('file_name')).toBe('interactions.csv');
    expect(sent.headers.get('content-type')).toBe('text/csv');
    expect(await sent.text()).toBe('"Medication"\r\n');
  });

  it('previews a clean file (each field before and after, the altered tests) and applies it after a confirmation', async () => {
    const { user, fetchMock } = renderImport(clean);
    await user.upload(screen.getByLabelText('Import file'), csv('x'));
    const preview = within(await screen.findByRole('grid', { name: 'Preview' }));
    expect(preview.getByText('Severity: Major → Moderate')).toBeInTheDocument();
    expect(preview.getByText('Description: Bleeding → Bleeding risk')).toBeInTheDocument();
    expect(preview.getByText('Severity: Minor')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Import summary' })).toHaveTextContent(
      '2 rows read; 0 errors, 1 to create, 1 to change, 0 unchanged',
    );
    expect(
      within(screen.getByRole('list', { name: 'Altered test prescriptions' })).getByText(
        'Warfarin with ibuprofen',
      ),
    ).toBeInTheDocument();

    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    await user.click(apply);
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply this import?' }));
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await findToast('Imported: 1 created, 1 changed, 0 unchanged');
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /import')).toHaveLength(2));
    const stored = new URL(requestsTo(fetchMock, 'POST /import')[1].url);
    expect(stored.searchParams.get('dry_run')).toBe('false');
    expect(stored.searchParams.get('entity')).toBe('drug-interactions');
    // Back to the list, which the import's cache tags refresh.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/drugs/interactions'),
    );
  });

  it('takes a file dropped on the page', async () => {
    const { fetchMock } = renderImport(clean);
    fireEvent.drop(screen.getByLabelText('Drop a file here'), {
      dataTransfer: { files: [csv('dropped')] },
    });
    await screen.findByRole('grid', { name: 'Preview' });
    expect(await requestsTo(fetchMock, 'POST /import')[0].text()).toBe('dropped');
  });

  it('sends a .json file as a FHIR Bundle, without the entity, and names the records of each row', async () => {
    const { user, fetchMock } = renderImport({
      ...clean,
      entity: 'fhir-bundle',
      tests: null,
      created: [{ row: 1, entity: 'medications', label: 'Ibuprofen', changes: {} }],
      changed: [],
      counts: { errors: 0, created: 1, changed: 0, unchanged: 0 },
      rows: 1,
    });
    const bundle = new File(['{"resourceType":"Bundle"}'], 'export.json', { type: '' });
    await user.upload(screen.getByLabelText('Import file'), bundle);
    await screen.findByRole('grid', { name: 'Preview' });
    expect(previewRows()[0].slice(0, 4)).toEqual(['1', 'Create', 'Medications', 'Ibuprofen']);
    expect(screen.getByRole('status', { name: 'Import summary' })).toHaveTextContent(
      'FHIR Bundle: 1 entry read',
    );

    const [sent] = requestsTo(fetchMock, 'POST /import');
    const url = new URL(sent.url);
    expect(url.searchParams.has('entity')).toBe(false);
    expect(url.searchParams.get('file_name')).toBe('export.json');
    expect(sent.headers.get('content-type')).toBe('application/fhir+json');
    expect(await sent.text()).toBe('{"resourceType":"Bundle"}');
  });

  it("shows the server's refusal of a file", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderImport({
      status: 400,
      body: { message: 'entity is required for a CSV file' },
    });
    await user.upload(screen.getByLabelText('Import file'), csv('x'));
    expect(await screen.findByText('entity is required for a CSV file')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Preview' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
