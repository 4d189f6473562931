import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signedIn } from '@/test/fixtures';
import { preloadRouteCode } from './router';

// Which of these modules have been loaded: each factory runs when its module is first imported.
const mockLoaded: string[] = [];
jest.mock('@/components/layout/DashboardLayout', () => {
  mockLoaded.push('shell');
  return { DashboardLayout: ({ children }: { children: ReactNode }) => children };
});
jest.mock('@/features/medications/MedicationsPage', () => {
  mockLoaded.push('medications page');
  return { MedicationsPage: () => 'The medications page' };
});
jest.mock('@/features/medications/MedicationsGrid', () => {
  mockLoaded.push('medications grid');
  return { MedicationsGrid: () => null };
});

describe("the pages' chunks", () => {
  it('show a page whose code has arrived at once, with no spinner first', async () => {
    preloadRouteCode('/dashboard/drugs/medications', true);
    await waitFor(() => expect(mockLoaded).toHaveLength(3));
    renderWithProviders(undefined, {
      route: '/dashboard/drugs/medications',
      preloadedState: signedIn(),
    });
    // Already there in the first render, not after a loading spinner.
    expect(screen.getByText('The medications page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
