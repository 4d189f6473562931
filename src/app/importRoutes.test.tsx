import { screen, within } from '@testing-library/react';
import { IMPORT_ENTITIES } from '@contract/enums';
import { importPath } from '@/features/import';
import { renderWithProviders } from '@/test/renderWithProviders';
import { signedIn, viewerUser } from '@/test/fixtures';
import { ROUTES } from './routes';

// The pages' own requests (the shell's, the dashboard's) are not what these tests look at: they
// wait, unanswered, rather than fail after a test has ended.
beforeEach(() => {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined));
});

describe('the import pages', () => {
  it('are one route for writers, with a page for every entity the contract imports', () => {
    expect(ROUTES.filter((entry) => entry.path.endsWith('/import'))).toEqual([
      expect.objectContaining({
        path: '/dashboard/drugs/:list/import',
        roles: ['admin', 'editor'],
      }),
    ]);
    for (const entity of IMPORT_ENTITIES) {
      expect(importPath(entity)).toMatch(/^\/dashboard\/drugs\/[a-z-]+\/import$/);
    }
    expect(new Set(IMPORT_ENTITIES.map(importPath)).size).toBe(IMPORT_ENTITIES.length);
  });

  it("opens each entity's own page, linked back to the list that leads to it", async () => {
    for (const entity of IMPORT_ENTITIES) {
      const { unmount } = renderWithProviders(undefined, {
        route: importPath(entity),
        preloadedState: signedIn(),
      });
      await screen.findByRole('heading', { level: 1, name: /^Import / });
      const back = screen.getByRole('link', { name: /^Back to / });
      const list = ROUTES.find((entry) => entry.path === back.getAttribute('href'));
      expect(list?.menu).toBeDefined();
      expect(back).toHaveTextContent(`Back to ${list?.menu?.label}`);
      if (importPath(entity).startsWith(`${list?.path}/`)) {
        // Below its list, the page keeps the list's menu entry highlighted.
        const nav = screen.getByRole('navigation', { name: 'Main navigation' });
        expect(within(nav).getByRole('link', { current: 'page' })).toHaveTextContent(
          list?.menu?.label ?? '',
        );
      }
      unmount();
    }
  });

  it('names the records in the title: Import Renal Rules, linked back to Medications', async () => {
    renderWithProviders(undefined, {
      route: importPath('renal-rules'),
      preloadedState: signedIn(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import Renal Rules' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Medications' })).toHaveAttribute(
      'href',
      '/dashboard/drugs/medications',
    );
  });

  it('sends an address of no import to the dashboard', async () => {
    renderWithProviders(undefined, {
      route: '/dashboard/drugs/safety-check/import',
      preloadedState: signedIn(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a viewer back to the dashboard', async () => {
    renderWithProviders(undefined, {
      route: importPath('conditions'),
      preloadedState: signedIn(viewerUser),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });
});
