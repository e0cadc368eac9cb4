// Search: visitors typing queries. One iteration = one search of the community (a different query
// each time, one or two words, common and rare, so the gateway's cache rarely answers), and now and
// then a search of the jobs board or the tool directory.
//   k6 run -e BASE_URL=https://community.example.com -e RATE=50 infra/k6/search.js
import { arrivals, baseThresholds, p99, pick, TARGETS } from './lib/config.js';
import { getJson } from './lib/visitor.js';

const WORDS = [
  'forecast', 'erlang', 'shrinkage', 'scheduling', 'occupancy', 'adherence', 'intraday', 'backlog',
  'attrition', 'overtime', 'handle', 'service', 'level', 'staffing', 'roster', 'skills', 'channel',
  'chat', 'email', 'voice', 'queue', 'abandon', 'wfm', 'planning', 'seasonality', 'holiday', 'training',
];

const query = () => (Math.random() < 0.5 ? pick(WORDS) : `${pick(WORDS)} ${pick(WORDS)}`);

export const options = {
  scenarios: { search: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('search', TARGETS.searchP99),
    ...p99('jobs_search', TARGETS.searchP99),
    ...p99('tools_search', TARGETS.searchP99),
  },
};

export default function () {
  // A page offset makes most URLs new even for a repeated word: the search itself is measured.
  const offset = Math.floor(Math.random() * 5) * 20;
  getJson(`/api/posts?q=${encodeURIComponent(query())}&offset=${offset}`, 'search');
  const other = Math.random();
  if (other < 0.1) getJson(`/api/jobs?q=${encodeURIComponent(pick(WORDS))}`, 'jobs_search');
  else if (other < 0.2) getJson(`/api/tools?q=${encodeURIComponent(pick(WORDS))}`, 'tools_search');
}
