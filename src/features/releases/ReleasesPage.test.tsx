import { screen, waitFor, within } from '@testing-library/react';
import type { Release, ReleaseReadinessResponse, ReleaseStatus } from '@/api';
import { exactTime, relativeTime } from '@/lib/relativeTime';
import { findToast, renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo, type MockHandler } from '@/test/mockFetch';
import { signedIn, testUser, viewerUser } from '@/test/fixtures';
import { ReleasesPage } from './ReleasesPage';

const editorUser = { ...testUser, id: 9, name: 'Eddie Editor', role: 'editor' as const };

function release(number: number, overrides: Partial<Release> = {}): Release {
  return {
    number,
    title: `Release title ${number}`,
    notes: '',
    published_by: 7,
    published_by_name: 'Ada Admin',
    published_at: `2026-11-0${number}T09:00:00.000Z`,
    effective_at: `2026-11-0${number}T09:00:00.000Z`,
    in_effect: true,
    latest: false,
    ...overrides,
  };
}

const scheduled = release(4, {
  title: 'December',
  in_effect: false,
  effective_at: '2026-12-01T00:00:00.000Z',
});
const latest = release(3, { title: 'November', latest: true });
const RELEASES = [scheduled, latest, release(2), release(1)];

const status = (overrides: Partial<ReleaseStatus> = {}): { body: { data: ReleaseStatus } } => ({
  body: {
    data: {
      latest,
      scheduled,
      newest: 4,
      changes: 2,
      awaiting_review: 1,
      ...overrides,
    },
  },
});

const page = (rows: Release[]) => ({
  body: { data: rows, meta: { total: rows.length, page: 1, page_size: 25 } },
});

const readiness = (
  data: Partial<ReleaseReadinessResponse['data']> = {},
): { body: ReleaseReadinessResponse } => ({
  body: {
    data: {
      blockers: [],
      test_prescriptions: [
        { id: 1, name: 'Warfarin with ibuprofen', status: 'pass', passes: true },
        { id: 2, name: 'Paracetamol for a child', status: 'changed', passes: true },
      ],
      data_quality: { draft_errors: 2, release_errors: 3 },
      ...data,
    },
  },
});

function renderPage(user = testUser, routes: Record<string, MockHandler> = {}) {
  const fetchMock = mockFetch({
    'GET /release': page(RELEASES),
    'GET /release/status': status(),
    ...routes,
  });
  return {
    fetchMock,
    ...renderWithProviders(<ReleasesPage />, { preloadedState: signedIn(user) }),
  };
}

const grid = () => within(screen.getByRole('grid', { name: 'Releases' }));
const row = async (number: number) => {
  const link = await grid().findByRole('link', { name: `Release ${number}` });
  return within(link.closest<HTMLElement>('[role="row"]')!);
};

