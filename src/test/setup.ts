import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy chunks: the first test to open one also compiles it, which takes seconds on a busy
// two-core machine; so do whole page and form tests (a DataGrid, fields typed key by key). The
// limits leave room for that, not for slow code, and no test file sets its own.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(90_000);

// jsdom has no matchMedia; MUI asks it for the colour scheme and breakpoints. Nothing matches: a wide,
// light-scheme screen unless a test says otherwise.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

const realFetch = global.fetch;

afterEach(() => {
  global.fetch = realFetch;
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.restoreAllMocks();
});
