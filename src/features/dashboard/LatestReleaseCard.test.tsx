import { screen, within } from '@testing-library/react';
import type { Release, ReleaseStatus } from '@/api';
import { exactTime } from '@/lib/relativeTime';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { LatestReleaseCard } from './LatestReleaseCard';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const november: Release = {
  number: 3,
  title: 'November',
  notes: '',
  published_by: 7,
  published_by_name: 'Ada Admin',
  published_at: ago(3 * DAY + 60_000),
  effective_at: ago(3 * DAY),
  in_effect: true,
  latest: true,
};

function renderCard(status: ReleaseStatus) {
  mockFetch({ 'GET /release/status': { body: { data: status } } });
  renderWithProviders(<LatestReleaseCard />, { preloadedState: signedIn() });
  return screen.findByRole('region', { name: 'Latest release' });
}

describe('the Latest release card', () => {
  it("shows the latest release's number, title and age, a scheduled one, and the changes pending", async () => {
    const december = {
      ...november,
      number: 4,
      title: 'December',
      effective_at: '2030-12-01T00:00:00.000Z',
      in_effect: false,
      latest: false,
    };
    const card = within(
      await renderCard({
        latest: november,
        scheduled: december,
        newest: 4,
        changes: 2,
        awaiting_review: 1,
      }),
    );
    expect(await card.findByText('Release 3')).toBeInTheDocument();
    expect(card.getByText('November')).toBeInTheDocument();
    const age = card.getByText('published 3 days ago');
    expect(age).toHaveAttribute('title', exactTime(november.published_at));
    expect(
      card.getByText(`Release 4 takes effect ${exactTime(december.effective_at)}`),
    ).toBeInTheDocument();
    expect(card.getByText('2 changes pending, 1 awaiting review')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open releases' })).toHaveAttribute(
      'href',
      '/dashboard/releases',
    );
  });

  it('says when no release has been published yet', async () => {
    const card = within(
      await renderCard({
        latest: null,
        scheduled: null,
        newest: null,
        changes: 0,
        awaiting_review: 0,
      }),
    );
    expect(await card.findByText('No release yet')).toBeInTheDocument();
    expect(card.getByText('No change pending.')).toBeInTheDocument();
  });

  it('says so when the status could not be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /release/status': { status: 500, body: { message: 'Down' } } });
    renderWithProviders(<LatestReleaseCard />, { preloadedState: signedIn() });
    const card = within(await screen.findByRole('region', { name: 'Latest release' }));
    expect(await card.findByText('The releases could not be loaded.')).toBeInTheDocument();
  });
});
