import { act, screen, waitFor, within } from '@testing-library/react';
import type { DashboardStats } from '@/api';
import { api } from '@/api';
import { DASHBOARD_MAX_AGE_S } from './DashboardPage';
import { exactTime } from '@/lib/relativeTime';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { clockForward } from '@/test/clock';
import { auditPage, severityChange } from '@/test/historyFixtures';

// MUI X Charts draws SVG from measured sizes, which jsdom does not have: a stand-in shows what the
// chart was given. The real chart runs in the browser tests (e2e/dashboard-users-drugs.test.ts).
jest.mock('./SearchesChart', () => ({
  __esModule: true,
  default: ({ days }: { days: { date: string; count: number }[] }) => (
    <div data-testid="searches-chart">{days.map((d) => `${d.date}:${d.count}`).join(' ')}</div>
  ),
}));

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function days(counts: number[]) {
  return counts.map((count, i) => ({ date: `2025-03-${String(i + 1).padStart(2, '0')}`, count }));
}

function stats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    total_drugs: 40,
    total_users: 21,
    total_searches: 230,
    active_today: 6,
    recent_drugs: [
      { id: 3, name: 'Warfarin', created_at: ago(3 * MINUTE) },
      { id: 2, name: 'Metformin', created_at: ago(2 * 60 * MINUTE) },
    ],
    recent_searches: [
      {
        id: 9,
        user_id: 4,
        user_name: 'Olivia Bennett',
        drug_id: 3,
        drug_name: 'Warfarin',
        searched_at: ago(5 * MINUTE),
      },
      {
        id: 8,
        user_id: 5,
        user_name: 'Liam Carter',
        drug_id: null,
        drug_name: 'Deleted Drug',
        searched_at: ago(26 * 60 * MINUTE),
      },
    ],
    searches_per_day: days(Array.from({ length: 30 }, (_, i) => i % 3)),
    time_zone: 'UTC',
    ...overrides,
  };
}

const renderDashboard = () =>
  renderWithProviders(undefined, { route: '/dashboard', preloadedState: signedIn() });
const region = (name: string) => screen.findByRole('region', { name });

afterEach(() => {
  jest.useRealTimers();
});

