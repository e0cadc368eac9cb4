/**
 * What `npm run smoke:compose` does on the site compose publishes (only its published port on
 * 127.0.0.1): a visitor's session, post, comment, poll vote and AMA booking, the websocket's
 * new_post, a staff login and a backup. Each function throws with what went wrong.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';

export interface Answer<T> {
  status: number;
  json: T;
  headers: Headers;
}

const unique = () => randomBytes(3).toString('hex');

export class Site {
  constructor(readonly base: string) {}

  async call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: { body?: unknown; token?: string; cookie?: string; timeoutMs?: number } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers['x-anon-token'] = opts.token;
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json: json as T, headers: res.headers };
  }

  /** `call`, failing unless the answer has the status wanted. */
  async expect<T = Record<string, unknown>>(status: number, method: string, path: string, opts: Parameters<Site['call']>[2] = {}): Promise<T> {
    const res = await this.call<T>(method, path, opts);
    if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}, not ${status}: ${JSON.stringify(res.json).slice(0, 300)}`);
    return res.json;
  }

  /** The web app's page and the API both answer. */
  async home(): Promise<string> {
    const res = await fetch(`${this.base}/`, { signal: AbortSignal.timeout(15_000) });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('<div id="root"')) throw new Error(`GET / answered ${res.status} without the web app`);
    return 'GET / serves the web app';
  }

  /** A visitor's anonymous session (POST /api/session): its token. */
  async session(): Promise<string> {
    const { anon_token: token } = await this.expect<{ anon_token: string }>(200, 'POST', '/api/session');
    if (typeof token !== 'string' || token.length < 20) throw new Error(`POST /api/session gave no token: ${String(token)}`);
    return token;
  }

  async createPost(token: string, title: string): Promise<number> {
    const { id } = await this.expect<{ id: number }>(201, 'POST', '/api/posts', {
      token,
      body: { type: 'Question', title, body: 'How do you plan shrinkage for a 24/7 queue?', author_name: 'Anonymous', tags: 'smoke' },
    });
    return id;
  }

  async comment(token: string, postId: number): Promise<number> {
    const body = `Smoke comment ${unique()}`;
    const { id } = await this.expect<{ id: number }>(201, 'POST', '/api/comments', { token, body: { post_id: postId, body, author_name: 'Anonymous' } });
    const post = await this.expect<{ comment_count?: number; comments?: unknown[] }>(200, 'GET', `/api/posts/${postId}`);
    const count = post.comment_count ?? post.comments?.length;
    if (count !== 1) throw new Error(`post ${postId} shows ${String(count)} comments after one`);
    return id;
  }

  /** A poll with two options and one vote: the poll then counts exactly one. */
  async pollVote(token: string): Promise<number> {
    const poll = await this.expect<{ id: number; options: Array<{ id: number }> }>(201, 'POST', '/api/polls', {
      token,
      body: { title: `Smoke poll ${unique()}`, description: 'Which forecast model?', category: 'general', options: ['Erlang C', 'Simulation'], created_by: 'Anonymous' },
    });
    const voted = await this.call('POST', `/api/polls/${poll.id}/vote`, { token, body: { option_id: poll.options[0]!.id } });
    if (voted.status < 200 || voted.status > 299) throw new Error(`vote answered ${voted.status}: ${JSON.stringify(voted.json)}`);
    const again = await this.call('POST', `/api/polls/${poll.id}/vote`, { token, body: { option_id: poll.options[1]!.id } });
    if (again.status < 400 || again.status > 499) throw new Error(`a second vote of the same visitor answered ${again.status}`);
    const stored = await this.expect<{ total_votes: number }>(200, 'GET', `/api/polls/${poll.id}`);
    if (stored.total_votes !== 1) throw new Error(`poll ${poll.id} counts ${stored.total_votes} votes, not 1`);
    return poll.id;
  }

  /** Staff login (the first Super Admin, from ADMIN_USERNAME/ADMIN_PASSWORD): its session cookie. */
  async staffLogin(username: string, password: string): Promise<string> {
    const res = await this.call('POST', '/api/admin/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`POST /api/admin/login answered ${res.status}: ${JSON.stringify(res.json)}`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const session = await this.expect(200, 'GET', '/api/admin/session', { cookie });
    if (!JSON.stringify(session).includes(username)) throw new Error(`GET /api/admin/session does not name ${username}`);
    return cookie;
  }

  /** Staff create an AMA session; a visitor books a place (201) and the count shows it. */
  async amaBooking(cookie: string, token: string): Promise<number> {
    const session = await this.expect<{ id: number }>(201, 'POST', '/api/admin/ama/sessions', {
      cookie,
      body: {
        title: `Smoke AMA ${unique()}`,
        host_name: 'Smoke Host',
        scheduled_time: Date.now() + 7 * 24 * 3_600_000,
        duration_minutes: 60,
        max_participants: 3,
        max_questions: 10,
      },
    });
    await this.expect(201, 'POST', `/api/ama/sessions/${session.id}/book`, {
      token,
      body: { participant_name: 'Smoke Visitor', participant_email: 'smoke@example.com', participant_phone: '+15550001', payment_method: 'paypal' },
    });
    const { count } = await this.expect<{ count: number }>(200, 'GET', `/api/ama/sessions/${session.id}/bookings/count?status=pending`);
    if (count !== 1) throw new Error(`AMA session ${session.id} counts ${count} bookings, not 1`);
    return session.id;
  }

  /** A database backup (the worker's pg_dump), then listed. */
  async backup(cookie: string): Promise<{ fileName: string; size: number }> {
    const made = await this.expect<{ fileName: string; size: number }>(200, 'POST', '/api/admin/database/backup', { cookie, timeoutMs: 120_000 });
    if (!(made.size > 0)) throw new Error(`backup ${made.fileName} has size ${made.size}`);
    const { backups } = await this.expect<{ backups: Array<{ fileName: string }> }>(200, 'GET', '/api/admin/database/backups', { cookie });
    if (!backups.some((b) => b.fileName === made.fileName)) throw new Error(`${made.fileName} is not listed`);
    return made;
  }

  /** Opens /ws and resolves with the data of the first message of `type` matching, within `timeoutMs`. */
  async websocket(): Promise<{ next: (type: string, match: (data: Record<string, unknown>) => boolean, timeoutMs?: number) => Promise<Record<string, unknown>>; close: () => void }> {
    const ws = new WebSocket(`${this.base.replace(/^http/, 'ws')}/ws`);
    const messages: Array<{ type: string; data: Record<string, unknown> }> = [];
    const waiters = new Set<() => void>();
    ws.on('message', (raw) => {
      try {
        messages.push(JSON.parse(String(raw)) as (typeof messages)[number]);
      } catch {
        return;
      }
      for (const wake of waiters) wake();
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const next = (type: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 10_000) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const look = () => messages.find((m) => m.type === type && match(m.data));
        const wake = () => {
          const found = look();
          if (!found) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found.data);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        wake();
      });
    return { next, close: () => ws.close() };
  }
}
