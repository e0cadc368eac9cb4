// New visitors arriving: each iteration creates one anonymous session (POST /api/session, no body)
// at a fixed arrival rate, whatever the latency, and checks the token's shape.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=20 infra/k6/session-creation.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const RATE = Number(__ENV.RATE || 20);

export const options = {
  scenarios: {
    arrivals: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: '1m',
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:session}': ['p(95)<250'],
    checks: ['rate>0.99'],
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
