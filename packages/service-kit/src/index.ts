export {
  loadEnv,
  serviceEnvSchema,
  DEV_STAFF_HEADER_SECRET,
  DEV_VISITOR_TOKEN_SECRET,
  PLACEHOLDER_SECRETS,
  isPlaceholderSecret,
  DEFAULT_IDENTITY_URL,
  type ServiceEnv,
} from './env.ts';
export { maskUrl, createLogger, REDACT_PATHS, type Logger } from './logger.ts';
export { createSql, type CreateSqlOptions, type Db, type Sql, type TransactionSql } from './db.ts';
export {
  runMigrations,
  KIT_MIGRATIONS_DIR,
  KIT_MIGRATIONS_TABLE,
  SERVICE_MIGRATIONS_TABLE,
  type RunMigrationsOptions,
} from './migrate.ts';
export {
  createBus,
  createMemoryBus,
  createNatsBus,
  ensureEventStream,
  subjectMatches,
  type BusEvent,
  type EventBus,
  type EventHandler,
  type MemoryBusOptions,
  type NatsBusOptions,
  type SubscribeOptions,
} from './bus/index.ts';
export { writeEvent, outboxChannel } from './outbox.ts';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './relay.ts';
export {
  HttpError,
  ConfigError,
  badRequest,
  unauthorized,
  forbidden,
  notFound,
  conflict,
  payloadTooLarge,
  tooManyRequests,
} from './errors.ts';
export { INTERNAL_ERROR_MESSAGE, NOT_FOUND_MESSAGE, validationMessage } from './error-handler.ts';
export { DependencyTimeoutError, isDependencyFailure, SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.ts';
export {
  STAFF_HEADERS,
  STAFF_SIGNATURE_MAX_AGE_MS,
  signStaffHeaders,
  verifyStaffHeaders,
  type SignedRequest,
  type StaffIdentity,
} from './staff-signature.ts';
export { clientAddressKey } from './client-address.ts';
export { serveMetrics, processMetricsFor, processMetricsRegistry, type MetricsServer, type ServeMetricsOptions } from './metrics.ts';
export {
  RATE_LIMIT_MESSAGE,
  SERVICE_KIT_LIMITS,
  addressOf,
  byIp,
  byVisitor,
  keyByVisitor,
  enforceLimits,
  rateLimits,
  type EnforceOptions,
  type Limit,
} from './rate-limit.ts';
export {
  HOUR,
  MINUTE,
  DEFAULT_RATE_LIMIT_SETTINGS,
  RATE_LIMIT_SCALE_VARIABLE,
  defineLimits,
  describeLimits,
  limitEnvName,
  loadRateLimitSettings,
  resolveLimits,
  type LimitKeyKind,
  type LimitSpec,
  type LimitTable,
  type RateLimitSettings,
  type ResolvedLimit,
} from './rate-limit-table.ts';
export { ExactMemoryStore, MEMORY_KEYS_PER_LIMIT } from './rate-limit-memory-store.ts';
export {
  createServiceApp,
  serviceEnv,
  type NodeEnv,
  type ServiceAppDeps,
  type ServiceConfig,
  type ServiceDefinition,
} from './app.ts';
export { redisClientOptions, startService, type RunningService, type StartServiceOverrides } from './server.ts';
export { staffOnly } from './staff-routes-access.ts';
export {
  recordStaffAction,
  outboxStaffActionLog,
  type StaffAction,
  type StaffActionLog,
  type StaffActionSource,
} from './staff-actions.ts';
export {
  issueVisitorToken,
  verifyVisitorToken,
  revocationKeyOf,
  createVisitorVerifier,
  requireVisitor,
  VISITOR_TOKEN_HEADER,
  VISITOR_TOKEN_PATTERN,
  VISITOR_REQUIRED_MESSAGE,
  type Visitor,
  type VisitorVerifier,
} from './visitor.ts';
export { notifyVisitor, visitorRealtimeAddress } from './visitor-realtime.ts';
export { createAuthorNames, localAuthorNameDecision, ANONYMOUS_AUTHOR, type AuthorNames } from './author-names.ts';
export { isVisitorRevoked, recordVisitorRevocation, VISITOR_REVOKED_SUBJECT } from './revocations.ts';
export { INCOMPLETE_REQUEST_MESSAGE } from './client-error.ts';
export { exitOnSignals, SHUTDOWN_TIMEOUT_MS, type ExitOnSignalsOptions } from './shutdown.ts';
export * from './uploads/index.ts';
export * from './jobs/index.ts';