describe('the Releases screen', () => {
  it('lists each release with its title, publisher, dates and state, a page at a time, without a search the server cannot answer', async () => {
    const { fetchMock } = renderPage();
    const november = await row(3);
    expect(november.getByText('November')).toBeInTheDocument();
    expect(november.getByText('Ada Admin')).toBeInTheDocument();
    // Published: how long ago, the exact time on hover; in effect from: the exact time.
    const published = november.getByText(relativeTime(latest.published_at));
    expect(published.tagName).toBe('TIME');
    expect(published).toHaveAttribute('dateTime', latest.published_at);
    expect(november.getByText(exactTime(latest.effective_at))).toBeInTheDocument();
    expect(november.getByText('Latest')).toBeInTheDocument();
    expect(november.getByRole('link', { name: 'Release 3' })).toHaveAttribute(
      'href',
      '/dashboard/releases/3',
    );
    const december = await row(4);
    expect(december.getByText('Scheduled')).toBeInTheDocument();
    expect(december.getByText(exactTime(scheduled.effective_at))).toBeInTheDocument();
    // Older than the latest release in effect.
    expect((await row(2)).getByText('Superseded')).toBeInTheDocument();
    expect(screen.getByText('2 unpublished changes in the draft, 1 awaiting review')).toBeVisible();

    const [request] = requestsTo(fetchMock, 'GET /release');
    expect(Object.fromEntries(new URL(request.url).searchParams)).toEqual({
      page: '1',
      page_size: '25',
    });
    expect(screen.queryByRole('textbox', { name: 'Search releases' })).not.toBeInTheDocument();
  });

  it('says when no release has been published yet, and offers a viewer neither Publish nor Discard', async () => {
    renderPage(viewerUser, {
      'GET /release': page([]),
      'GET /release/status': status({
        latest: null,
        scheduled: null,
        newest: null,
        changes: 0,
        awaiting_review: 0,
      }),
    });
    expect(await screen.findByText('No release has been published yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish release' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Discard unpublished changes' }),
    ).not.toBeInTheDocument();
  });

  it("shows what blocks publishing, each test prescription's result and the data-quality errors; Publish stays disabled", async () => {
    const { user } = renderPage(testUser, {
      'GET /release/readiness': readiness({
        blockers: [
          {
            kind: 'unreviewed',
            message: 'Warfarin (Medication) awaits review',
            entity: 'medication',
            entity_id: 5,
          },
          {
            kind: 'test_prescription',
            message: 'Warfarin with ibuprofen is worse on the draft',
            test_prescription_id: 1,
          },
        ],
        test_prescriptions: [
          { id: 1, name: 'Warfarin with ibuprofen', status: 'worse', passes: false },
        ],
        data_quality: { draft_errors: 4, release_errors: 3 },
      }),
    });
    await row(3);
    await user.click(screen.getByRole('button', { name: 'Publish release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish release' }));
    expect(await dialog.findByText('Publishing is blocked by 2 problems')).toBeInTheDocument();
    const blockers = within(dialog.getByRole('list', { name: 'Blockers' }));
    expect(blockers.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Warfarin (Medication) awaits review',
      'Warfarin with ibuprofen is worse on the draft',
    ]);
    const tests = within(dialog.getByRole('list', { name: 'Test prescriptions on the draft' }));
    expect(tests.getByText('Warfarin with ibuprofen: Worse')).toBeInTheDocument();
    expect(
      dialog.getByText('4 errors on the draft; 3 errors on the latest release.'),
    ).toBeInTheDocument();
    await user.fill(dialog.getByRole('textbox', { name: 'Title' }), 'December');
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it("publishes with a title, notes and a time to take effect, and says so in the server's words", async () => {
    const { user, fetchMock } = renderPage(testUser, {
      'GET /release/readiness': readiness(),
      'POST /release': {
        status: 201,
        body: { data: release(5, { title: 'January' }), message: 'Release 5 published' },
      },
    });
    await row(3);
    await user.click(screen.getByRole('button', { name: 'Publish release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish release' }));
    expect(await dialog.findByText('Nothing blocks publishing.')).toBeInTheDocument();
    expect(dialog.getByText('Paracetamol for a child: Changed')).toBeInTheDocument();
    const publish = dialog.getByRole('button', { name: 'Publish' });
    expect(publish).toBeEnabled();

    // The title is required.
    await user.click(publish);
    expect(await dialog.findByText('Title is required')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /release')).toHaveLength(0);

    await user.fill(dialog.getByRole('textbox', { name: 'Title' }), 'January');
    await user.fill(dialog.getByRole('textbox', { name: 'Notes' }), 'New renal rules');
    await user.fill(dialog.getByLabelText('Takes effect at'), '2027-01-01T08:30');
    await user.click(publish);
    await findToast('Release 5 published');
    const [sent] = requestsTo(fetchMock, 'POST /release');
    expect(await sent.json()).toEqual({
      title: 'January',
      notes: 'New renal rules',
      effective_at: new Date('2027-01-01T08:30').toISOString(),
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the blockers the server lists when it refuses, and keeps the form open', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderPage(testUser, {
      'GET /release/readiness': readiness(),
      'POST /release': {
        status: 409,
        body: {
          message: 'Publication is blocked',
          blockers: [
            {
              kind: 'unreviewed',
              message: 'Gout (Condition) was changed since its approval',
              entity: 'condition',
              entity_id: 4,
            },
          ],
        },
      },
    });
    await row(3);
    await user.click(screen.getByRole('button', { name: 'Publish release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Publish release' }));
    await dialog.findByText('Nothing blocks publishing.');
    await user.fill(dialog.getByRole('textbox', { name: 'Title' }), 'January');
    await user.click(dialog.getByRole('button', { name: 'Publish' }));
    const blockers = within(await dialog.findByRole('list', { name: 'Blockers' }));
    expect(
      blockers.getByText('Gout (Condition) was changed since its approval'),
    ).toBeInTheDocument();
    expect(dialog.getAllByText('Publication is blocked').length).toBeGreaterThan(0);
    expect(dialog.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('offers Publish to administrators only, and discards the unpublished changes after a confirm', async () => {
    const { user, fetchMock } = renderPage(editorUser, {
      'POST /release/latest/restore': {
        body: { data: { changes: 2 }, message: '2 changes discarded' },
      },
    });
    await row(3);
    expect(screen.queryByRole('button', { name: 'Publish release' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard unpublished changes' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Discard unpublished changes?' }),
    );
    expect(
      dialog.getByText(/The draft is made equal to release 3 again: every change made since/),
    ).toBeInTheDocument();
    expect(dialog.getByText(/go through review like any other/)).toBeInTheDocument();
    await user.fill(dialog.getByRole('textbox', { name: /Reason for the change/ }), 'Wrong batch');
    await user.click(dialog.getByRole('button', { name: 'Discard' }));
    await findToast('2 changes discarded');
    const [sent] = requestsTo(fetchMock, 'POST /release/latest/restore');
    expect(await sent.json()).toEqual({ reason: 'Wrong batch' });
  });

  it('opens a release from its row', async () => {
    const { user } = renderPage();
    const november = await row(3);
    await user.click(november.getByText('November'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/releases/3'),
    );
  });
});