describe('/dashboard', () => {
  it('shows the counts, the recent drugs and searches with relative times, and the chart', async () => {
    mockFetch({ 'GET /dashboard/stats': { body: { data: stats() } } });
    renderDashboard();

    expect(await within(await region('Total Drugs')).findByText('40')).toBeInTheDocument();
    expect(within(await region('Total Users')).getByText('21')).toBeInTheDocument();
    expect(within(await region('Total Searches')).getByText('230')).toBeInTheDocument();
    expect(within(await region('Active Today')).getByText('6')).toBeInTheDocument();

    const drugs = within(await region('Recent Drugs'));
    const drugItems = drugs.getAllByRole('listitem');
    expect(drugItems.map((item) => item.textContent)).toEqual([
      'WarfarinAdded 3 minutes ago',
      'MetforminAdded 2 hours ago',
    ]);

    const searches = within(await region('Recent Searches'));
    expect(searches.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'WarfarinOlivia Bennett · 5 minutes ago',
      'Deleted DrugLiam Carter · 1 day ago',
    ]);
    // The exact time is there on hover (the element's title) and in machine-readable form.
    const time = searches.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(time).toHaveAttribute('title', exactTime(time.getAttribute('dateTime') ?? ''));
    expect(time.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}:\d{2}/);

    const chart = await screen.findByTestId('searches-chart');
    expect(chart.textContent?.split(' ')).toHaveLength(30);
    expect(chart).toHaveTextContent('2025-03-01:0 2025-03-02:1 2025-03-03:2');
    expect(screen.getByText('The last 30 days (days in UTC)')).toBeInTheDocument();
  });

  it("says 'No drugs found' and 'No searches found' when there are none", async () => {
    mockFetch({
      'GET /dashboard/stats': {
        body: { data: stats({ total_drugs: 0, recent_drugs: [], recent_searches: [] }) },
      },
    });
    renderDashboard();
    expect(
      await within(await region('Recent Drugs')).findByText('No drugs found'),
    ).toBeInTheDocument();
    expect(
      within(await region('Recent Searches')).getByText('No searches found'),
    ).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockFetch({ 'GET /dashboard/stats': () => new Promise((resolve) => (answer = resolve)) });
    renderDashboard();
    expect(await region('Total Drugs')).toHaveAttribute('aria-busy', 'true');
    expect(await region('Recent Drugs')).toHaveAttribute('aria-busy', 'true');
    expect(await region('Searches per day')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No drugs found')).not.toBeInTheDocument();
    await act(async () => answer({ body: { data: stats() } }));
    // The answer's body is read asynchronously: wait for it rather than for one render.
    await waitFor(async () =>
      expect(await region('Total Drugs')).toHaveAttribute('aria-busy', 'false'),
    );
  });

  it('shows an error banner on failure, and loads again on Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /dashboard/stats': () =>
        fail
          ? {
              status: 500,
              body: { message: 'Something went wrong on our side. Please try again.' },
            }
          : { body: { data: stats() } },
    });
    const { user } = renderDashboard();
    const banner = (await screen.findByText('The dashboard could not be loaded')).closest(
      '[role="alert"]',
    );
    expect(banner).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(screen.queryByRole('region', { name: 'Total Drugs' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(within(await region('Total Drugs')).getByText('40')).toBeInTheDocument();
    expect(screen.queryByText('The dashboard could not be loaded')).not.toBeInTheDocument();
  });

  it('shows a medication added elsewhere: medication changes invalidate the dashboard', async () => {
    let current = stats();
    const fetchMock = mockFetch({
      'GET /dashboard/stats': () => ({ body: { data: current } }),
      'POST /medication': () => {
        current = stats({
          total_drugs: 41,
          recent_drugs: [{ id: 41, name: 'Apixaban', created_at: ago(0) }, ...current.recent_drugs],
        });
        return {
          status: 201,
          body: { data: { id: 41 }, message: 'Medication added successfully' },
        };
      },
    });
    const { store } = renderDashboard();
    expect(within(await region('Total Drugs')).getByText('40')).toBeInTheDocument();

    await act(async () => {
      await store.dispatch(
        api.endpoints.createMedication.initiate({
          medicationCreate: { name: 'Apixaban', condition_id: 1, is_dosage_weight_based: false },
        }),
      );
    });
    expect(await within(await region('Total Drugs')).findByText('41')).toBeInTheDocument();
    expect(await within(await region('Recent Drugs')).findByText('Apixaban')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /dashboard/stats')).toHaveLength(2);
  });

  it("asks again when shown with stats over DASHBOARD_MAX_AGE_S old: app users' activity has no tag", async () => {
    let current = stats();
    const fetchMock = mockFetch({ 'GET /dashboard/stats': () => ({ body: { data: current } }) });
    const first = renderDashboard();
    expect(await within(await region('Active Today')).findByText('6')).toBeInTheDocument();
    first.unmount();

    // Back soon after: the cached stats, no request.
    current = stats({ active_today: 7 });
    const soon = renderWithProviders(undefined, { route: '/dashboard', store: first.store });
    expect(await within(await region('Active Today')).findByText('6')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /dashboard/stats')).toHaveLength(1);
    soon.unmount();

    // Back later than DASHBOARD_MAX_AGE_S (and within the cache's 60 s): asked again.
    clockForward(DASHBOARD_MAX_AGE_S + 1);
    renderWithProviders(undefined, { route: '/dashboard', store: first.store });
    expect(await within(await region('Active Today')).findByText('7')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /dashboard/stats')).toHaveLength(2);
  });

  it('shows the five newest changes: what, who and when', async () => {
    const fetchMock = mockFetch({
      'GET /dashboard/stats': { body: { data: stats() } },
      'GET /audit': auditPage([{ ...severityChange, at: ago(3 * MINUTE) }], 1, 5),
    });
    renderDashboard();
    const card = within(await region('Recent changes'));
    expect(
      await card.findByText('Updated Warfarin + Ibuprofen (Drug interaction)'),
    ).toBeInTheDocument();
    expect(card.getByText(/Ada Admin/)).toHaveTextContent('Ada Admin · 3 minutes ago');
    const query = new URL(requestsTo(fetchMock, 'GET /audit')[0].url).searchParams;
    expect(Object.fromEntries(query)).toEqual({ page_size: '5', sort: '-at' });
  });

  it('shows the latest release beside the report and the test prescriptions, from the same request as the banner', async () => {
    const fetchMock = mockFetch({
      'GET /dashboard/stats': { body: { data: stats() } },
      'GET /release/status': {
        body: {
          data: {
            latest: {
              number: 3,
              title: 'November',
              notes: '',
              published_by: 7,
              published_by_name: 'Ada Admin',
              published_at: ago(2 * 24 * 60 * MINUTE),
              effective_at: ago(2 * 24 * 60 * MINUTE),
              in_effect: true,
              latest: true,
            },
            scheduled: null,
            newest: 3,
            changes: 1,
            awaiting_review: 1,
          },
        },
      },
    });
    renderDashboard();
    const card = within(await region('Latest release'));
    expect(await card.findByText('Release 3')).toBeInTheDocument();
    expect(card.getByText('published 2 days ago')).toBeInTheDocument();
    expect(card.getByText('1 change pending, 1 awaiting review')).toBeInTheDocument();
    // The shell's banner reads the same status: one request for both.
    expect(
      await screen.findByRole('link', {
        name: 'Draft: 1 change since release 3, 1 awaiting review',
      }),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /release/status')).toHaveLength(1);
  });
});
