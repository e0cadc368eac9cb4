/**
 * The round-robin balancer in front of the gateway replicas of `REPLICAS=n npm run start:distributed`
 * (nginx is not part of this machine's packages; compose and Kubernetes use their own ingress).
 *
 * - Plain HTTP requests: each request goes to the next gateway in turn (per request, not per
 *   connection, so one browser's keep-alive connection already meets every replica), over a
 *   keep-alive agent per gateway. `X-Forwarded-For` gets the client's address appended, so a
 *   gateway trusting the balancer (TRUST_PROXY=127.0.0.1) counts per-address limits per client.
 * - Websocket upgrades: the next gateway in turn; the request head is written to it unchanged
 *   (plus X-Forwarded-For) and both sockets are piped, so frames pass without being parsed.
 * - An answer given before the request body has all arrived (a gateway's 413 on the declared length)
 *   closes the client's connection after it, the rest of the body read and dropped, so the next
 *   request opens a new connection instead of waiting behind the unread body.
 * - A gateway that refuses the connection is skipped for one second; a request without a body
 *   (GET, HEAD, or an upgrade) is tried on the next gateway, others answer 502 `{message}`.
 *
 * Run on its own: `node --import tsx scripts/lib/balancer.ts` with BALANCER_PORT, BALANCER_HOST
 * (default 127.0.0.1) and BALANCER_TARGETS (comma-separated http:// URLs of the gateways).
 */
import http from 'node:http';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

export interface BalancerOptions {
  port: number;
  host?: string;
  /** Gateway origins, e.g. `http://127.0.0.1:8081`. */
  targets: string[];
}

export interface Balancer {
  url: string;
  /** Requests and upgrades sent to each target so far (in `targets` order). */
  readonly sent: number[];
  close(): Promise<void>;
}

/** How long a target that refused a connection is left out of the rotation. */
const DOWN_FOR_MS = 1_000;

/** Hop-by-hop headers (RFC 9110 7.6.1) are the balancer's own, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

interface Target {
  host: string;
  port: number;
  agent: http.Agent;
  downUntil: number;
}

const clientAddress = (socket: net.Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:/, '');

function forwardedFor(headers: http.IncomingHttpHeaders, socket: net.Socket): string {
  const prior = headers['x-forwarded-for'];
  const address = clientAddress(socket);
  return prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${address}` : address;
}

function requestHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  // Hop-by-hop headers named in Connection are dropped too.
  const named = new Set(
    String(req.headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !named.has(name) && value !== undefined) headers[name] = value;
  }
  headers['x-forwarded-for'] = forwardedFor(req.headers, req.socket);
  return headers;
}

/**
 * Before answering a request whose body has not all arrived (a gateway refused it with 413 before
 * reading it, or went away): the rest is read and dropped, and the answer closes the connection.
 * Otherwise the unread body would hold the client's keep-alive connection, and the next request on
 * it would wait until a timeout (20 s were seen).
 */
function abandonBody(req: http.IncomingMessage, res: http.ServerResponse, upstream?: http.ClientRequest) {
  if (req.complete) return;
  if (upstream) req.unpipe(upstream);
  req.resume();
  res.setHeader('connection', 'close');
}

function sendError(req: http.IncomingMessage, res: http.ServerResponse, status: number, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  abandonBody(req, res);
  const body = JSON.stringify({ message });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const isRefused = (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET';

export async function startBalancer(opts: BalancerOptions): Promise<Balancer> {
  if (opts.targets.length === 0) throw new Error('the balancer needs at least one target');
  const targets: Target[] = opts.targets.map((t) => {
    const url = new URL(t);
    return {
      host: url.hostname,
      port: Number(url.port || 80),
      // Sockets to a gateway are reused; Fastify keeps them 72 s, the agent drops idle ones at 30 s.
      agent: new http.Agent({ keepAlive: true, maxSockets: 1024, maxFreeSockets: 256, timeout: 30_000 }),
      downUntil: 0,
    };
  });
  const sent = targets.map(() => 0);
  let next = 0;
  /** Piped websocket connections: the HTTP server no longer tracks them, close() ends them. */
  const tunnels = new Set<net.Socket>();

  /** The next target in turn, skipping those marked down (all down: the next one anyway). */
  const pick = (exclude?: Target): Target => {
    const now = Date.now();
    for (let i = 0; i < targets.length; i++) {
      const index = (next + i) % targets.length;
      const target = targets[index]!;
      if (target === exclude || target.downUntil > now) continue;
      next = (index + 1) % targets.length;
      sent[index]!++;
      return target;
    }
    const index = next;
    next = (next + 1) % targets.length;
    sent[index]!++;
    return targets[index]!;
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, target: Target, retried: boolean) => {
    const upstream = http.request({
      host: target.host,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: requestHeaders(req),
      agent: target.agent,
    });
    let answered = false;
    upstream.on('response', (answer) => {
      answered = true;
      abandonBody(req, res, upstream);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      }
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      // The gateway answered and then closed while the body was still going out (its 413 closes the
      // connection): the answer is already on its way to the client.
      if (answered) return;
      const noBody = req.method === 'GET' || req.method === 'HEAD';
      if (err.code === 'ECONNREFUSED') target.downUntil = Date.now() + DOWN_FOR_MS;
      if (isRefused(err) && noBody && !retried && !res.headersSent && targets.length > 1) {
        forward(req, res, pick(target), true);
        return;
      }
      sendError(req, res, 502, 'Bad gateway: no gateway replica answered, please try again');
    });
    // A client that goes away takes its upstream request with it.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (retried) upstream.end();
    else req.pipe(upstream);
  };

  const connectUpgrade = (req: http.IncomingMessage, client: net.Socket, head: Buffer, target: Target, retried: boolean) => {
    const upstream = net.connect(target.port, target.host);
    const onEarlyError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') target.downUntil = Date.now() + DOWN_FOR_MS;
      if (isRefused(err) && !retried && targets.length > 1) {
        connectUpgrade(req, client, head, pick(target), true);
        return;
      }
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    };
    upstream.once('error', onEarlyError);
    upstream.once('connect', () => {
      upstream.off('error', onEarlyError);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.setNoDelay(true);
      client.setNoDelay(true);
      tunnels.add(client).add(upstream);
      client.once('close', () => {
        tunnels.delete(client);
        upstream.destroy();
      });
      upstream.once('close', () => {
        tunnels.delete(upstream);
        client.destroy();
      });
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i]!.toLowerCase() === 'x-forwarded-for') continue;
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${forwardedFor(req.headers, client)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
  };

  const server = http.createServer((req, res) => forward(req, res, pick(), false));
  server.on('upgrade', (req, socket, head) => connectUpgrade(req, socket as net.Socket, head, pick(), false));
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  // Longer than the clients' keep-alive expectations, shorter than the gateways' (72 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0;

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://${host}:${address.port}`,
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        for (const target of targets) target.agent.destroy();
      }),
  };
}

// Started as a process by the distributed launcher (scripts/lib/distributed.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const targets = (process.env.BALANCER_TARGETS ?? '').split(',').filter(Boolean);
  const balancer = await startBalancer({
    port: Number(process.env.BALANCER_PORT ?? 8080),
    host: process.env.BALANCER_HOST ?? '127.0.0.1',
    targets,
  });
  console.log(`balancer ${balancer.url} -> ${targets.join(', ')}`);
  const stop = () => {
    void balancer.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
