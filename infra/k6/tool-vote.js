// Vote on a tool: visitors in the Tool Directory and the Template Library. One iteration = a new
// visitor lists the tools, votes for one, and now and then lists the templates and downloads one
// (counted, then the file or the link).
//   k6 run -e BASE_URL=https://community.example.com -e RATE=20 infra/k6/tool-vote.js
import http from 'k6/http';
import { check } from 'k6';
import { arrivals, BASE_URL, baseThresholds, p99, pick, TARGETS } from './lib/config.js';
import { getJson, newVisitor } from './lib/visitor.js';

export const options = {
  scenarios: { tool_vote: arrivals() },
  thresholds: {
    ...baseThresholds(),
    ...p99('tools', TARGETS.readP99),
    ...p99('tool_vote', TARGETS.writeP99),
    ...p99('templates', TARGETS.readP99),
    ...p99('template_download', TARGETS.writeP99),
    ...p99('template_file', TARGETS.readP99),
  },
};

export default function () {
  const tools = getJson(`/api/tools?sort=${pick(['latest', 'votes', 'name'])}`, 'tools') || [];
  const visitor = newVisitor();
  if (tools.length > 0 && visitor.token) {
    const vote = http.post(`${BASE_URL}/api/tools/${pick(tools).id}/vote`, null, { headers: visitor.headers, tags: { name: 'tool_vote' } });
    check(vote, { 'tool vote counted': (r) => r.status === 200 || r.status === 201 });
  }
  if (Math.random() < 0.3) {
    const templates = getJson('/api/templates', 'templates') || [];
    if (templates.length === 0) return;
    const template = pick(templates);
    const counted = http.post(`${BASE_URL}/api/templates/${template.id}/download`, null, {
      headers: visitor.headers,
      tags: { name: 'template_download' },
    });
    check(counted, { 'download counted': (r) => r.status === 200 });
    if (template.file_path) {
      const file = http.get(`${BASE_URL}/api/templates/${template.id}/file`, { tags: { name: 'template_file' } });
      check(file, { 'template file served': (r) => r.status === 200 });
    }
  }
}
