import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { dismissToast } from '@wfm/ui';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket.ts';
import { listen, server, unhandledRequests } from './server.ts';

beforeAll(listen);

beforeEach(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  dismissToast();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  FakeWebSocket.instances = [];
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  // onUnhandledRequest 'error' semantics, but failing the test instead of only logging.
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) throw new Error(`Unhandled requests: ${unhandled.join(', ')}`);
});

afterAll(() => server.close());
