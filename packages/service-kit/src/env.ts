import { z } from 'zod';
import { ConfigError } from './errors.ts';

/**
 * Used only outside production so a fresh checkout runs without setup; the gateway signs with the
 * same default. In production STAFF_HEADER_SECRET must be set explicitly (see loadEnv).
 */
export const DEV_STAFF_HEADER_SECRET = 'wfm-development-staff-header-secret-do-not-use-in-production';

/** Development default for VISITOR_TOKEN_SECRET; like the staff secret, refused in production. */
export const DEV_VISITOR_TOKEN_SECRET = 'wfm-development-visitor-token-secret-do-not-use-in-production';

/** Proxies on loopback and private networks (the gateway) may set x-forwarded-for. */
export const DEFAULT_TRUST_PROXY = 'loopback,linklocal,uniquelocal';

/** Variables that have a development default but must be given explicitly when NODE_ENV=production. */
const REQUIRED_IN_PRODUCTION = ['STAFF_HEADER_SECRET', 'VISITOR_TOKEN_SECRET'];

const urlList = (schemes: string[]) =>
  z.string().refine(
    (value) =>
      value.split(',').every((part) => {
        try {
          return schemes.includes(new URL(part.trim()).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      }),
    { message: `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL` },
  );

export const serviceEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Unset: the service's default port from @wfm/contracts SERVICES. */
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: urlList(['postgres', 'postgresql']),
  /** Unset: the in-process event bus. */
  NATS_URL: urlList(['nats', 'tls', 'ws', 'wss']).optional(),
  /** Unset: in-memory rate limit counters. */
  REDIS_URL: urlList(['redis', 'rediss']).optional(),
  STAFF_HEADER_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_STAFF_HEADER_SECRET),
  /** HMAC secret the identity service signs visitor tokens with; every service verifies with it. */
  VISITOR_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').default(DEV_VISITOR_TOKEN_SECRET),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 1: run the migrations and exit (the Kubernetes migration Job). */
  MIGRATE_ONLY: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** Fastify trustProxy: true, false, or a comma-separated list of addresses, CIDRs and presets. */
  TRUST_PROXY: z
    .string()
    .default(DEFAULT_TRUST_PROXY)
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

type EnvSource = Record<string, string | undefined>;

/**
 * Parses the environment once at boot. Empty values count as unset. Throws a ConfigError naming
 * every missing or malformed variable.
 */
export function loadEnv<T extends z.ZodObject>(schema: T, source: EnvSource = process.env): z.infer<T> {
  const env: EnvSource = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== '') env[key] = value;

  const problems = new Map<string, string>();
  const result = schema.safeParse(env);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '(environment)');
      if (problems.has(name)) continue;
      problems.set(name, env[name] === undefined ? `${name} is required` : `${name} ${describe(issue.message)}`);
    }
  }
  const nodeEnv = result.success ? (result.data as { NODE_ENV?: unknown }).NODE_ENV : env.NODE_ENV;
  if (nodeEnv === 'production') {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (name in schema.shape && env[name] === undefined && !problems.has(name)) {
        problems.set(name, `${name} is required when NODE_ENV=production`);
      }
    }
  }
  if (problems.size > 0) {
    throw new ConfigError(`Invalid environment: ${[...problems.values()].join('; ')}`, [...problems.keys()]);
  }
  return result.data as z.infer<T>;
}

/** zod's own messages read "Invalid input: ..."; ours read "must be ...". */
function describe(message: string): string {
  return /^must /.test(message) ? message : `is invalid (${message})`;
}
