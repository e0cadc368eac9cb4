/**
 * The kit's public API: what services, the gateway and the launchers use (tests use
 * `@wfm/service-kit/testing`). Internal pieces stay reachable inside the kit by relative import;
 * export a name here when code outside the kit needs it.
 */
export {
  loadEnv,
  serviceEnvSchema,
  DEV_STAFF_HEADER_SECRET,
  DEV_VISITOR_TOKEN_SECRET,
  isPlaceholderSecret,
  type ServiceEnv,
} from './env.ts';
export { maskUrl, createLogger, type Logger } from './logger.ts';
export { ACCESS_LINE_MESSAGE, AccessLogController, accessLine, lazyRequestLogger } from './access-log.ts';
export { bufferedLogDestination, LOG_FLUSH_INTERVAL_MS } from './log-destination.ts';
export { createSql, type Db, type Sql, type TransactionSql } from './db.ts';
export { runMigrations } from './migrate.ts';
export {
  createBus,
  createMemoryBus,
  createNatsBus,
  type BusEvent,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './bus/index.ts';
export { outboxInsert, outboxNotify, writeEvent } from './outbox.ts';
export { startOutboxRelay } from './relay.ts';
export { maintenanceDue, startTableMaintenance, MAINTENANCE_THRESHOLDS } from './table-maintenance.ts';
export type { MaintenanceMode, MaintenanceStep, TableActivity, TableMaintenance } from './table-maintenance.ts';
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
export { INTERNAL_ERROR_MESSAGE, NOT_FOUND_MESSAGE } from './error-handler.ts';
export { SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.ts';
export {
  STAFF_HEADERS,
  signStaffHeaders,
  verifyStaffHeaders,
  type SignedRequest,
  type StaffIdentity,
} from './staff-signature.ts';
export { clientAddressKey } from './client-address.ts';
export { isBase64urlOf } from './signed-tags.ts';
export { serveMetrics, processMetricsFor, processMetricsRegistry, type MetricsServer } from './metrics.ts';
export { RATE_LIMIT_MESSAGE, SERVICE_KIT_LIMITS, byIp, byVisitor, idParamTarget, rateLimited } from './rate-limit.ts';
export {
  HOUR,
  TEN_MINUTES,
  MINUTE,
  defineLimits,
  describeLimits,
  loadRateLimitSettings,
  redisCounterPrefix,
  resolveLimits,
  scaledMax,
  type LimitSpec,
  type LimitTable,
  type RateLimitSettings,
} from './rate-limit-table.ts';
export { ExactMemoryStore } from './rate-limit-memory-store.ts';
export { LEASE_SHARE, LeasedRedisStore, leaseSize } from './rate-limit-leased-store.ts';
export {
  createServiceApp,
  serviceEnv,
  type NodeEnv,
  type ServiceAppDeps,
  type ServiceConfig,
  type ServiceDefinition,
} from './app.ts';
export { contextOf, type ServiceContext, type ServiceRoutes } from './context.ts';
export { redisClientOptions, startService, type RunningService, type StartServiceOverrides } from './server.ts';
export { staffOnly } from './staff-routes-access.ts';
export {
  contentHash,
  createDuplicateContent,
  normaliseContent,
  DEFAULT_DUPLICATE_CONTENT_SETTINGS,
  type DuplicateContent,
  type DuplicateContentSettings,
  type DuplicateVerdict,
} from './duplicate-content.ts';
export { decideHeld, heldAnswer, holdWrite, listHeld, type HeldKinds, type HeldRelease, type HeldRow, type HeldWrite } from './held-items.ts';
export { heldItemsRoutes } from './held-items-routes.ts';
export { recordAuthorAction, recordStaffAction, type StaffAction, type StaffActionLog, type StaffActionSource } from './staff-actions.ts';
export { issueVisitorToken, createVisitorVerifier, requireVisitor, VISITOR_REQUIRED_MESSAGE, type Visitor, type VisitorVerifier } from './visitor.ts';
export { ESTABLISHED_AFTER_MS, establishedVisitor, recordVisitorSeen } from './established-visitors.ts';
export { notifyVisitor, visitorRealtimeAddress } from './visitor-realtime.ts';
export { VISITOR_REVOKED_SUBJECT, VISITOR_STANDING_CACHE_MS, type VisitorStanding } from './revocations.ts';
export {
  addressBlockKey,
  addressBlockMessage,
  blockAddress,
  liftSuspension,
  suspendAuthor,
  suspendVisitor,
  suspendVisitorIn,
  suspensionMessage,
  unblockAddress,
  type AddressBlock,
  type Standings,
  type Suspension,
} from './suspensions.ts';
export { suspendAuthorRoutes, type SuspendableContent } from './suspend-author-routes.ts';
export { identityStandingsSource, STANDINGS_INTERNAL_PATHS, type StandingsSource } from './suspensions-source.ts';
export { createIdentityClient, type IdentityClient, type IdentityClientOptions } from './identity-client.ts';
export { INCOMPLETE_REQUEST_MESSAGE } from './client-error.ts';
export { exitOnSignals, type ExitOnSignalsOptions } from './shutdown.ts';
export * from './uploads/index.ts';
export * from './tasks/index.ts';
export {
  activeTraceHeaders,
  otlpTracesUrl,
  startTracing,
  tracingEnabled,
  TRACER_NAME,
  type TraceHeaders,
  type Tracing,
  type TracingEnv,
} from './telemetry/tracing.ts';
export { forwardTraceHeaders, registerRequestSpans, type RequestSpanOptions } from './telemetry/request-spans.ts';
export { ANONYMOUS_KEY, cleanDisplayName, nameKey, nameKeys, nameWords, reservedWordIn, skeleton } from './names.ts';
export { visitorDataRoutes, type VisitorDataHandlers, type VisitorRecords } from './visitor-data.ts';
