import path from 'node:path';
import { z } from 'zod';
import { GATEWAY_PORT, SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { loadEnv, loadRateLimitSettings, resolveLimits, serviceEnvSchema, type RateLimitSettings } from '@wfm/service-kit';
import { GATEWAY_LIMITS } from './rate-limits.ts';
import { DEFAULT_WEBSOCKET_LIMITS } from './websocket-admission.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** `ama-booking` -> `AMA_BOOKING_URL`. */
export const serviceUrlVariable = (service: ServiceName) => `${service.replaceAll('-', '_').toUpperCase()}_URL`;

function isHttpOrigin(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/**
 * A service's URL, or one URL per replica separated by commas: the gateway then spreads its calls
 * over the replicas itself (gateway/src/upstreams.ts).
 */
const httpUrlList = z
  .string()
  .refine(
    (value) => value.split(',').every((part) => httpUrl.safeParse(part.trim()).success),
    'must be an http:// or https:// URL, or several separated by commas',
  );

const serviceUrlShape = Object.fromEntries(
  SERVICES.map((s) => [serviceUrlVariable(s.name), httpUrlList.default(`http://127.0.0.1:${s.port}`)]),
) as Record<string, z.ZodDefault<typeof httpUrlList>>;

/** Everything the gateway process reads from its environment, checked once at boot. */
export const gatewayEnvSchema = serviceEnvSchema
  .pick({
    NODE_ENV: true,
    HOST: true,
    NATS_URL: true,
    REDIS_URL: true,
    STAFF_HEADER_SECRET: true,
    VISITOR_TOKEN_SECRET: true,
    LOG_LEVEL: true,
    TRUST_PROXY: true,
    METRICS_PORT: true,
    OTEL_EXPORTER_OTLP_ENDPOINT: true,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: true,
  })
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_PORT),
    WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'web/dist')),
    ADMIN_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'admin-web/dist')),
    /** Open websockets per client address (IPv6: per /64) on one gateway process; beyond: 429. */
    WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(DEFAULT_WEBSOCKET_LIMITS.perAddress),
    /** Open websockets on one gateway process; beyond: 503. */
    WS_MAX_CONNECTIONS: z.coerce.number().int().positive().default(DEFAULT_WEBSOCKET_LIMITS.total),
    /**
     * Former name of RATE_LIMIT_GATEWAY_WS_UPGRADE_IP (upgrade attempts per address per minute);
     * when set it wins, unscaled.
     */
    WS_UPGRADES_PER_MINUTE: z.coerce.number().int().positive().optional(),
    /**
     * Comma-separated origins (`https://community.example.com`) whose pages may open /ws besides the
     * site's own host, e.g. when the public name differs from the Host the gateway sees.
     */
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .refine((value) => value === '' || value.split(',').every(isHttpOrigin), 'must be comma-separated http(s) origins')
      .transform((value) => (value === '' ? [] : value.split(',').map((origin) => new URL(origin.trim()).origin))),
    /**
     * The site's public origin (`https://community.example.com`): canonical URLs, Open Graph URLs,
     * the sitemap, the RSS feed and robots.txt name it. Unset: the origin each request's Host names.
     */
    PUBLIC_URL: z
      .string()
      .optional()
      .refine((value) => value === undefined || value === '' || isHttpOrigin(value), 'must be an http(s) origin')
      .transform((value) => (value ? new URL(value.trim()).origin : undefined)),
    /** Read-cache keys in Redis: set one per deployment when several share a Redis. */
    CACHE_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits, or _ . : -')
      .optional(),
    ...serviceUrlShape,
  });
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/**
 * The gateway's environment, checked once at boot: the schema above, plus RATE_LIMIT_SCALE and
 * RATE_LIMIT_GATEWAY_<NAME> (RATE_LIMIT_PER_MINUTE, the former name of RATE_LIMIT_GATEWAY_API_IP,
 * still works). Throws a ConfigError naming every bad variable.
 */
export function loadGatewayConfig(source: Record<string, string | undefined> = process.env): {
  env: GatewayEnv;
  rateLimits: RateLimitSettings;
} {
  const env = loadEnv(gatewayEnvSchema, source);
  const rateLimits = loadRateLimitSettings(source);
  // Refuses a RATE_LIMIT_GATEWAY_* that names no gateway limit.
  resolveLimits(GATEWAY_LIMITS, rateLimits);
  return { env, rateLimits };
}

export function serviceUrlsFrom(env: GatewayEnv): Record<ServiceName, string> {
  const urls = env as unknown as Record<string, string>;
  return Object.fromEntries(SERVICES.map((s) => [s.name, urls[serviceUrlVariable(s.name)]!])) as Record<
    ServiceName,
    string
  >;
}
