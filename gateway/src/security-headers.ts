import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** A Host header we are willing to echo into the policy: name or [IPv6], optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The page's own host over ws:/wss:. CSP 3 lets 'self' cover same-host websockets, but older
 * browsers (Safari before 15.4) need them listed.
 */
function sameHostWebsockets(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** Helmet's headers with a strict Content-Security-Policy: only this origin, no inline script. */
export const helmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", sameHostWebsockets],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
} satisfies HelmetOptions;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers a helmet middleware sets for a request with this Host. */
function headersOf(middleware: Middleware, host: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const req = { headers: { host } } as unknown as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  middleware(req, res, (err) => {
    if (err) throw err;
  });
  return headers;
}

const MAX_CACHED_HOSTS = 64;

/**
 * Helmet's header values, worked out once (and the policy once per Host) instead of running the
 * middleware on every request: the headers are the same, and the proxy hot path stays cheap.
 */
export function createSecurityHeaders(): (host: string | undefined) => Record<string, string> {
  const fixed = headersOf(helmet({ ...helmetOptions, contentSecurityPolicy: false }), undefined);
  const policy = helmet.contentSecurityPolicy(helmetOptions.contentSecurityPolicy) as Middleware;
  const byHost = new Map<string | undefined, Record<string, string>>();
  return (host) => {
    let headers = byHost.get(host);
    if (!headers) {
      // Host is chosen by the client; a bounded cache keeps odd values from growing memory.
      if (byHost.size >= MAX_CACHED_HOSTS) byHost.clear();
      headers = { ...fixed, ...headersOf(policy, host) };
      byHost.set(host, headers);
    }
    return headers;
  };
}
