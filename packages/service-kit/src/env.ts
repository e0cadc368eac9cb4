import { z } from 'zod';
import { ConfigError } from './errors.ts';
import { uploadEnvShape } from './uploads/upload-settings.ts';

/**
 * Used only outside production so a fresh checkout runs without setup; the gateway signs with the
 * same default. In production STAFF_HEADER_SECRET must be set explicitly (see loadEnv).
 */
export const DEV_STAFF_HEADER_SECRET = 'wfm-development-staff-header-secret-do-not-use-in-production';

/** Development default for VISITOR_TOKEN_SECRET; like the staff secret, refused in production. */
export const DEV_VISITOR_TOKEN_SECRET = 'wfm-development-visitor-token-secret-do-not-use-in-production';

/** Identity's default port on this host (SERVICES in @wfm/contracts). */
export const DEFAULT_IDENTITY_URL = 'http://127.0.0.1:7101';

/**
 * Secrets published in this repository (development defaults, examples in the README, docs,
 * docker-compose.yml and the Kubernetes placeholders): refused when NODE_ENV=production.
 */
export const PLACEHOLDER_SECRETS: readonly string[] = [
  DEV_STAFF_HEADER_SECRET,
  DEV_VISITOR_TOKEN_SECRET,
  'dev-only-staff-header-secret-change-me',
  'admin-dev-password-change-me',
  'a long password',
];
/** Marks of a placeholder anywhere in a value: CHANGE-ME (k8s secrets.yaml), change-me, changeme, do-not-use-in-production. */
const PLACEHOLDER_MARK = /change[-_ .]?me|do[-_ ]not[-_ ]use[-_ ]in[-_ ]production/i;
/** Variables holding a secret by name; `*_URL` variables are checked for a placeholder password. */
const SECRET_NAME = /(SECRET|PASSWORD)$/;

/** True for a value this repository publishes as an example or development default. */
export function isPlaceholderSecret(value: string): boolean {
  return PLACEHOLDER_SECRETS.includes(value) || PLACEHOLDER_MARK.test(value);
}

/** The secret variables of `env` holding a placeholder: `*SECRET`/`*PASSWORD` values and passwords inside `*_URL`s. */
function placeholderSecrets(env: EnvSource, names: Iterable<string>): string[] {
  const found: string[] = [];
  for (const name of names) {
    const value = env[name];
    if (value === undefined) continue;
    if (SECRET_NAME.test(name) && isPlaceholderSecret(value)) found.push(name);
    else if (name.endsWith('_URL') && value.split(',').some((part) => isPlaceholderSecret(urlPassword(part)))) found.push(name);
  }
  return found;
}

function urlPassword(value: string): string {
  try {
    return decodeURIComponent(new URL(value.trim()).password);
  } catch {
    return '';
  }
}

/**
 * OpenTelemetry traces (src/telemetry/): set, every span goes over OTLP/HTTP to this collector
 * (`http://otel-collector:4318`, `/v1/traces` appended; the _TRACES_ variable is used as it is).
 * Unset: no SDK is loaded and requests carry no tracing cost. Shared by every process's schema.
 */
export const otlpEnvShape = {
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
};

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
  /** Internal URL of the identity service (author-name checks, ctx.identity). */
  IDENTITY_URL: urlList(['http', 'https']).default(DEFAULT_IDENTITY_URL),
  /** UPLOAD_DAILY_MB_PER_VISITOR, UPLOAD_DAILY_MB_PER_ADDRESS, UPLOAD_MAX_CONCURRENT, UPLOAD_CLEANUP_*: see docs/operations.md. */
  ...uploadEnvShape,
  /**
   * Duplicate-content check (duplicate-content.ts): from the Nth distinct visitor writing the same
   * text within an hour, writes are held for staff review; 0 turns the check off.
   */
  DUPLICATE_CONTENT_HOLD_AT: z.coerce.number().int().min(0).max(1_000).default(3),
  /** Texts shorter than this (characters, after normalisation) are never held ("Thanks!", "+1"). */
  DUPLICATE_CONTENT_MIN_LENGTH: z.coerce.number().int().min(1).max(10_000).default(40),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Fault timeouts (docs/operations.md "When a dependency fails"): longest a request may take before it answers 503. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(4_500),
  /** Longest wait for a new PostgreSQL connection. */
  PG_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  /**
   * Most PostgreSQL connections of the process's pool. Every replica has its own pool, so n replicas
   * of m services hold up to n x m x PG_POOL_MAX connections (docs/operations.md, Capacity).
   */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** PostgreSQL statement_timeout of the service's pool (0: none). */
  PG_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(4_000),
  /** Vacuum and analyze the service's tables: auto (only while the server's autovacuum is off), on, off (table-maintenance.ts). */
  DB_MAINTENANCE: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Longest a Redis command (rate-limit counters) may take; Redis connects within the same bound. */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(500),
  /** 1: run the migrations and exit (the Kubernetes migration Job). */
  MIGRATE_ONLY: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /**
   * Fastify trustProxy: whose x-forwarded-for names the client. Default `false`: nobody's. Services
   * behind the gateway are given the gateway's address or network explicitly (launchers, compose,
   * Kubernetes). Also `true`, or a comma-separated list of addresses, CIDRs and presets (`loopback`).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
  /** Port of the internal Prometheus listener (GET /metrics); unset or 0: none. Never the public port. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ...otlpEnvShape,
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
  const nodeEnv = (result.success ? (result.data as { NODE_ENV?: unknown }).NODE_ENV : undefined) ?? env.NODE_ENV;
  if (nodeEnv === 'production') {
    for (const name of REQUIRED_IN_PRODUCTION) {
      if (name in schema.shape && env[name] === undefined && !problems.has(name)) {
        problems.set(name, `${name} is required when NODE_ENV=production`);
      }
    }
    for (const name of placeholderSecrets(env, Object.keys(schema.shape))) {
      if (problems.has(name)) continue;
      problems.set(name, `${name} is a published placeholder or development value; set a secret of your own when NODE_ENV=production`);
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
