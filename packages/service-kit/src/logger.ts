import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-anon-token"]',
  'req.headers["x-staff-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-anon-token"]',
  'headers["x-staff-signature"]',
  'authorization',
  'cookie',
  'anon_token',
  'anonToken',
  'password',
  '*.authorization',
  '*.cookie',
  '*.anon_token',
  '*.anonToken',
  '*.password',
  '*.*.password',
];

/** Anonymous tokens are `<43 base64url>.<22 base64url>`; some public paths carry one (`/api/user-profile/{token}`). */
const TOKEN_SEGMENT = /(?<=\/)[A-Za-z0-9_-]{43}(?:\.[A-Za-z0-9_-]{22})?(?=[/?#]|$)/g;

/** `?anon_token=` (the My Posts filter) carries the same secret in a query string. */
const TOKEN_PARAM = /([?&]anon_token=)[^&#]*/gi;

/** A request URL fit for a log line: token-shaped path segments and token parameters are replaced. */
export const maskUrl = (url: string) => url.replace(TOKEN_SEGMENT, '[token]').replace(TOKEN_PARAM, '$1[token]');

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

const serializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: req.url === undefined ? undefined : maskUrl(req.url),
    host: req.host ?? req.hostname,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  }),
};

/** JSON logs on stdout, ISO timestamps, one `service` field; request bodies are never logged. */
export function createLogger(name: string, level = 'info', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
