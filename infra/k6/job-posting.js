// Post a job: employers posting and job seekers browsing. One iteration = a visitor reads the jobs
// board (a category filter), posts a job (it waits for staff approval), and reads "My job posts".
// The jobs service allows 30 postings an hour per address: from one load generator, raise
// RATE_LIMIT_SCALE on the site under test (README.md).
//   k6 run -e BASE_URL=https://community.example.com -e RATE=1 infra/k6/job-posting.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS, unique } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

export const options = {
  scenarios: { post_job: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('jobs', TARGETS.readP99),
    ...p99('create_job', TARGETS.writeP99),
    ...p99('my_jobs', TARGETS.readP99),
  },
};

export default function () {
  getJson(`/api/jobs?category=${encodeURIComponent(pick(['All', 'Workforce Management', 'Analytics & Reporting']))}`, 'jobs');

  const visitor = newVisitor();
  if (!visitor.token) return;
  const tag = unique();
  const created = http.post(
    `${BASE_URL}/api/jobs`,
    JSON.stringify({
      title: 'Workforce Planning Analyst',
      company: `Load Test Contact Centre ${tag}`.slice(0, 100),
      location: 'Remote',
      job_type: pick(['Full-time', 'Part-time', 'Contract', 'Temporary']),
      category: 'Workforce Management',
      description: 'Own the forecast, the schedule and the intraday plan for a 300-seat contact centre.',
      requirements: 'Two years of WFM experience; Erlang C; a WFM suite.',
      salary_range: '$55k - $70k',
      apply_url: `https://careers.example.com/jobs/${tag}`,
      tags: ['forecasting', 'scheduling'],
    }),
    { headers: visitor.headers, tags: { name: 'create_job' } },
  );
  check(created, { 'job submitted': (r) => r.status === 201 });
  getJson('/api/jobs/mine', 'my_jobs', visitor.headers);
}
