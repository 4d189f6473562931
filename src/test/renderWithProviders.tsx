import type { ReactElement, ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/router';
import { makeStore, type AppStore, type RootState } from '@/app/store';
import { signedOut } from './fixtures';
import { setupUser } from './user';

interface Options {
  /** Where the router starts. */
  route?: string;
  /** The store's starting state; signed out (and checked) unless given. */
  preloadedState?: Partial<RootState>;
  /** A store made by the test (for example to read storage on creation). */
  store?: AppStore;
  /**
   * Puts MUI's style rules into the document, for a test that reads computed styles (a colour, a
   * drag's translation, a DataGrid's measured columns). Left out, the rules go to a detached
   * element: jsdom matches every rule of the document against an element and its ancestors on
   * each getComputedStyle, which Testing Library, user-event, Popper and autosizing text areas call
   * on every query, click and keystroke, and most of a form test's time went there.
   */
  styles?: boolean;
}

/** Where MUI's style rules go when a test does not read them: a container outside the document. */
const detachedStyles = createCache({ key: 'detached', container: document.createElement('div') });

/** Shows the current path, so tests can check where a redirect went. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` (the whole app's routes unless given) with a fresh store, the app's providers and a
 * MemoryRouter at `route`.
 */
export function renderWithProviders(ui: ReactElement = <AppRoutes />, options: Options = {}) {
  const store = options.store ?? makeStore(options.preloadedState ?? signedOut());
  function Wrapper({ children }: { children: ReactNode }) {
    const app = (
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    );
    return options.styles ? app : <CacheProvider value={detachedStyles}>{app}</CacheProvider>;
  }
  return { store, user: setupUser(), ...render(ui, { wrapper: Wrapper }) };
}

/** The notification (toast) showing `text`; notifications carry role="alert" and a data-toast-order. */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  // The same words may also stand elsewhere (a dialog's own error banner): look for the toast among them.
  return waitFor(() => {
    const toast = screen
      .queryAllByText(text)
      .map((element) => element.closest<HTMLElement>('[data-toast-order]'))
      .find((element): element is HTMLElement => element !== null);
    if (!toast) throw new Error(`"${String(text)}" is not inside a notification`);
    return toast;
  });
}
