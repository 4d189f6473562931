import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { DataQualityCard } from './DataQualityCard';

const finding = (severity: 'error' | 'warning' | 'info', entity_id: number) => ({
  kind: 'missing_pregnancy_category',
  severity,
  entity: 'medication',
  entity_id,
  message: 'x',
});

describe('the Data quality card', () => {
  it('shows the number of findings and links to the report', async () => {
    mockFetch({
      'GET /data-quality': {
        body: { data: [finding('error', 1), finding('warning', 2), finding('info', 3)] },
      },
    });
    renderWithProviders(<DataQualityCard />, { preloadedState: signedIn() });
    const card = within(await screen.findByRole('region', { name: 'Data quality' }));
    expect(await card.findByText('3')).toBeInTheDocument();
    expect(card.getByText('findings: 1 error, 1 warning')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the report' })).toHaveAttribute(
      'href',
      '/dashboard/data-quality',
    );
  });

  it('says so when the data is clean', async () => {
    mockFetch({ 'GET /data-quality': { body: { data: [] } } });
    renderWithProviders(<DataQualityCard />, { preloadedState: signedIn() });
    expect(await screen.findByText('No problems found in the reference data.')).toBeInTheDocument();
  });
});
