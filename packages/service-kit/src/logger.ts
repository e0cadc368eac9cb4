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

/**
 * JSON logs on stdout, ISO timestamps, one `service` field; request bodies are never logged,
 * secret fields are redacted by path and every written line is scrubbed (scrubLogText).
 */
export function createLogger(name: string, level = 'info', destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers,
    formatters: { level: (label: string) => ({ level: label }) },
    hooks: { streamWrite: scrubLogText },
  };
  return destination ? pino(options, destination) : pino(options);
}
