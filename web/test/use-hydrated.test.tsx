import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setWideScreen } from './render-app.tsx';

/**
 * What only the browser knows (the viewport, the stored username, the token) stays the server's
 * until the whole page is hydrated (app/start.tsx calls hydrationFinished), then turns in one
 * transition. Read during hydration, it re-rendered the shell synchronously inside the
 * hydration's effects, and a phone's width forced the page to hydrate in one long task (issue 27).
 */
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function probe() {
  vi.resetModules();
  const hydration = await import('../src/hooks/use-hydrated.ts');
  const { useMinWidth } = await import('../src/hooks/use-min-width.ts');
  const { useStoredUsername } = await import('../src/lib/storage.ts');
  const seen: string[] = [];
  function Probe() {
    const state = `hydrated=${hydration.useHydrated()} wide=${useMinWidth(1024)} name=${useStoredUsername() ?? '-'}`;
    seen.push(state);
    return <p>{state}</p>;
  }
  return { hydration, Probe, seen };
}

describe('useHydrated, useMinWidth and useStoredUsername around hydration', () => {
  it("keep the server's values until the page is hydrated, then read the browser's", async () => {
    setWideScreen(false);
    window.localStorage.setItem('username', 'pat_planner');
    const server = await probe();
    server.hydration.renderingOnServer();
    const html = renderToString(<server.Probe />);
    expect(html).toContain('hydrated=false wide=true name=-');

    const { hydration, Probe, seen } = await probe();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    hydration.hydrationStarted();
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Probe />, { onRecoverableError: (error) => errors.push(error) });
    });
    // Hydrated, effects run: nothing re-rendered with the browser's values yet.
    expect(seen.every((state) => state === 'hydrated=false wide=true name=-')).toBe(true);
    expect(container.textContent).toBe('hydrated=false wide=true name=-');

    await act(async () => hydration.hydrationFinished());
    expect(container.textContent).toBe('hydrated=true wide=false name=pat_planner');
    expect(errors).toEqual([]);
  });

  it('are the browser values at once in a page the browser renders itself', async () => {
    setWideScreen(true);
    window.localStorage.setItem('username', 'rob_reviewer');
    const { Probe, seen } = await probe();
    const { createRoot } = await import('react-dom/client');
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe />);
    });
    expect(seen[0]).toBe('hydrated=true wide=true name=rob_reviewer');
    expect(container.textContent).toBe('hydrated=true wide=true name=rob_reviewer');
  });
});

describe('afterHydration', () => {
  it('runs once the page is hydrated (not before, and not when cancelled), and at once when not hydrating', async () => {
    vi.resetModules();
    const hydration = await import('../src/hooks/use-hydrated.ts');
    const ran: string[] = [];
    hydration.afterHydration(() => ran.push('browser'));
    expect(ran).toEqual(['browser']);

    hydration.hydrationStarted();
    hydration.afterHydration(() => ran.push('kept'));
    const cancel = hydration.afterHydration(() => ran.push('cancelled'));
    cancel();
    expect(ran).toEqual(['browser']);
    hydration.hydrationFinished();
    hydration.hydrationFinished();
    expect(ran).toEqual(['browser', 'kept']);
  });
});
