import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Field names whose values never reach a log line, at any of the first three levels of a logged
 * object (`password`, `user.password`, `req.headers.cookie`). A child logger's bindings are not
 * looked into (pino formats only the root's): bind ids and names, never request data.
 */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-anon-token',
  'x-staff-signature',
  'anon_token',
  'anonToken',
  'password',
]);
const CENSOR = '[redacted]';
const SECRET_DEPTH = 3;

/** Plain objects, arrays and errors are looked into; class instances go through their serializers. */
function isWalked(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value) || value instanceof Error;
}

/** A copy with the same prototype and properties, so an error stays an error for its serializer. */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<string, unknown>;
  const copy = Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value)) as Record<string, unknown>;
  // V8 keeps an error's stack behind an accessor that reads the original error's own slot.
  if (value instanceof Error) Object.defineProperty(copy, 'stack', { value: value.stack, writable: true, configurable: true });
  return copy;
}

/**
 * `value` with SECRET_FIELDS censored down to `depth` levels: the same object when it holds none
 * (the usual case: an access line costs a look at five keys), else a copy, never a change to the
 * caller's object. pino's own `redact` cost a tenth of the gateway's CPU per request: its `*.`
 * paths re-parse every path for every field of every line (docs/decisions.md).
 */
export function redactSecrets(value: Record<string, unknown>, depth = SECRET_DEPTH): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const field = value[key];
    let safe = field;
    if (SECRET_FIELDS.has(key)) safe = field === undefined ? field : CENSOR;
    else if (depth > 1 && isWalked(field)) safe = redactSecrets(field, depth - 1);
    if (safe !== field) (copy ??= copyOf(value))[key] = safe;
  }
  return copy ?? value;
}

/**
 * Secrets that travel in URLs and texts, and so can reach a log line inside a url, a message or an
 * error: visitor tokens (`<43 base64url>.<22 base64url>`, some public paths and `?anon_token=`
 * carry one), AMA booking references (`AMA` + 20 digits and capitals: whoever holds one sees the
 * participant's name, email and phone) and x-anon-token header values written out as text.
 */
const B64 = 'A-Za-z0-9_-';
/** A whole token anywhere. */
const TOKEN = new RegExp(`(?<![${B64}])[${B64}]{43}\\.[${B64}]{22}(?![${B64}])`, 'g');
/** What every token contains; most lines do not, and this test is far cheaper than TOKEN. */
const TOKEN_TAG = new RegExp(`\\.[${B64}]{22}`);
/** A token id alone as a path segment (`/api/user-profile/{id}`), up to the next `/ ? #`, quote or the end. */
const TOKEN_SEGMENT = new RegExp(`(/)[${B64}]{43}(?=[/?#"\\s]|$)`, 'g');
/** Any 43-character run inside a URL: a URL never needs to show one. */
const TOKEN_IN_URL = new RegExp(`[${B64}]{43}(?:\\.[${B64}]{22})?`, 'g');
/** `anon_token=` in a query string (the My Posts filter). */
const TOKEN_PARAM = /(anon_token=)[^&#"\s\\]*/gi;
/** Booking references, in any case (a lookup may be typed in lower case). */
const BOOKING_REFERENCE = /AMA[0-9A-Z]{20}/gi;
/** `x-anon-token: value` or `"x-anon-token":"value"` written into a message or an error. */
const TOKEN_HEADER_TEXT = /(x-anon-token\\?"?\s*[:=]\s*\\?"?)[^"\\\s,;}]+/gi;

/**
 * Every log line passes through this before it is written (the logger's streamWrite hook), so no
 * message, error or url shows a token or a booking reference, whatever logged it.
 */
export function scrubLogText(text: string): string {
  return (TOKEN_TAG.test(text) ? text.replace(TOKEN, '[token]') : text)
    .replace(TOKEN_SEGMENT, '$1[token]')
    .replace(TOKEN_PARAM, '$1[token]')
    .replace(BOOKING_REFERENCE, '[booking-ref]')
    .replace(TOKEN_HEADER_TEXT, '$1[redacted]');
}

/** A request URL fit for a log line: tokens, token parameters and booking references are replaced. */
export const maskUrl = (url: string) =>
  url.replace(TOKEN_IN_URL, '[token]').replace(TOKEN_PARAM, '$1[token]').replace(BOOKING_REFERENCE, '[booking-ref]');

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

let stampedMs = 0;
let stamp = '';
/** pino's isoTime, made once per millisecond: a busy gateway writes several lines in each. */
function isoTime(): string {
  const now = Date.now();
  if (now !== stampedMs) {
    stampedMs = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/**
 * JSON logs on stdout, ISO timestamps, one `service` field; request bodies are never logged,
 * secret fields are censored (redactSecrets) and every written line is scrubbed (scrubLogText).
 */
export function createLogger(name: string, level = 'info', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: isoTime,
    serializers,
    formatters: {
      level: (label: string) => ({ level: label }),
      log: (object: Record<string, unknown>) => redactSecrets(object),
    },
    hooks: { streamWrite: scrubLogText },
  };
  return destination ? pino(options, destination) : pino(options);
}
