import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { Release, ReleaseCompareResponse, ReleaseDetailResponse, User } from '@/api';
import { exactTime } from '@/lib/relativeTime';
import { stubDownloads } from '@/test/downloads';
import { auditPage, dosageCreated, severityChange } from '@/test/historyFixtures';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn, testUser } from '@/test/fixtures';
import { ReleaseDetailPage } from './ReleaseDetailPage';

const editorUser: User = { ...testUser, id: 9, name: 'Eddie Editor', role: 'editor' };

const november: Release = {
  number: 3,
  title: 'November',
  notes: 'New renal rules',
  published_by: 7,
  published_by_name: 'Ada Admin',
  published_at: '2026-11-03T09:00:00.000Z',
  effective_at: '2026-11-03T09:00:00.000Z',
  in_effect: true,
  latest: true,
};
const december: Release = {
  ...november,
  number: 4,
  title: 'December',
  notes: '',
  effective_at: '2026-12-01T00:00:00.000Z',
  in_effect: false,
  latest: false,
};

const detail = (release: Release): { body: ReleaseDetailResponse } => ({
  body: {
    data: {
      ...release,
      counts: [
        { entity: 'drug_interactions', added: 1, changed: 2, removed: 0 },
        { entity: 'weight_dosages', added: 0, changed: 0, removed: 3 },
      ],
    },
  },
});

const STATUS = {
  body: {
    data: { latest: november, scheduled: december, newest: 4, changes: 0, awaiting_review: 0 },
  },
};

function renderRelease(number: number, user: User, routes: Record<string, MockHandler> = {}) {
  const fetchMock = mockFetch({
    'GET /release/status': STATUS,
    'GET /release/3': detail(november),
    'GET /release/4': detail(december),
    'GET /release/3/changes': auditPage([severityChange, dosageCreated]),
    'GET /release/4/changes': auditPage([]),
    'GET /release': {
      body: { data: [december, november], meta: { total: 2, page: 1, page_size: 100 } },
    },
    ...routes,
  });
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/dashboard/releases/:id" element={<ReleaseDetailPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { route: `/dashboard/releases/${number}`, preloadedState: signedIn(user) },
  );
  return { fetchMock, ...rendered };
}

