import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlaceholderSecret } from '@wfm/service-kit';
import {
  checkComposeDatastores,
  checkComposeUnits,
  interpolate,
  loadCompose,
  REQUIRED_COMPOSE_VARIABLES,
} from './support/compose-checks.ts';
import { REPO_ROOT } from './support/paths.ts';
import { platformUnits, withFakeService } from './support/platform.ts';

const compose = loadCompose();

describe('docker-compose.yml', () => {
  it('runs every service, the worker and the gateway from the one image, hardened, healthchecked, in dependency order', () => {
    expect(checkComposeUnits(compose)).toEqual([]);
  });

  it('fails the check for a service that is missing from compose', () => {
    const problems = checkComposeUnits(compose, withFakeService());
    expect(problems).toContain('fake-svc: no compose service');
    expect(problems).toContain('gateway: does not wait for fake-svc to be healthy');
    expect(problems).toContain('gateway: FAKE_SVC_URL is undefined, not http://fake-svc:7199');
  });

  it('reports a stale compose service that runs the app image', () => {
    const stale = structuredClone(compose);
    stale.services.legacy = { ...stale.services.forum };
    expect(checkComposeUnits(stale)).toContain('legacy: runs the app image but is no known service (stale?)');
  });

  it('reports a service that logs in with another service’s role', () => {
    const wrong = structuredClone(compose);
    wrong.services.forum!.environment.DATABASE_URL = wrong.services.identity!.environment.DATABASE_URL;
    expect(checkComposeUnits(wrong)).toContain('forum: DATABASE_URL logs in as identity_svc, not its own role forum_svc');
  });

  it('has PostgreSQL, NATS and Redis with healthchecks', () => {
    expect(checkComposeDatastores(compose)).toEqual([]);
    expect(compose.services.nats!.command).toContain('-js');
    expect(compose.services.redis!.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction']));
  });

  it('creates the roles on first start from infra/postgres/initdb', () => {
    expect(compose.services.postgres!.volumes).toContain('./infra/postgres/initdb:/docker-entrypoint-initdb.d:ro');
    expect(compose.services.postgres!.environment.POSTGRES_DB).toBe('wfm');
  });

  it('gives the worker the backup and restore roles and shares the backups volume with admin', () => {
    const worker = compose.services.worker!.environment;
    expect(interpolate(worker.BACKUP_DATABASE_URL).value).toMatch(/^postgres:\/\/wfm_backup:[^@]+@postgres:5432\/wfm$/);
    expect(interpolate(worker.RESTORE_DATABASE_URL).value).toMatch(/^postgres:\/\/wfm_restore:[^@]+@postgres:5432\/wfm$/);
    for (const name of ['admin', 'worker']) {
      expect(compose.services[name]!.volumes).toContain('backups:/var/lib/wfm/backups');
      expect(compose.services[name]!.environment.BACKUP_DIR).toBe('/var/lib/wfm/backups');
      expect(compose.services[name]!.environment.ADMIN_USERNAME).toBeDefined();
    }
    expect(compose.volumes).toHaveProperty('backups');
  });

  it('refuses to start without STAFF_HEADER_SECRET, VISITOR_TOKEN_SECRET and ADMIN_PASSWORD: `:?`, no default in the file', () => {
    const text = readFileSync(resolve(REPO_ROOT, 'docker-compose.yml'), 'utf8');
    for (const name of REQUIRED_COMPOSE_VARIABLES) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((m) => m[1]!);
      expect(uses.length, name).toBeGreaterThan(0);
      for (const use of uses) expect(use, `${name} must be \${${name}:?message}`).toMatch(/^:\?.+/);
    }
    const secretsOf = (service: string) => {
      const env = compose.services[service]!.environment;
      return Object.fromEntries(['STAFF_HEADER_SECRET', 'VISITOR_TOKEN_SECRET', 'ADMIN_PASSWORD'].map((k) => [k, env[k] === undefined ? undefined : interpolate(String(env[k])).required]));
    };
    for (const unit of platformUnits()) {
      expect(secretsOf(unit.name).STAFF_HEADER_SECRET, unit.name).toEqual(['STAFF_HEADER_SECRET']);
      expect(secretsOf(unit.name).VISITOR_TOKEN_SECRET, unit.name).toEqual(['VISITOR_TOKEN_SECRET']);
    }
    for (const name of ['admin', 'worker']) expect(secretsOf(name).ADMIN_PASSWORD).toEqual(['ADMIN_PASSWORD']);
  });

  it('keeps no published placeholder secret as a default', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(svc.environment ?? {})) {
        if (/(SECRET|PASSWORD)$/.test(key)) expect(isPlaceholderSecret(interpolate(String(value)).value), `${name} ${key}`).toBe(false);
      }
    }
  });

  it('publishes only the gateway, on 127.0.0.1 unless BIND_ADDRESS says otherwise', () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports).map(([n]) => n);
    expect(published).toEqual(['gateway']);
    const ports = compose.services.gateway!.ports as string[];
    expect(ports).toEqual(['${BIND_ADDRESS:-127.0.0.1}:${WFM_HTTP_PORT:-8080}:8080']);
    expect(interpolate(ports[0]!).value).toBe('127.0.0.1:8080:8080');
  });

  it('serves metrics on the internal METRICS_PORT of every app process, never on a published port', () => {
    for (const unit of platformUnits()) {
      expect(compose.services[unit.name]!.environment.METRICS_PORT, unit.name).toBe('9464');
    }
    const ports = (compose.services.gateway!.ports as string[]).map((p) => interpolate(p).value);
    expect(ports.some((p) => p.endsWith(':9464'))).toBe(false);
  });

  it('lets services trust x-forwarded-for from the gateway’s fixed address only, and the gateway trust no proxy by default', () => {
    const gatewayIp = interpolate(compose.services.gateway!.networks.default.ipv4_address).value;
    const networks = (compose as { networks?: { default: { ipam: { config: Array<{ subnet: string }> } } } }).networks;
    const subnet = interpolate(networks!.default.ipam.config[0]!.subnet).value;
    expect(subnet).toBe('172.30.80.0/24');
    expect(gatewayIp).toBe('172.30.80.10');
    for (const unit of platformUnits().filter((u) => u.kind === 'service')) {
      expect(interpolate(compose.services[unit.name]!.environment.TRUST_PROXY).value, unit.name).toBe(gatewayIp);
    }
    expect(interpolate(compose.services.gateway!.environment.TRUST_PROXY).value).toBe('false');
  });
});

