// New visitors arriving: each iteration is issued one visitor token (POST /api/session, no body)
// at a fixed arrival rate, whatever the latency, and checks the token's shape.
// Identity allows 400 new visitor tokens a minute per address: from one load generator, raise
// RATE_LIMIT_SCALE on the site under test (README.md).
//   k6 run -e BASE_URL=https://community.example.com -e RATE=20 infra/k6/visitor-token.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, TARGETS } from './lib/config.js';

export const options = {
  scenarios: { arrivals: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('visitor_token', TARGETS.writeP99),
  },
};

export default function () {
  const res = http.post(`${BASE_URL}/api/session`, null, { tags: { name: 'visitor_token' } });
  check(res, {
    'visitor token issued': (r) => r.status >= 200 && r.status < 300,
    // `<id>.<tag>`: 32 random bytes and a 16-byte HMAC tag, base64url (@wfm/contracts ANON_TOKEN_PATTERN).
    'token is <43>.<22> base64url characters': (r) => /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/.test(String(r.json('anon_token'))),
  });
}
