import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { mockFetch } from '@/test/mockFetch';
import { signedIn } from '@/test/fixtures';
import AlertsCard from './AlertsCard';

describe('the Alerts card', () => {
  it('shows per rule the cards fired, accepted and overridden, the top override reasons, and links each rule to its record', async () => {
    mockFetch({
      'GET /cds-services/alerts': {
        body: {
          data: [
            {
              rule_kind: 'dosage',
              record_id: 12,
              medication_id: 7,
              label: 'Daily maximum exceeded: Paracetamol',
              fired: 5,
              accepted: 1,
              overridden: 3,
              override_reasons: [
                {
                  code: 'benefit-outweighs-risk',
                  display: 'Patient benefit outweighs risk',
                  count: 2,
                },
                { code: null, display: 'No reason given', count: 1 },
              ],
            },
            {
              rule_kind: 'interaction',
              record_id: 4,
              medication_id: 2,
              label: 'Interaction: Warfarin + Ibuprofen',
              fired: 2,
              accepted: 2,
              overridden: 0,
              override_reasons: [],
            },
            {
              rule_kind: 'not_checked',
              record_id: null,
              medication_id: null,
              label: 'Orders matching no MedRef record',
              fired: 1,
              accepted: 0,
              overridden: 0,
              override_reasons: [],
            },
          ],
        },
      },
    });
    renderWithProviders(<AlertsCard />, { preloadedState: signedIn() });
    const card = within(await screen.findByRole('region', { name: 'Alerts' }));
    const rows = await card.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RuleFiredAcceptedOverriddenTop override reasons',
      'Daily maximum exceeded: Paracetamol513Patient benefit outweighs risk (2), No reason given (1)',
      'Interaction: Warfarin + Ibuprofen220—',
      'Orders matching no MedRef record100—',
    ]);
    expect(card.getByRole('link', { name: 'Daily maximum exceeded: Paracetamol' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/medications/7',
    );
    expect(card.getByRole('link', { name: 'Interaction: Warfarin + Ibuprofen' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/interactions',
    );
    expect(card.queryByRole('link', { name: 'Orders matching no MedRef record' })).toBeNull();
  });

  it('says so when no card was sent yet', async () => {
    mockFetch({ 'GET /cds-services/alerts': { body: { data: [] } } });
    renderWithProviders(<AlertsCard />, { preloadedState: signedIn() });
    expect(await screen.findByText('No cards sent yet.')).toBeInTheDocument();
  });
});
