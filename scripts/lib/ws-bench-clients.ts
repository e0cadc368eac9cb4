/**
 * One process of websocket clients for `npm run bench ws` (spawned by ws-bench.ts with an IPC
 * channel). It opens its share of the clients, spread round-robin over the gateways and over
 * several loopback source addresses, stamps the arrival of every `new_post` on every client with
 * the machine's wall clock (so the bench can compare it with the write's answer in another
 * process), and reports a client that closes or errors at once: the bench then fails.
 *
 * Messages from the bench: `{cmd: 'connect', ...ClientPlan}`, `{cmd: 'collect', postId, timeoutMs}`.
 * Answers: `{event: 'connected', open}`, `{event: 'arrivals', postId, times}`, `{event: 'failed', reason}`.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface ClientPlan {
  /** ws:// URLs of the gateways' /ws; client i goes to urls[(offset + i) % urls.length]. */
  urls: string[];
  /** Source addresses (127.0.0.x) the clients are spread over, as users behind several networks. */
  localAddresses: string[];
  count: number;
  /** Index of this process's first client among all clients (keeps the round-robin global). */
  offset: number;
  /** Handshakes in flight at once. */
  concurrency: number;
}

export type ClientCommand = ({ cmd: 'connect' } & ClientPlan) | { cmd: 'collect'; postId: number; timeoutMs: number };

export type ClientReport =
  | { event: 'connected'; open: number }
  | { event: 'arrivals'; postId: number; times: number[] }
  | { event: 'failed'; reason: string };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable across processes. */
export const wallClock = () => performance.timeOrigin + performance.now();

/** Reports to the bench; once the bench has hung up (it is stopping the run) there is no one to tell. */
const send = (report: ClientReport) => {
  if (process.connected) process.send?.(report, undefined, {}, () => {});
};

const sockets: WebSocket[] = [];
/** new_post id -> arrival time on each client that got it. */
const arrivals = new Map<number, number[]>();
/** Set once the bench asked for arrivals of a post: called on every arrival of it. */
const waiting = new Map<number, () => void>();
let closing = false;

function fail(reason: string): void {
  send({ event: 'failed', reason });
}

function open(url: string, localAddress: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false, handshakeTimeout: 30_000, skipUTF8Validation: true });
    ws.once('open', () => {
      ws.off('error', reject);
      resolve(ws);
    });
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`${url} answered the upgrade with HTTP ${res.statusCode}`)));
  });
}

/**
 * Arrivals stamped but not yet read. A message is stamped the moment its socket's data is handed
 * over and parsed later, after every socket that was readable at the same time has been stamped:
 * parsing each message before the next socket is served would add the generator's own work to the
 * later sockets' figures.
 */
const unread: Array<{ at: number; raw: WebSocket.RawData }> = [];
let draining = false;

function drain(): void {
  draining = false;
  for (const { at, raw } of unread.splice(0)) {
    const message = JSON.parse(String(raw)) as { type: string; data: { id?: unknown } };
    if (message.type !== 'new_post' || typeof message.data.id !== 'number') continue;
    const id = message.data.id;
    let times = arrivals.get(id);
    if (!times) arrivals.set(id, (times = []));
    times.push(at);
    waiting.get(id)?.();
  }
}

function watch(ws: WebSocket): void {
  ws.on('message', (raw) => {
    unread.push({ at: wallClock(), raw });
    if (draining) return;
    draining = true;
    setImmediate(drain);
  });
  ws.on('error', (err) => {
    if (!closing) fail(`a client failed: ${err.message}`);
  });
  ws.on('close', (code) => {
    if (!closing) fail(`a client was closed (code ${code})`);
  });
}

async function connect(plan: ClientPlan): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < plan.count) {
      const i = next++;
      const global = plan.offset + i;
      const ws = await open(plan.urls[global % plan.urls.length]!, plan.localAddresses[global % plan.localAddresses.length]!);
      watch(ws);
      sockets.push(ws);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(plan.concurrency, plan.count) }, worker));
  } catch (err) {
    return fail(`opening the clients failed: ${(err as Error).message}`);
  }
  send({ event: 'connected', open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length });
}

/** Answers the arrivals of `postId` once every client has it, or fails after `timeoutMs`. */
function collect(postId: number, timeoutMs: number): void {
  const done = () => {
    const times = arrivals.get(postId) ?? [];
    if (times.length < sockets.length) return;
    clearTimeout(timer);
    waiting.delete(postId);
    arrivals.delete(postId);
    send({ event: 'arrivals', postId, times });
  };
  const timer = setTimeout(() => {
    waiting.delete(postId);
    fail(`${sockets.length - (arrivals.get(postId)?.length ?? 0)} of ${sockets.length} clients did not get post ${postId} within ${timeoutMs} ms`);
  }, timeoutMs);
  waiting.set(postId, done);
  done();
}

process.on('message', (command: ClientCommand) => {
  if (command.cmd === 'connect') void connect(command);
  else if (command.cmd === 'collect') collect(command.postId, command.timeoutMs);
});
// The bench ends this process by closing the channel (or by a signal): leave without close frames.
process.on('disconnect', () => {
  closing = true;
  process.exit(0);
});
