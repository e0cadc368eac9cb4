import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEV_STAFF_HEADER_SECRET, loadEnv, serviceEnvSchema } from '../src/env.ts';
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
      TRUST_PROXY: 'loopback,linklocal,uniquelocal',
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
      loadEnv(serviceEnvSchema, { ...base, PORT: 'eighty', NATS_URL: 'http://nats:4222', LOG_LEVEL: 'loud' }),
    );
    expect(err.variables.sort()).toEqual(['LOG_LEVEL', 'NATS_URL', 'PORT']);
    expect(err.message).toContain('NATS_URL must be a nats:// or tls:// or ws:// or wss:// URL');
    expect(err.message).toMatch(/PORT is invalid/);
  });

  it('rejects a database URL that is not postgres', () => {
    const err = configError(() => loadEnv(serviceEnvSchema, { DATABASE_URL: 'mysql://x@y/z' }));
    expect(err.message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('requires STAFF_HEADER_SECRET in production', () => {
    const err = configError(() => loadEnv(serviceEnvSchema, { ...base, NODE_ENV: 'production' }));
    expect(err.message).toBe('Invalid environment: STAFF_HEADER_SECRET is required when NODE_ENV=production');
    const env = loadEnv(serviceEnvSchema, { ...base, NODE_ENV: 'production', STAFF_HEADER_SECRET: 'x'.repeat(40) });
    expect(env.STAFF_HEADER_SECRET).toBe('x'.repeat(40));
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
