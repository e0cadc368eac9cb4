// Shared settings of every k6 script in infra/k6 (README.md): where to send the load, how much,
// and the targets the thresholds enforce. Plain JavaScript: k6 imports it, and the infra tests
// import it too to check the thresholds against the issues' targets.
//
//   BASE_URL   the site as visitors reach it (default http://localhost:8080)
//   RATE       iterations started per second (each script says what one iteration is)
//   DURATION   how long the arrival rate holds (default 1m)
//   MAX_VUS    ceiling of virtual users k6 may add to keep the rate (default 200)

/** The public targets the thresholds hold the site to, in milliseconds unless named otherwise. */
export const TARGETS = {
  // Issue 8 item 9: varied, uncached searches over 10,000 posts.
  searchP99: 100,
  // Issue 8 item 9: latest and trending feed pages, even uncached.
  feedP99: 50,
  // Issue 15 item 1: a post's HTML reads as fast as its JSON (the post detail's budget).
  postReadP99: 50,
  // Issue 15 item 4: from a write's answer to the websocket message on every client.
  websocketDeliveryP99: 100,
  // No issue sets one (docs/decisions.md, "k6 load scripts"): a write a visitor waits for.
  writeP99: 500,
  // Any other read: the service answers it when the gateway's cache does not.
  readP99: 200,
  // At most this share of requests may fail (network errors, 5xx, or a 4xx the script did not expect).
  errorRate: 0.01,
};

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
/** The websocket endpoint of BASE_URL (http -> ws, https -> wss). */
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/ws`;
export const RATE = Number(__ENV.RATE || 10);
export const DURATION = __ENV.DURATION || '1m';
const MAX_VUS = Number(__ENV.MAX_VUS || 200);

/**
 * One scenario starting `rate` iterations a second for DURATION, whatever the latency (an open
 * model: a slow site meets the same arrivals, as it would in production).
 */
export function arrivals(rate = RATE) {
  return {
    executor: 'constant-arrival-rate',
    rate,
    timeUnit: '1s',
    duration: DURATION,
    preAllocatedVUs: Math.min(MAX_VUS, Math.max(1, Math.ceil(rate * 2))),
    maxVUs: MAX_VUS,
  };
}

/** The thresholds every script has: few failed requests, almost every check passing. */
export function baseThresholds() {
  return {
    http_req_failed: [`rate<${TARGETS.errorRate}`],
    checks: [`rate>${1 - TARGETS.errorRate}`],
  };
}

/** `p(99)<ms` for requests tagged `name`. */
export function p99(name, ms) {
  return { [`http_req_duration{name:${name}}`]: [`p(99)<${ms}`] };
}

export const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** A short random suffix, so titles, names and URLs differ between iterations. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** A k6 duration ('90s', '5m', '1h30m', '1m30s') in milliseconds. */
export function durationMs(text) {
  let total = 0;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  for (let m = re.exec(text); m !== null; m = re.exec(text)) total += Number(m[1]) * unit[m[2]];
  return total;
}
