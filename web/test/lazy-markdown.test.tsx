import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A server-rendered Markdown text keeps the server's markup while its text stays the same: the
 * browser neither fetches the renderer nor parses the text again (a 100-130 ms task of a post page
 * on Lighthouse's slowed CPU, issue 27). The renderer takes over for a text with a shared
 * calculation (its card links inside the app) and once the text changes.
 */
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

const PLAIN = '## Weekly cadence\n\n- forecast **Monday**\n- publish Friday';
const WITH_CARD = 'Shared:\n\n```wfm-calculation\n{"calculator":"shrinkage"}\n```';

async function serverMarkup(text: string): Promise<string> {
  vi.resetModules();
  (await import('../src/hooks/use-hydrated.ts')).renderingOnServer();
  const lazy = await import('../src/components/lazy-markdown.tsx');
  lazy.renderLazyMarkdownEagerly((await import('../src/components/markdown.tsx')).MarkdownContent);
  // Rendered here with jsdom's document present; the real server has none and never writes the
  // browser renderer's mark.
  return renderToString(<lazy.LazyMarkdown>{text}</lazy.LazyMarkdown>).replace(' data-markdown-rendered=""', '');
}

/** Hydrates the server's markup with a fresh copy of the modules, as a browser would. */
async function hydrate(html: string, text: string) {
  vi.resetModules();
  const hydration = await import('../src/hooks/use-hydrated.ts');
  const { LazyMarkdown } = await import('../src/components/lazy-markdown.tsx');
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const serverElements = [...container.querySelectorAll('li, pre')];
  hydration.hydrationStarted();
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <LazyMarkdown>{text}</LazyMarkdown>, { onRecoverableError: (error) => errors.push(error) });
  });
  await act(async () => hydration.hydrationFinished());
  const rerender = (next: string) => act(async () => root!.render(<LazyMarkdown>{next}</LazyMarkdown>));
  return { container, serverElements, errors, rerender };
}

/** Waits as long as the renderer takes to arrive and take over when it is asked for. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('LazyMarkdown on a server-rendered page', () => {
  it("keeps the server's markup, the same elements, without the renderer", async () => {
    const html = await serverMarkup(PLAIN);
    expect(html).toContain('<h2');
    const { container, serverElements, errors } = await hydrate(html, PLAIN);
    await settle();
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-markdown-rendered]')).toBeNull();
    expect(container.querySelector('h2')?.textContent).toBe('Weekly cadence');
    // Not re-created: the very elements the server sent.
    expect([...container.querySelectorAll('li, pre')]).toEqual(serverElements);
  });

  it('lets the renderer take over once the text changes', async () => {
    const html = await serverMarkup(PLAIN);
    const { container, rerender } = await hydrate(html, PLAIN);
    await rerender(`${PLAIN}\n- review Tuesday`);
    await vi.waitFor(() => expect(container.querySelector('[data-markdown-rendered]')).not.toBeNull());
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['forecast Monday', 'publish Friday', 'review Tuesday']);
  });

  it('lets the renderer take over a text with a shared calculation', async () => {
    const html = await serverMarkup(WITH_CARD);
    const { container, serverElements, errors } = await hydrate(html, WITH_CARD);
    await vi.waitFor(() => expect(container.querySelector('[data-markdown-rendered]')).not.toBeNull());
    expect(errors).toEqual([]);
    expect(serverElements).toHaveLength(1);
    expect(container.querySelector('pre')).not.toBe(serverElements[0]);
  });
});