describe("a release's page", () => {
  it('shows the release, what it changed by table, and the history entries it brought', async () => {
    const { fetchMock } = renderRelease(3, editorUser);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release 3: November' }),
    ).toBeInTheDocument();
    const facts = within(screen.getByRole('region', { name: 'Information' }));
    expect(facts.getByText('Latest')).toBeInTheDocument();
    expect(facts.getByText('Ada Admin')).toBeInTheDocument();
    expect(facts.getByText('New renal rules')).toBeInTheDocument();
    expect(facts.getByText(exactTime(november.effective_at))).toBeInTheDocument();

    const counts = within(screen.getByRole('grid', { name: 'Records changed in release 3' }));
    const interactions = within(
      counts
        .getByRole('gridcell', { name: 'Drug interactions' })
        .closest<HTMLElement>('[role="row"]')!,
    );
    expect(interactions.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'Drug interactions',
      '1',
      '2',
      '0',
    ]);
    expect(counts.getByRole('gridcell', { name: 'Weight dosages' })).toBeInTheDocument();

    const changes = within(await screen.findByRole('grid', { name: 'Changes in release 3' }));
    expect(changes.getByText('Warfarin + Ibuprofen (Drug interaction)')).toBeInTheDocument();
    expect(changes.getByText('severity')).toBeInTheDocument();
    expect(changes.getByText('New bleeding-risk data')).toBeInTheDocument();
    expect(changes.getByText('Eddie Editor')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'GET /release/3/changes');
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({
      page: '1',
      page_size: '25',
    });
  });

  it('downloads every change of the release as CSV', async () => {
    const click = stubDownloads();
    const { user, fetchMock } = renderRelease(3, editorUser, {
      'GET /release/3/changes': (request) =>
        new URL(request.url).searchParams.get('format') === 'csv'
          ? { body: 'id,at\n41,2026-11-25\n', headers: { 'Content-Type': 'text/csv' } }
          : auditPage([severityChange]),
    });
    await screen.findByRole('grid', { name: 'Changes in release 3' });
    await user.click(screen.getByRole('button', { name: 'Export all rows as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csv = requestsTo(fetchMock, 'GET /release/3/changes').find(
      (request) => new URL(request.url).searchParams.get('format') === 'csv',
    );
    expect(csv?.headers.get('Authorization')).toBe('Bearer test-token-123');
  });

  it('compares with the draft by table: records added, changed field by field, and removed', async () => {
    const comparison: ReleaseCompareResponse = {
      data: {
        from: '3',
        to: 'draft',
        entities: [
          {
            entity: 'drug_interactions',
            added: [{ id: 12, label: 'Aspirin + Clopidogrel' }],
            changed: [{ id: 3, fields: { severity: { from: 'moderate', to: 'major' } } }],
            removed: [],
          },
          { entity: 'conditions', added: [], changed: [], removed: [{ id: 4, name: 'Gout' }] },
          { entity: 'lifestyles', added: [], changed: [], removed: [] },
        ],
      },
    };
    const { user, fetchMock } = renderRelease(3, editorUser, {
      'GET /release/compare': { body: comparison },
    });
    await screen.findByRole('heading', { level: 1, name: 'Release 3: November' });
    const compareWith = screen.getByRole('combobox', { name: 'Compare with' });
    // Every other release is offered, and the draft.
    await waitFor(() =>
      expect(
        within(compareWith)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose…', 'Draft', 'Release 4']),
    );
    await user.selectOptions(compareWith, 'Draft');
    const result = within(await screen.findByRole('region', { name: 'Comparison' }));
    expect(result.getByText('From Release 3 to Draft')).toBeInTheDocument();
    const [request] = requestsTo(fetchMock, 'GET /release/compare');
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({
      from: '3',
      to: 'draft',
    });

    const interactions = within(result.getByRole('region', { name: 'Drug interactions' }));
    expect(interactions.getByText('Added (1)')).toBeInTheDocument();
    expect(
      within(interactions.getByRole('list', { name: 'Drug interactions added' })).getByText(
        'Aspirin + Clopidogrel',
      ),
    ).toBeInTheDocument();
    const fields = within(interactions.getByRole('grid', { name: 'Drug interactions #3 changes' }));
    const severity = within(
      fields.getByRole('gridcell', { name: 'severity' }).closest<HTMLElement>('[role="row"]')!,
    );
    expect(severity.getAllByRole('gridcell').map((cell) => cell.textContent)).toEqual([
      'severity',
      'moderate',
      'major',
    ]);
    const conditions = within(result.getByRole('region', { name: 'Conditions' }));
    expect(
      within(conditions.getByRole('list', { name: 'Conditions removed' })).getByText('Gout'),
    ).toBeInTheDocument();
    // A table with no difference is left out.
    expect(result.queryByRole('region', { name: 'Lifestyles' })).not.toBeInTheDocument();
  });

  it('restores the release into the draft after a confirm that says the changes go through review', async () => {
    const { user, fetchMock } = renderRelease(3, editorUser, {
      'POST /release/3/restore': {
        body: { data: { changes: 5 }, message: '5 records restored from release 3' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore this release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restore release 3?' }));
    expect(dialog.getByText(/The draft is made equal to release 3/)).toBeInTheDocument();
    expect(dialog.getByText(/go through review before they can be published/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Restore' }));
    await findToast('5 records restored from release 3');
    const [sent] = requestsTo(fetchMock, 'POST /release/3/restore');
    expect(await sent.json()).toEqual({});
  });

  it('lets an administrator cancel the scheduled newest release, and goes back to the list', async () => {
    const { user, fetchMock } = renderRelease(4, testUser, {
      'DELETE /release/4': { body: { message: 'Release 4 cancelled' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release 4: December' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Information' })).getByText('Scheduled'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel release 4?' }));
    expect(dialog.getByText(/Its changes become the draft's again/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel release' }));
    await findToast('Release 4 cancelled');
    expect(requestsTo(fetchMock, 'DELETE /release/4')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/releases$/),
    );
  });

  it.each([
    ['a release in effect, to an administrator', 3, testUser, 'Release 3: November'],
    ['the scheduled release, to an editor', 4, editorUser, 'Release 4: December'],
  ])('offers no cancel for %s', async (_case, number, user, title) => {
    renderRelease(number, user);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.getByRole('button', { name: 'Restore this release' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel release' })).not.toBeInTheDocument();
  });

  it('says when there is no such release', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRelease(9, testUser, {
      'GET /release/9': { status: 404, body: { message: 'Release 9 not found' } },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Release not found' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Release 9 not found').length).toBeGreaterThan(0);
  });
});
