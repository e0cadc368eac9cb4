import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_PER_VISITOR_READS, PER_VISITOR_READS } from '../../e2e/lib/per-visitor-reads.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A route registration in a route module: `app.get('/api/...'` (the path literal or constant). */
const REGISTRATION = /\b(?:app|scope|base|api)\.(get|post|put|patch|delete|all|head)\(\s*('[^']+'|[A-Z_]+)/g;
/** What makes a handler's answer one visitor's own. */
const PER_VISITOR = /requireVisitor\(|\.visitor\b|visitorHash\(|verifiedVisitorHash|visitorOf\(|anon_token|anonToken|anonTokenHeader\(|userId/;

/** Every GET route of every service whose handler reads the visitor, as registered. */
function perVisitorGetRoutes(): Array<{ file: string; route: string }> {
  const files = execFileSync('git', ['ls-files', 'services/*/src/*-routes.ts', 'services/*/src/**/*-routes.ts'], { cwd: ROOT, encoding: 'utf8' })
    .trim()
    .split('\n');
  const found: Array<{ file: string; route: string }> = [];
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const registrations = [...text.matchAll(REGISTRATION)];
    registrations.forEach((match, i) => {
      if (match[1] !== 'get') return;
      const handler = text.slice(match.index, registrations[i + 1]?.index ?? text.length);
      if (PER_VISITOR.test(handler)) found.push({ file, route: match[2]!.replace(/^'|'$/g, '') });
    });
  }
  return found;
}

describe('per-visitor reads (what "forget this device" turns off)', () => {
  it('e2e/lib/per-visitor-reads.ts lists every per-visitor GET route the services register', () => {
    const found = perVisitorGetRoutes();
    // The scan itself works: it finds the routes the issue named.
    expect(found.map((r) => r.route)).toEqual(expect.arrayContaining(['/api/notifications', '/api/mentors/requests/:id', '/api/jobs/mine', '/api/ama/my-questions']));
    const listed = new Set<string>([...PER_VISITOR_READS.map((r) => r.route), ...INTERNAL_PER_VISITOR_READS]);
    expect(found.filter((r) => !listed.has(r.route))).toEqual([]);
  });
});
