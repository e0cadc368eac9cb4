import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('runs npm ci and npm test with the Node of .node-version, put first on PATH before npm ci', () => {
    expect(text).toMatch(/step "node"\n\s+use_pinned_node\n\n\s+step "npm ci"/);
  });
});

describe('.node-version and the Node .ci/run runs the tests on', () => {
  const pinned = readFileSync(join(REPO_ROOT, '.node-version'), 'utf8');
  const work = mkdtempSync(join(tmpdir(), 'wfm-ci-node-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds one exact version, which package.json engines admits', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+\n$/);
    const engines = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toMatch(/^>=\d+$/);
    expect(Number(pinned.split('.')[0])).toBeGreaterThanOrEqual(Number(engines.slice(2)));
  });

  it("keeps the machine's Node when it is that version", () => {
    const r = withCiFunctions(`node --version > ${work}/same; NODE_VERSION_FILE=${work}/same use_pinned_node`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^node v\d+\.\d+\.\d+ \(the machine's, as .*same\)$/m);
    expect(r.status).toBe(0);
  });

  it('puts an already fetched Node first on PATH without fetching it again', () => {
    const cache = join(work, 'cache');
    mkdirSync(join(cache, '99.1.2/bin'), { recursive: true });
    writeFileSync(join(cache, '99.1.2/bin/node'), '#!/bin/sh\necho v99.1.2\n');
    chmodSync(join(cache, '99.1.2/bin/node'), 0o755);
    writeFileSync(join(work, 'v99'), 'v99.1.2\n');
    const r = withCiFunctions(`NODE_VERSION_FILE=${work}/v99 use_pinned_node && command -v node`, { WFM_NODE_CACHE: cache });
    expect(r.stdout).not.toContain('fetching');
    expect(r.stdout).toContain(`node v99.1.2 from ${cache}/99.1.2`);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(join(cache, '99.1.2/bin/node'));
    expect(r.status).toBe(0);
  });

  it("keeps the machine's npm settings (CA bundle, lockfile options) under the fetched Node, with its own headers", () => {
    const machine = spawnSync('npm', ['config', 'get', 'globalconfig'], { encoding: 'utf8' }).stdout.trim();
    const cache = join(work, 'cache');
    const r = withCiFunctions(`NODE_VERSION_FILE=${work}/v99 use_pinned_node >/dev/null && echo "$npm_config_globalconfig|$npm_config_nodedir"`, { WFM_NODE_CACHE: cache });
    expect(r.stdout.trim()).toBe(`${machine}|${join(cache, '99.1.2')}`);
    expect(r.status).toBe(0);
  });

  it('refuses a .node-version that is not one exact version', () => {
    writeFileSync(join(work, 'loose'), 'lts/*\n');
    const r = withCiFunctions(`NODE_VERSION_FILE=${work}/loose use_pinned_node`);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("must hold one exact Node version such as 26.12.1, not 'lts/*'");
  });

  it("fetches .node-version's Node from the npm registry (node-linux-<arch>) when the machine's differs, and runs it", () => {
    // A `node` that reports another version (and otherwise is the real one, so npm still runs).
    const stub = join(work, 'stub');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'node'), `#!/bin/sh\n[ "$1" = --version ] && { echo v0.0.1; exit 0; }\nexec ${JSON.stringify(process.execPath)} "$@"\n`);
    chmodSync(join(stub, 'node'), 0o755);
    const cache = join(work, 'fetched');
    const r = spawnSync('bash', ['-c', `source ${JSON.stringify(CI_RUN)}\nuse_pinned_node && node -p 'process.version + " " + process.execPath'`], {
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, PATH: `${stub}:${process.env.PATH}`, WFM_NODE_CACHE: cache },
    });
    const version = pinned.trim();
    expect(r.stdout).toContain(`node v0.0.1 is not .node-version's v${version}: fetching node-linux-`);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(`v${version} ${cache}/${version}/bin/node`);
    expect(r.status).toBe(0);
  }, 200_000);
});