/** Whether IPv4 `address` lies in `cidr` (a.b.c.d/n). */
function inCidr(address: string, cidr: string): boolean {
  const toInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [base, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toInt(address) / size) === Math.floor(toInt(base) / size);
}

describe('docker-compose.yml network', () => {
  it('gives the other containers addresses only from a range that leaves out the gateway’s fixed address', () => {
    const gatewayIp = interpolate(compose.services.gateway!.networks.default.ipv4_address).value;
    const networks = (compose as { networks?: { default: { ipam: { config: Array<{ subnet: string; ip_range?: string }> } } } }).networks;
    const ipam = networks!.default.ipam.config[0]!;
    const subnet = interpolate(ipam.subnet).value;
    const range = interpolate(ipam.ip_range ?? '').value;
    expect(range, 'ipam ip_range').toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(inCidr(range.split('/')[0]!, subnet), `${range} inside ${subnet}`).toBe(true);
    expect(Number(range.split('/')[1]), 'the range is smaller than the subnet').toBeGreaterThan(Number(subnet.split('/')[1]));
    expect(inCidr(gatewayIp, subnet), `${gatewayIp} inside ${subnet}`).toBe(true);
    expect(inCidr(gatewayIp, range), `${gatewayIp} outside ${range}`).toBe(false);
  });
});

describe('compose interpolation', () => {
  it('uses defaults, keeps $$ literal and reports variables without a default', () => {
    expect(interpolate('a ${X:-b} ${Y-c} $$Z')).toEqual({ value: 'a b c $Z', unresolved: [], required: [] });
    expect(interpolate('${SECRET}')).toEqual({ value: '', unresolved: ['SECRET'], required: [] });
    expect(interpolate('${SECRET:?set it}')).toEqual({ value: '<SECRET>', unresolved: [], required: ['SECRET'] });
  });

  it('reports a required variable that is not one of the documented required ones', () => {
    const wrong = structuredClone(compose);
    wrong.services.forum!.environment.LOG_LEVEL = '${LOG_LEVEL:?set it}';
    expect(checkComposeUnits(wrong)).toContain('forum: LOG_LEVEL requires LOG_LEVEL, which is not a required variable');
  });
});
