import { describe, expect, it } from 'vitest';
import {
  checkComposeDatastores,
  checkComposeUnits,
  interpolate,
  loadCompose,
} from './support/compose-checks.ts';
import { withFakeService } from './support/platform.ts';

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

  it('signs staff headers with a default secret the service kit accepts (32+ characters)', () => {
    const secret = interpolate(compose.services.gateway!.environment.STAFF_HEADER_SECRET).value;
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });

  it('publishes only the gateway', () => {
    const published = Object.entries(compose.services).filter(([, s]) => s.ports).map(([n]) => n);
    expect(published).toEqual(['gateway']);
  });
});

describe('compose interpolation', () => {
  it('uses defaults, keeps $$ literal and reports variables without a default', () => {
    expect(interpolate('a ${X:-b} ${Y-c} $$Z')).toEqual({ value: 'a b c $Z', unresolved: [] });
    expect(interpolate('${SECRET}')).toEqual({ value: '', unresolved: ['SECRET'] });
  });
});
