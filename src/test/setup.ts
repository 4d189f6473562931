import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import * as React from 'react';

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

// React's development build captures a stack trace for every element it creates, up to a budget
// per render, to name a warning's owners; in jsdom that capture was the costliest single part of
// rendering a page. Reporting the budget as always spent makes React skip it; warnings still carry
// their component stacks. Should React rename the counter, this defines an unused property and
// tests are only slower.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals)
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => Number.POSITIVE_INFINITY,
    set: () => undefined,
  });

const realFetch = global.fetch;

afterEach(() => {
  global.fetch = realFetch;
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.restoreAllMocks();
});
