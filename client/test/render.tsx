import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';

/*
 * What the client's component tests in jsdom share (a file of them starts with
 * `// @vitest-environment jsdom`): the page emptied and the globals restored after each test,
 * what jsdom lacks, a query client around what is rendered, and a stand-in for fetch.
 */

/**
 * Registers, for the test file that calls it: before each test, a ResizeObserver where jsdom has
 * none (Radix's dialog and the progress bar measure with it); after each, the rendered page
 * emptied and the globals a test stubbed (fetch) restored.
 */
export function setUpComponentTests() {
  beforeEach(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders `ui` inside the app's query client provider, with a new client unless one is given. */
export function renderWithQueryClient(
  ui: ReactNode,
  queryClient: QueryClient = createQueryClient(),
) {
  render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>);
  return { queryClient };
}

/** Puts `answer` in the place of fetch until the test ends; returns the mock, to see the calls. */
export function stubFetch(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
