import { waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeComment, makeDetail, makePost } from './forum-fixtures.ts';
import { TOKEN } from './server.ts';

/**
 * The server renderer (entry-server.tsx) and the browser's start (app/start.tsx) on the same page:
 * React must hydrate the server's markup without a mismatch (which makes it drop the markup and
 * render afresh, losing typed text and focus). The e2e suites check this in Chromium; this finds a
 * mismatch in seconds.
 */
const post = makeDetail({
  id: 3,
  title: 'Hydrated post',
  body: 'Some **bold** text with [a link](/polls) and\n\n- a list',
  comments: [makeComment({ id: 8, post_id: 3, body: 'A *reply* with `code`' })],
});
const answers: Record<string, unknown> = { '/api/posts/3': post };

async function serverRender(url: string) {
  const { render } = await import('../src/entry-server.tsx');
  return render(url, async (path) => {
    if (path in answers) return answers[path];
    if (path.startsWith('/api/posts?')) return { posts: [makePost({ id: 3, title: 'Hydrated post' })], total: 1 };
    throw new Error(`no answer for ${path}`);
  });
}

let mounted: Root | undefined;

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
  delete (window as { wfmHydrationErrors?: string[] }).wfmHydrationErrors;
});

describe('server-rendered pages hydrate without a mismatch', () => {
  it.each(['/post/3', '/', '/?q=hydrated', '/no/such/page'])('%s', async (url) => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('terms_accepted', 'true');
    const page = await serverRender(url);
    expect(page.html).toContain('id="main"');
    // The browser's modules, fresh: the server's renderer set the Markdown renderer in its copies.
    vi.resetModules();
    window.history.replaceState(null, '', url);
    document.body.innerHTML = `<script type="application/json" id="wfm-initial-data">${JSON.stringify({ data: page.data, perVisitor: page.perVisitor })}</script><div id="root" aria-busy="true">${page.html}</div>`;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { start } = await import('../src/app/start.tsx');
    mounted = await start();
    const root = document.getElementById('root')!;
    await waitFor(() => expect(root.hasAttribute('aria-busy')).toBe(false), { timeout: 10_000 });
    expect((window as { wfmHydrationErrors?: string[] }).wfmHydrationErrors ?? []).toEqual([]);
    expect(errors.mock.calls.filter(([first]) => String(first).startsWith('hydration:'))).toEqual([]);
    errors.mockRestore();
  });
});
