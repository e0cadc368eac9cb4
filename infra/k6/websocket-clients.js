// Websocket clients: browsers holding the live-updates socket while visitors post. CLIENTS virtual
// users each hold one socket to /ws for DURATION (spread over every gateway replica by the load
// balancer); RATE probes a second each open a socket, write a post, and measure the time from the
// write's answer to the new_post message on their own socket (issue 15 item 4: p99 <= 100 ms with
// every listener connected). Every probe is a new visitor: the forum allows 10 posts a minute each.
//   k6 run -e BASE_URL=https://community.example.com -e CLIENTS=5000 -e RATE=1 infra/k6/websocket-clients.js
import http from 'k6/http';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { clearTimeout, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { arrivals, BASE_URL, baseThresholds, DURATION, durationMs, p99, TARGETS, unique, WS_URL } from './lib/config.js';
import { newVisitor } from './lib/visitor.js';

const CLIENTS = Number(__ENV.CLIENTS || 1000);
/** How long a probe waits for its own post before counting it missed. */
const PROBE_TIMEOUT_MS = 10_000;

const delivery = new Trend('ws_delivery', true);
const missed = new Counter('ws_missed');
const received = new Counter('ws_messages');
const socketErrors = new Counter('ws_errors');

export const options = {
  scenarios: {
    listeners: {
      executor: 'per-vu-iterations',
      exec: 'listen',
      vus: CLIENTS,
      iterations: 1,
      maxDuration: `${Math.ceil(durationMs(DURATION) / 1000) + 60}s`,
    },
    // Probes start once the listeners had 30 s to connect.
    probes: { ...arrivals(), exec: 'probe', startTime: '30s' },
  },
  thresholds: {
    ...baseThresholds(),
    ws_delivery: [`p(99)<${TARGETS.websocketDeliveryP99}`],
    ws_missed: ['count==0'],
    ws_errors: ['count==0'],
    ...p99('create_post', TARGETS.writeP99),
  },
};

/** One browser tab: holds its socket for DURATION plus the 30 s before the probes start. */
export function listen() {
  const ws = new WebSocket(WS_URL);
  ws.addEventListener('message', () => received.add(1));
  ws.addEventListener('error', () => socketErrors.add(1));
  ws.addEventListener('open', () => {
    setTimeout(() => ws.close(), durationMs(DURATION) + 30_000);
  });
}

/** One write measured from its answer to its arrival on this probe's own socket. */
export function probe() {
  const visitor = newVisitor();
  if (!visitor.token) return;
  const ws = new WebSocket(WS_URL);
  let postId;
  let answeredAt;
  const timer = setTimeout(() => {
    missed.add(1);
    ws.close();
  }, PROBE_TIMEOUT_MS);
  ws.addEventListener('error', () => socketErrors.add(1));
  ws.addEventListener('message', (/** @type {import('k6/websockets').MessageEvent} */ event) => {
    const message = JSON.parse(String(event.data));
    if (message.type !== 'new_post' || postId === undefined || message.data.id !== postId) return;
    // A message that came before the answer was handled waits in the event loop: it counts ~0.
    delivery.add(Math.max(0, Date.now() - answeredAt));
    clearTimeout(timer);
    ws.close();
  });
  ws.addEventListener('open', () => {
    const created = http.post(
      `${BASE_URL}/api/posts`,
      JSON.stringify({ type: 'Question', title: `Live update probe ${unique()}`, body: 'How fast do live updates arrive?', author_name: 'Anonymous' }),
      { headers: visitor.headers, tags: { name: 'create_post' } },
    );
    answeredAt = Date.now();
    check(created, { 'probe post created': (r) => r.status === 201 });
    if (created.status === 201) postId = created.json('id');
    else {
      clearTimeout(timer);
      ws.close();
    }
  });
}
