/**
 * Every process of the platform, started with NODE_ENV=production, refuses a published placeholder
 * secret with a message naming the variable, before it connects to anything.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_STAFF_HEADER_SECRET, DEV_VISITOR_TOKEN_SECRET } from '@wfm/service-kit';
import { REPO_ROOT } from './support/paths.ts';

const GOOD = {
  STAFF_HEADER_SECRET: 'a1'.repeat(20),
  VISITOR_TOKEN_SECRET: 'b2'.repeat(20),
  ADMIN_PASSWORD: 'a-real-admin-password',
  // Unreachable on purpose: a process that got past its configuration check would fail differently.
  DATABASE_URL: 'postgres://forum_svc:real-password@127.0.0.1:1/wfm',
};

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(REPO_ROOT, entry)], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SKIP_WEB_BUILD: '1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', fail);
    child.once('exit', (code) => done({ code, output }));
  });
}

const cases: Array<[process: string, entry: string, variable: string, value: string]> = [
  ['npm start (single node)', 'scripts/start.ts', 'STAFF_HEADER_SECRET', DEV_STAFF_HEADER_SECRET],
  ['npm start (single node)', 'scripts/start.ts', 'VISITOR_TOKEN_SECRET', DEV_VISITOR_TOKEN_SECRET],
  ['npm start (single node)', 'scripts/start.ts', 'ADMIN_PASSWORD', 'admin-dev-password-change-me'],
  ['gateway', 'gateway/src/server.ts', 'STAFF_HEADER_SECRET', 'dev-only-staff-header-secret-change-me'],
  ['forum service', 'services/forum/src/server.ts', 'VISITOR_TOKEN_SECRET', 'CHANGE-ME-visitor-token-secret-of-32-or-more-characters'],
  ['forum service', 'services/forum/src/server.ts', 'DATABASE_URL', 'postgres://forum_svc:CHANGE-ME-forum@127.0.0.1:1/wfm'],
  ['worker', 'services/admin/src/worker.ts', 'DATABASE_URL', 'postgres://admin_svc:CHANGE-ME-admin@127.0.0.1:1/wfm'],
];

describe('placeholder secrets in production', () => {
  it.each(cases)(
    '%s (%s) refuses %s = a published placeholder',
    async (_process, entry, variable, value) => {
      const { code, output } = await run(entry, { ...GOOD, [variable]: value });
      expect(code).toBe(1);
      expect(output).toContain(`${variable} is a published placeholder or development value`);
    },
    // Each case starts a Node process with tsx.
    60_000,
  );
});
