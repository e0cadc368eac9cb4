import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEV_STAFF_HEADER_SECRET,
  DEV_VISITOR_TOKEN_SECRET,
  isPlaceholderSecret,
  loadEnv,
  PLACEHOLDER_SECRETS,
  serviceEnvSchema,
} from '../src/env.ts';
import { ConfigError } from '../src/errors.ts';

const base = { DATABASE_URL: 'postgres://svc@db:5432/wfm' };

function configError(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadEnv', () => {
  it('applies defaults', () => {
    const env = loadEnv(serviceEnvSchema, base);
    expect(env).toMatchObject({
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      STAFF_HEADER_SECRET: DEV_STAFF_HEADER_SECRET,
      TRUST_PROXY: false,
      METRICS_PORT: 0,
      DB_MAINTENANCE: 'auto',
    });
    expect(env.PORT).toBeUndefined();
    expect(env.NATS_URL).toBeUndefined();
  });

  it('names a missing variable', () => {
    const err = configError(() => loadEnv(serviceEnvSchema, {}));
    expect(err.message).toBe('Invalid environment: DATABASE_URL is required');
    expect(err.variables).toEqual(['DATABASE_URL']);
  });

  it('treats an empty value as missing', () => {
    expect(configError(() => loadEnv(serviceEnvSchema, { DATABASE_URL: '' })).message).toContain('DATABASE_URL is required');
  });

  it('names every malformed variable', () => {
    const err = configError(() =>
      loadEnv(serviceEnvSchema, { ...base, PORT: 'eighty', NATS_URL: 'http://nats:4222', LOG_LEVEL: 'loud', DB_MAINTENANCE: 'sometimes' }),
    );
    expect(err.variables.sort()).toEqual(['DB_MAINTENANCE', 'LOG_LEVEL', 'NATS_URL', 'PORT']);
    expect(err.message).toContain('NATS_URL must be a nats:// or tls:// or ws:// or wss:// URL');
    expect(err.message).toMatch(/PORT is invalid/);
  });

  it('rejects a database URL that is not postgres', () => {
    const err = configError(() => loadEnv(serviceEnvSchema, { DATABASE_URL: 'mysql://x@y/z' }));
    expect(err.message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('requires STAFF_HEADER_SECRET and VISITOR_TOKEN_SECRET in production', () => {
    const err = configError(() => loadEnv(serviceEnvSchema, { ...base, NODE_ENV: 'production' }));
    expect(err.message).toBe(
      'Invalid environment: STAFF_HEADER_SECRET is required when NODE_ENV=production; VISITOR_TOKEN_SECRET is required when NODE_ENV=production',
    );
    const env = loadEnv(serviceEnvSchema, {
      ...base,
      NODE_ENV: 'production',
      STAFF_HEADER_SECRET: 'x'.repeat(40),
      VISITOR_TOKEN_SECRET: 'y'.repeat(40),
    });
    expect(env.STAFF_HEADER_SECRET).toBe('x'.repeat(40));
  });

  describe('placeholder secrets in production', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      STAFF_HEADER_SECRET: 's'.repeat(40),
      VISITOR_TOKEN_SECRET: 'v'.repeat(40),
    };
    const withAdmin = serviceEnvSchema.extend({ ADMIN_PASSWORD: z.string().min(8).optional() });

    it('accepts secrets of its own', () => {
      expect(loadEnv(withAdmin, { ...production, ADMIN_PASSWORD: 'a-real-admin-password' }).ADMIN_PASSWORD).toBe('a-real-admin-password');
    });

    it.each([
      ['STAFF_HEADER_SECRET', DEV_STAFF_HEADER_SECRET],
      ['VISITOR_TOKEN_SECRET', DEV_VISITOR_TOKEN_SECRET],
      // docker-compose.yml's former defaults and the Kubernetes placeholders
      ['STAFF_HEADER_SECRET', 'dev-only-staff-header-secret-change-me'],
      ['STAFF_HEADER_SECRET', 'CHANGE-ME-staff-header-secret-of-32-or-more-characters'],
      ['VISITOR_TOKEN_SECRET', 'CHANGE-ME-visitor-token-secret-of-32-or-more-characters'],
      ['ADMIN_PASSWORD', 'admin-dev-password-change-me'],
      ['ADMIN_PASSWORD', 'CHANGE-ME-admin-password'],
      // docs/admin.md's example
      ['ADMIN_PASSWORD', 'a long password'],
    ])('refuses %s = %s, naming the variable', (name, value) => {
      const err = configError(() => loadEnv(withAdmin, { ...production, [name]: value }));
      expect(err.variables).toEqual([name]);
      expect(err.message).toBe(
        `Invalid environment: ${name} is a published placeholder or development value; set a secret of your own when NODE_ENV=production`,
      );
    });

    it('refuses a placeholder password inside a connection URL', () => {
      const err = configError(() =>
        loadEnv(serviceEnvSchema, { ...production, DATABASE_URL: 'postgres://forum_svc:CHANGE-ME-forum@db:5432/wfm' }),
      );
      expect(err.variables).toEqual(['DATABASE_URL']);
    });

    it('allows the development values outside production', () => {
      for (const value of PLACEHOLDER_SECRETS) expect(isPlaceholderSecret(value)).toBe(true);
      const env = loadEnv(withAdmin, { ...base, NODE_ENV: 'development', ADMIN_PASSWORD: 'admin-dev-password-change-me' });
      expect(env.STAFF_HEADER_SECRET).toBe(DEV_STAFF_HEADER_SECRET);
    });

    it('applies to schemas without NODE_ENV (e.g. the first Super Admin’s) through the environment', () => {
      const schema = z.object({ ADMIN_PASSWORD: z.string().optional() });
      const err = configError(() => loadEnv(schema, { NODE_ENV: 'production', ADMIN_PASSWORD: 'admin-dev-password-change-me' }));
      expect(err.variables).toEqual(['ADMIN_PASSWORD']);
    });
  });

  it('trusts no proxy by default and parses METRICS_PORT', () => {
    expect(loadEnv(serviceEnvSchema, base).TRUST_PROXY).toBe(false);
    expect(loadEnv(serviceEnvSchema, { ...base, TRUST_PROXY: '10.0.0.5,loopback' }).TRUST_PROXY).toBe('10.0.0.5,loopback');
    expect(loadEnv(serviceEnvSchema, { ...base, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(configError(() => loadEnv(serviceEnvSchema, { ...base, METRICS_PORT: 'public' })).variables).toEqual(['METRICS_PORT']);
  });

  it('parses lists, booleans and numbers', () => {
    const env = loadEnv(serviceEnvSchema, {
      ...base,
      PORT: '7101',
      NATS_URL: 'nats://a:4222,nats://b:4222',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: 'true',
    });
    expect(env).toMatchObject({ PORT: 7101, NATS_URL: 'nats://a:4222,nats://b:4222', TRUST_PROXY: true });
  });

  it('works with extended schemas', () => {
    const schema = serviceEnvSchema.extend({ BACKUP_DIR: z.string() });
    expect(configError(() => loadEnv(schema, base)).message).toContain('BACKUP_DIR is required');
    expect(loadEnv(schema, { ...base, BACKUP_DIR: '/b' }).BACKUP_DIR).toBe('/b');
  });
});
