import { waitFor } from '@testing-library/react';

// Which of these modules have been loaded: each factory runs when its module is first imported.
const mockLoaded: string[] = [];
jest.mock('@/components/layout/DashboardLayout', () => {
  mockLoaded.push('shell');
  return { DashboardLayout: () => null };
});
jest.mock('@/features/medications/MedicationsPage', () => {
  mockLoaded.push('medications page');
  return { MedicationsPage: () => null };
});
jest.mock('@/features/medications/MedicationsGrid', () => {
  mockLoaded.push('medications grid');
  return { MedicationsGrid: () => null };
});

/** The router as the console starts: no page's code loaded yet. */
async function freshRouter() {
  jest.resetModules();
  mockLoaded.length = 0;
  return import('./router');
}

describe('preloadRouteCode', () => {
  it("starts loading the Medications screen's grid with its page and the shell", async () => {
    const { preloadRouteCode } = await freshRouter();
    preloadRouteCode('/dashboard/drugs/medications/', true);
    await waitFor(() =>
      expect([...mockLoaded].sort()).toEqual(['medications grid', 'medications page', 'shell']),
    );
  });

  it.each([
    ['a signed-out visitor', '/dashboard/drugs/medications', false],
    ['a public page', '/login', true],
  ])('loads nothing ahead for %s', async (_case, path, signedIn) => {
    const { preloadRouteCode } = await freshRouter();
    preloadRouteCode(path, signedIn);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mockLoaded).toEqual([]);
  });
});
