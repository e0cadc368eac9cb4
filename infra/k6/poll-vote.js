// Vote on a poll: visitors browsing the polls and voting. One iteration = a new visitor reads the
// poll list and the Active Polls / Total Votes cards, opens an open poll, votes once, and reads the
// result (and a profile breakdown now and then). POLL_ID pins every vote to one poll (a vote race).
//   k6 run -e BASE_URL=https://community.example.com -e RATE=20 [-e POLL_ID=7] infra/k6/poll-vote.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

const POLL_ID = __ENV.POLL_ID;

export const options = {
  scenarios: { poll_vote: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('polls', TARGETS.readP99),
    ...p99('poll_stats', TARGETS.readP99),
    ...p99('poll', TARGETS.readP99),
    ...p99('poll_vote', TARGETS.writeP99),
    ...p99('poll_breakdown', TARGETS.readP99),
  },
};

export default function () {
  const polls = getJson('/api/polls?sort=newest', 'polls') || [];
  getJson('/api/polls/stats', 'poll_stats');
  const open = polls.filter((p) => p.status !== 'closed');
  const pollId = POLL_ID || (open.length > 0 ? pick(open).id : undefined);
  if (!pollId) return;

  const visitor = newVisitor();
  if (!visitor.token) return;
  const poll = getJson(`/api/polls/${pollId}`, 'poll', visitor.headers);
  if (!poll || !Array.isArray(poll.options) || poll.options.length === 0) return;
  const vote = http.post(`${BASE_URL}/api/polls/${pollId}/vote`, JSON.stringify({ option_id: pick(poll.options).id }), {
    headers: visitor.headers,
    tags: { name: 'poll_vote' },
  });
  check(vote, { 'vote counted': (r) => r.status === 200 || r.status === 201 });
  if (Array.isArray(poll.profile_questions) && poll.profile_questions.length > 0 && Math.random() < 0.2) {
    getJson(`/api/polls/${pollId}/breakdown?by=${pick(poll.profile_questions)}`, 'poll_breakdown');
  }
}
