import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface LatencySummary {
  p50: number;
  max: number;
  samples: number;
}

function summarize(values: number[]): LatencySummary {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN, samples: sorted.length };
}

/** Websocket messages of a gateway, each stamped when it arrived. */
class MessageLog {
  private readonly arrived: Array<{ type: string; data: Record<string, unknown>; at: number }> = [];
  private readonly waiters = new Set<() => void>();

  constructor(ws: WebSocket) {
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; data: Record<string, unknown> };
      this.arrived.push({ ...message, at: performance.now() });
      for (const wake of this.waiters) wake();
    });
  }

  /** When the first message of `type` whose data matches arrived (waiting for it if need be). */
  arrivalOf(type: string, match: (data: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.arrived.find((m) => m.type === type && match(m.data));
        if (!found) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found.at);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${type} message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Creates `writes` posts and `writes` comments one after another through the gateway and measures,
 * for each, the time from the write's successful response to the matching websocket message
 * (new_post, new_comment) on a client of the same gateway. 0 when the message came first. Writes
 * rotate over a few visitors to stay inside the forum's per-visitor limits.
 */
export async function measureWriteToWebsocket(
  gatewayUrl: string,
  writes: number,
): Promise<{ post: LatencySummary; comment: LatencySummary }> {
  const ws = new WebSocket(`${gatewayUrl.replace(/^http/, 'ws')}/ws`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const log = new MessageLog(ws);
  try {
    const visitors = await Promise.all(
      Array.from({ length: Math.ceil(writes / 5) }, async () => {
        const session = await json<{ anon_token: string }>(await fetch(`${gatewayUrl}/api/session`, { method: 'POST' }));
        return session.anon_token;
      }),
    );
    const post = async (path: string, token: string, body: unknown) =>
      fetch(`${gatewayUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-anon-token': token },
        body: JSON.stringify(body),
      });

    const postLatencies: number[] = [];
    const commentLatencies: number[] = [];
    for (let i = 0; i < writes; i++) {
      const token = visitors[i % visitors.length]!;
      const created = await json<{ id: number }>(
        await post('/api/posts', token, {
          type: 'Question',
          title: `Latency probe ${i}`,
          body: `How quickly does a new post reach other browsers? (probe ${i})`,
          author_name: 'bench',
        }),
      );
      const postDone = performance.now();
      postLatencies.push(Math.max(0, (await log.arrivalOf('new_post', (d) => d.id === created.id)) - postDone));

      const comment = await json<{ id: number }>(
        await post('/api/comments', token, { post_id: created.id, body: `Probe comment ${i}`, author_name: 'bench' }),
      );
      const commentDone = performance.now();
      commentLatencies.push(Math.max(0, (await log.arrivalOf('new_comment', (d) => d.id === comment.id)) - commentDone));
    }
    return { post: summarize(postLatencies), comment: summarize(commentLatencies) };
  } finally {
    ws.close();
  }
}
