import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { dismissToast } from '@wfm/ui';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadRealtimeParser } from '../src/lib/realtime.ts';
import { FakeWebSocket } from './fake-websocket.ts';
import { listen, server, unhandledRequests } from './server.ts';

beforeAll(listen);
// The realtime client loads its parser when it connects; loaded up front, a frame a test sends is handled at once.
beforeAll(async () => {
  await loadRealtimeParser();
});

// Pages are lazily loaded chunks; on a busy machine the first import can take longer than the
// default one-second wait of findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the pointer-capture, scrolling and resize APIs Radix Select calls.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
// Route changes restore the scroll position; jsdom does not implement scrolling.
window.scrollTo = () => {};
// jsdom has <dialog> without showModal/close (the terms modal opens a native one). A stand-in only: it
// sets or removes `open` and sends `close`; no top layer, no inert page, no focus moved, no Escape.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

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
