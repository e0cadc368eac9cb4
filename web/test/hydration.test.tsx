import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { amaSession, serveSessions } from './ama-fixtures.ts';
import { makePoll, makeTemplate, summaryOf } from './catalog-fixtures.ts';
import { makeComment, makeDetail, makePost } from './forum-fixtures.ts';
import { FakeWebSocket } from './fake-websocket.ts';
import { server, TOKEN } from './server.ts';

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
/** Starts half an hour after the server renders its page: scheduled then, over two hours later. */
const RENDERED_AT = Date.UTC(2026, 10, 28, 12, 0);
const session = amaSession({ id: 7, scheduled_time: RENDERED_AT + 30 * 60_000, duration_minutes: 60 });
/** Closes at 20:00 UTC: already the next day where these tests run (vitest.config.ts's zone). */
const poll = makePoll({ id: 5, title: 'Hydrated poll', expires_at: Date.UTC(2026, 11, 3, 20, 0), created_at: RENDERED_AT - 3_600_000 });
const answers: Record<string, unknown> = {
  '/api/posts/3': post,
  '/api/ama/sessions/7': session,
  '/api/ama/sessions': [session, amaSession({ id: 8, title: 'Unpriced session', price: null, currency: null })],
  '/api/polls/5': poll,
  '/api/polls?sort=newest': [summaryOf(poll)],
  '/api/polls/stats': { activePolls: 1, totalVotes: 5, participationRate: 40 },
  '/api/templates?sort=latest': [makeTemplate({ id: 9, name: 'Hydrated template', created_at: RENDERED_AT - 3_600_000 })],
};
/** What a page's server markup shows (its data, not skeletons), and what it shows once hydrated. */
const shows: Record<string, { rendered: string[]; hydrated?: string[] }> = {
  '/ama/7': { rendered: ['SCHEDULED'], hydrated: ['COMPLETED'] },
  '/ama': { rendered: ['Forecasting for peak season', 'Scheduled', 'Unpriced session', 'Loading pricing...', 'Pricing not set'], hydrated: ['Completed', '$25.00'] },
  '/polls': { rendered: ['Hydrated poll', 'Closes Dec 3, 2026, 8:00 PM UTC'], hydrated: ['Closes Dec 4, 2026, 10:00 AM'] },
  '/polls/5': { rendered: ['Hydrated poll', 'Closes Dec 3, 2026, 8:00 PM UTC'], hydrated: ['Closes Dec 4, 2026, 10:00 AM'] },
  '/templates': { rendered: ['Hydrated template'] },
};

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
  vi.useRealTimers();
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
  delete (window as { wfmHydrationErrors?: string[] }).wfmHydrationErrors;
});

describe('server-rendered pages hydrate without a mismatch', () => {
  it.each(['/post/3', '/', '/?q=hydrated', '/no/such/page', '/ama/7', '/ama', '/polls', '/polls/5', '/templates'])('%s', async (url) => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('terms_accepted', 'true');
    // A page is cached until its data changes, not as the clock moves: what a visitor hydrates may
    // have been made hours earlier (a session's status, from the clock, has changed since), and in
    // the server's zone, not this one (vitest.config.ts sets another).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RENDERED_AT);
    const page = await serverRender(url);
    vi.setSystemTime(RENDERED_AT + 2 * 3_600_000);
    for (const text of shows[url]?.rendered ?? []) expect(page.html).toContain(text);
    if (url.startsWith('/ama')) {
      serveSessions([session], { unpriced: [8] });
      // Over now: the page asks for its transcript.
      server.use(http.get('/api/ama/sessions/7/transcript', () => HttpResponse.json({ session_id: 7, title: session.title, questions: [] })));
    }
    if (url.startsWith('/polls')) server.use(http.get('/api/polls/5', () => HttpResponse.json(poll)));
    expect(page.html).toContain('id="main"');
    // The browser's modules, fresh: the server's renderer set the Markdown renderer in its copies.
    vi.resetModules();
    window.history.replaceState(null, '', url);
    document.body.innerHTML = `<script type="application/json" id="wfm-initial-data">${JSON.stringify({ data: page.data, perVisitor: page.perVisitor, renderedAt: page.renderedAt })}</script><div id="root" aria-busy="true">${page.html}</div>`;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { start } = await import('../src/app/start.tsx');
    mounted = await start();
    const root = document.getElementById('root')!;
    await waitFor(() => expect(root.hasAttribute('aria-busy')).toBe(false), { timeout: 10_000 });
    expect((window as { wfmHydrationErrors?: string[] }).wfmHydrationErrors ?? []).toEqual([]);
    expect(errors.mock.calls.filter(([first]) => String(first).startsWith('hydration:'))).toEqual([]);
    errors.mockRestore();
    // Then the page shows what is true now, where the visitor is.
    for (const text of shows[url]?.hydrated ?? []) await waitFor(() => expect(root.textContent).toContain(text));
  });
});

describe("a server-rendered page's websocket", () => {
  it('opens once the page listens: a post announced the moment it opens reaches the feed', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const page = await serverRender('/');
    vi.resetModules();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = `<script type="application/json" id="wfm-initial-data">${JSON.stringify({ data: page.data, perVisitor: page.perVisitor, renderedAt: page.renderedAt })}</script><div id="root" aria-busy="true">${page.html}</div>`;
    // A gateway answers at once: the socket opens and the post created meanwhile (live, or in the
    // hello's replay) comes in the first task after the socket was made.
    const created = makePost({ id: 4, title: 'Posted while the page hydrated' });
    class PromptSocket extends FakeWebSocket {
      constructor(url: string) {
        super(url);
        queueMicrotask(() => {
          this.serverOpen();
          this.serverSend({ type: 'new_post', data: created });
        });
      }
    }
    vi.stubGlobal('WebSocket', PromptSocket);
    server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [created, makePost({ id: 3, title: 'Hydrated post' })], total: 2 })));
    // The browser's modules, fresh (as above); the message parser in hand, so the frame is handled at once.
    const { loadRealtimeParser } = await import('../src/lib/realtime.ts');
    await loadRealtimeParser();
    const { start } = await import('../src/app/start.tsx');
    mounted = await start();
    const root = document.getElementById('root')!;
    await waitFor(() => expect(root.textContent).toContain('Posted while the page hydrated'), { timeout: 5_000 });
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
