import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { dismissToast } from '@wfm/ui';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { listen, server, unhandledRequests } from './server.ts';

// The first render of a file loads the lazy page modules; on a busy machine (two cores shared by
// several test runs) that has taken more than 5 s.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => {
  listen();
  // Radix Select uses pointer capture and scrolls its items into view; jsdom has neither.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
  // Radix measures some controls (the checkbox) with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

afterEach(() => {
  cleanup();
  dismissToast();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // onUnhandledRequest 'error' semantics, but failing the test instead of only logging.
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) throw new Error(`Unhandled requests: ${unhandled.join(', ')}`);
});

afterAll(() => server.close());
