import { screen, waitFor, within } from '@testing-library/react';
import type { ImportResult } from '@/api';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
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
  rows: 3,
  counts: { errors: 2, created: 1, changed: 0, unchanged: 0 },
  errors: [
    { row: 2, field: 'Medication', message: 'no medication is named "Nosuchmed"' },
    {
      row: 4,
      field: 'Severity',
      message: 'must be one of minor, moderate, major, contraindicated',
    },
  ],
  created: [{ row: 3, label: 'Paracetamol + Metformin', changes: {} }],
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
      changes: { Severity: { before: 'Major', after: 'Moderate' } },
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

const file = (text: string) => new File([text], 'interactions.csv', { type: 'text/csv' });

function renderImport(dryRun: ImportResult) {
  const fetchMock = mockFetch({
    'POST /import': async (request) => {
      const url = new URL(request.url);
      if (url.searchParams.get('dry_run') === 'true')
        return { body: { data: dryRun, message: 'Nothing stored (a dry run)' } };
      return {
        body: {
          data: { ...dryRun, dry_run: false, stored: true },
          message: 'Imported: 1 created, 1 changed, 0 unchanged',
        },
      };
    },
  });
  return {
    fetchMock,
    ...renderWithProviders(<ImportPage />, {
      preloadedState: signedIn(),
      route: '/dashboard/import?entity=drug-interactions',
    }),
  };
}

describe('the Import page', () => {
  it('previews a file with errors first, and offers no Apply', async () => {
    const { user, fetchMock } = renderImport(withErrors);
    await user.upload(screen.getByLabelText('CSV file'), file('"Medication"\r\n'));
    const errors = within(await screen.findByRole('grid', { name: 'Errors' }));
    expect(errors.getByText('no medication is named "Nosuchmed"')).toBeInTheDocument();
    expect(errors.getByText('Severity')).toBeInTheDocument();
    expect(screen.getByText(/2 errors: fix the file/)).toBeInTheDocument();
    // The errors come before the rows the file would import.
    const grids = screen.getAllByRole('grid').map((grid) => grid.getAttribute('aria-label'));
    expect(grids).toEqual(['Errors', 'Preview']);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();

    const [sent] = requestsTo(fetchMock, 'POST /import');
    const url = new URL(sent.url);
    expect(url.searchParams.get('entity')).toBe('drug-interactions');
    expect(url.searchParams.get('dry_run')).toBe('true');
    expect(url.searchParams.get('file_name')).toBe('interactions.csv');
    expect(sent.headers.get('content-type')).toBe('text/csv');
    expect(await sent.text()).toBe('"Medication"\r\n');
  });

  it('previews a clean file (changes before and after, altered tests) and applies it after a confirmation', async () => {
    const { user, fetchMock } = renderImport(clean);
    await user.upload(screen.getByLabelText('CSV file'), file('x'));
    const preview = within(await screen.findByRole('grid', { name: 'Preview' }));
    expect(preview.getByText('Severity: Major → Moderate')).toBeInTheDocument();
    expect(preview.getByText('Severity: Minor')).toBeInTheDocument();
    expect(
      screen.getByText(/rows read; 1 to create, 1 to change, 0 unchanged/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Altered test prescriptions' })).getByText(
        'Warfarin with ibuprofen',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Errors' })).toBeNull();

    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeEnabled();
    await user.click(apply);
    const dialog = within(await screen.findByRole('dialog', { name: 'Apply this import?' }));
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await findToast('Imported: 1 created, 1 changed, 0 unchanged');
    await waitFor(() => expect(requestsTo(fetchMock, 'POST /import')).toHaveLength(2));
    const stored = new URL(requestsTo(fetchMock, 'POST /import')[1].url);
    expect(stored.searchParams.get('dry_run')).toBe('false');
  });
});
