import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/paths.ts';

const CI_RUN = join(REPO_ROOT, '.ci/run');
const text = readFileSync(CI_RUN, 'utf8');

/** Sources .ci/run (functions only) and runs `script` after it in bash. */
function withCiFunctions(script: string, env: Record<string, string> = {}) {
  return spawnSync('bash', ['-c', `source ${JSON.stringify(CI_RUN)}\n${script}`], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, ...env },
  });
}

describe('.ci/run', () => {
  it('is an executable, strict bash script', () => {
    expect(statSync(CI_RUN).mode & 0o111).not.toBe(0);
    expect(text.startsWith('#!/usr/bin/env bash\n')).toBe(true);
    expect(text).toContain('set -euo pipefail');
    expect(spawnSync('bash', ['-n', CI_RUN]).status).toBe(0);
  });

  it("starts stopped services with exactly the machine's commands", () => {
    for (const command of [
      'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
      'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
    ]) {
      expect(text).toContain(command);
    }
  });

  it('installs chromium from Debian when missing, then npm ci and npm test with skips made failures', () => {
    expect(text).toMatch(/if \[ ! -x \/usr\/bin\/chromium \]; then[\s\S]*apt-get update && apt-get install -y chromium/);
    expect(text).toContain('npm ci');
    expect(text).toMatch(/CI=true REQUIRE_BROWSER=1 REQUIRE_INFRA=1 .*npm test/);
  });

  it("finds this machine's PostgreSQL, Redis and NATS (JetStream) answering", () => {
    const r = withCiFunctions('postgres_answers && redis_answers && nats_answers && nats_info | grep -q \'"jetstream":true\'');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails clearly when a service does not answer within the timeout', () => {
    const r = withCiFunctions('ensure Ghost false true', { CI_SERVICE_TIMEOUT: '1' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Ghost is not answering: starting it');
    expect(r.stderr).toContain('ci: FAILED: Ghost still not answering after 1s');
  });

  it('waits for a service that comes up after its start command', () => {
    const marker = join(tmpdir(), `wfm-ci-run-test-${process.pid}`);
    const r = withCiFunctions(
      `up() { [ -e ${marker} ]; }; start() { (sleep 1; touch ${marker}) & }; ensure Late up start; rm -f ${marker}`,
      { CI_SERVICE_TIMEOUT: '10' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Late answers');
    expect(r.status).toBe(0);
  });
});
