// Staff: moderators starting their shift. One iteration = a staff login, the login check the admin
// app makes on every load (GET /api/admin/session), and a logout. Needs a real staff account (STAFF_USERNAME and
// STAFF_PASSWORD); keep RATE low: passwords are hashed slowly on purpose (argon2id), and failed logins
// are counted per username and address (docs/admin.md).
//   k6 run -e BASE_URL=https://staging.example.com -e STAFF_USERNAME=loadtest -e STAFF_PASSWORD=... -e RATE=1 infra/k6/staff-login.js
import http from 'k6/http';
import { check, fail } from 'k6';
import { arrivals, BASE_URL, baseThresholds, JSON_HEADERS, p99, TARGETS } from './lib/config.js';

const USERNAME = __ENV.STAFF_USERNAME;
const PASSWORD = __ENV.STAFF_PASSWORD;

export const options = {
  scenarios: { staff: arrivals() },
  thresholds: {
    ...baseThresholds(),
    // A deliberately slow password hash: a write's budget, twice.
    ...p99('staff_login', 2 * TARGETS.writeP99),
    ...p99('staff_login_check', TARGETS.readP99),
    ...p99('staff_logout', TARGETS.writeP99),
  },
};

export function setup() {
  if (!USERNAME || !PASSWORD) fail('set STAFF_USERNAME and STAFF_PASSWORD to a staff account of the site under test');
}

export default function () {
  // Each VU has its own cookie jar: the staff login cookie goes with the next two calls.
  const login = http.post(`${BASE_URL}/api/admin/login`, JSON.stringify({ username: USERNAME, password: PASSWORD }), {
    headers: JSON_HEADERS,
    tags: { name: 'staff_login' },
  });
  check(login, { 'staff logged in': (r) => r.status === 200 });
  const signedIn = http.get(`${BASE_URL}/api/admin/session`, { tags: { name: 'staff_login_check' } });
  check(signedIn, { 'staff login known': (r) => r.status === 200 });
  const logout = http.post(`${BASE_URL}/api/admin/logout`, null, { tags: { name: 'staff_logout' } });
  check(logout, { 'staff logged out': (r) => r.status === 200 || r.status === 204 });
}
