import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import { TestPrescriptionsCard } from './TestPrescriptionsCard';
import { paracetamolChild, testList, warfarinIbuprofen } from '@/test/testPrescriptionFixtures';

describe('the Test prescriptions card', () => {
  it('says how many pass, how many changed, and links to the screen', async () => {
    mockFetch({ 'GET /test-prescription': testList() });
    renderWithProviders(<TestPrescriptionsCard />, { preloadedState: signedIn() });
    const card = within(
      await screen.findByRole('region', { name: 'Test prescriptions: 1 of 2 pass' }),
    );
    expect(card.getByText('1 changed since they were saved or accepted')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the test prescriptions' })).toHaveAttribute(
      'href',
      '/dashboard/test-prescriptions',
    );
  });

  it('says how many are worse than expected, before those that merely changed', async () => {
    const worse = {
      ...warfarinIbuprofen,
      last_result: { ...paracetamolChild.last_result!, status: 'worse' as const },
    };
    mockFetch({ 'GET /test-prescription': testList([worse, paracetamolChild]) });
    renderWithProviders(<TestPrescriptionsCard />, { preloadedState: signedIn() });
    const card = within(
      await screen.findByRole('region', { name: 'Test prescriptions: 1 of 2 pass' }),
    );
    expect(card.getByText('1 worse than expected')).toBeInTheDocument();
  });

  it('says when every outcome is as expected', async () => {
    mockFetch({ 'GET /test-prescription': testList([]) });
    renderWithProviders(<TestPrescriptionsCard />, { preloadedState: signedIn() });
    expect(
      await screen.findByRole('region', { name: 'Test prescriptions: 0 of 0 pass' }),
    ).toHaveTextContent('None saved yet');
  });
});
