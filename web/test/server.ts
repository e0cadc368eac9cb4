import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The `<id>.<tag>` format identity issues (43 + 1 + 22 characters). */
export const TOKEN = 'tok_0123456789abcdefghijABCDEFGHIJ-_0123456.tagABCDEFGHIJ012345678';

/**
 * Answers for the calls every page makes (profile lookup, profile check, stats) for a visitor
 * who already has a profile, and an empty feed for the home page. Tests override them with
 * `server.use(...)`.
 */
export const defaultHandlers = [
  http.get('/api/user-profile/check/:token', () => HttpResponse.json({ hasProfile: true })),
  http.get('/api/user-profile/:token', () => HttpResponse.json({ username: 'returning_user', created_at: 1_700_000_000_000 })),
  http.get('/api/stats', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  http.get('/api/polls/stats', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
  http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })),
  // Issue 16: a post page asks whether the visitor asked it (accepted answers); /new asks for similar titles.
  http.get('/api/posts/:id/viewer', () => HttpResponse.json({ can_accept_answer: false })),
  http.get('/api/posts/similar', () => HttpResponse.json({ posts: [] })),
  // The header's bell (issue 16): nothing has replied to this visitor.
  http.get('/api/notifications', () => HttpResponse.json({ items: [], unread: 0, seen_at: null })),
  http.get('/api/ama/notifications', () => HttpResponse.json({ items: [], unread: 0, seen_at: null })),
  // The Mentors section of /ama: nobody listed, no application, no requests.
  http.get('/api/mentors', () => HttpResponse.json({ mentors: [], total: 0, tags: [] })),
  http.get('/api/mentors/me', () => HttpResponse.json({ application: null })),
  http.get('/api/mentors/requests', () => HttpResponse.json({ received: [], sent: [] })),
  // "My Questions" on /ama and /ama/{id}: the visitor has asked none.
  http.get('/api/ama/my-questions', () => HttpResponse.json([])),
];

export const unhandledRequests: string[] = [];

export const server = setupServer(...defaultHandlers);

export function listen(): void {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
}
