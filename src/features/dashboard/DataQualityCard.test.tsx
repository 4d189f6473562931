import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch, requestsTo } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { DataQualityCard } from './DataQualityCard';

describe('the Data quality card', () => {
  it("shows the report's number of findings from its summary, and links to the report", async () => {
    const calls = mockFetch({
      'GET /data-quality/summary': {
        body: { data: { total: 120_003, error: 1, warning: 120_001, info: 1 } },
      },
    });
    renderWithProviders(<DataQualityCard />, { preloadedState: signedIn() });
    const card = within(await screen.findByRole('region', { name: 'Data quality' }));
    expect(await card.findByText('120003')).toBeInTheDocument();
    expect(card.getByText('findings: 1 error, 120001 warnings')).toBeInTheDocument();
    // The findings themselves, which can be hundreds of thousands, are never asked for.
    expect(requestsTo(calls, 'GET /data-quality')).toHaveLength(0);
    expect(card.getByRole('link', { name: 'Open the report' })).toHaveAttribute(
      'href',
      '/dashboard/data-quality',
    );
  });

  it('says so when the data is clean', async () => {
    mockFetch({
      'GET /data-quality/summary': { body: { data: { total: 0, error: 0, warning: 0, info: 0 } } },
    });
    renderWithProviders(<DataQualityCard />, { preloadedState: signedIn() });
    expect(await screen.findByText('No problems found in the reference data.')).toBeInTheDocument();
  });
});
