// New visitors arriving: each iteration creates one anonymous session (POST /api/session, no body)
// at a fixed arrival rate, whatever the latency, and checks the token's shape.
// Identity allows 400 new sessions a minute per address: from one load generator, raise
// RATE_LIMIT_SCALE on the site under test (README.md).
//   k6 run -e BASE_URL=https://community.example.com -e RATE=20 infra/k6/session-creation.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, TARGETS } from './lib/config.js';

export const options = {
  scenarios: { arrivals: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('session', TARGETS.writeP99),
  },
};

export default function () {
  const res = http.post(`${BASE_URL}/api/session`, null, { tags: { name: 'session' } });
  check(res, {
    'session created': (r) => r.status >= 200 && r.status < 300,
    // 32 random bytes as base64url (@wfm/contracts AnonToken).
    'token is 43 base64url characters': (r) => /^[A-Za-z0-9_-]{43}$/.test(String(r.json('anon_token'))),
  });
}
