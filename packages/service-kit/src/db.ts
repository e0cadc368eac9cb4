import postgres from 'postgres';
import type { Logger } from 'pino';

export type Sql = postgres.Sql;
export type TransactionSql = postgres.TransactionSql;
/** Anything that runs a query: the pool or a transaction from `sql.begin`. */
export type Db = Sql | TransactionSql;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
}

const INT8_OID = 20;

/** int8 values (ids, counts) come back as numbers; beyond 2^53 they stay strings rather than lose digits. */
const bigintAsNumber = {
  to: INT8_OID,
  from: [INT8_OID],
  serialize: (value: number | bigint | string) => String(value),
  parse: (raw: string) => {
    const value = Number(raw);
    return Number.isSafeInteger(value) ? value : raw;
  },
};

export interface CreateSqlOptions {
  /** The service's own schema; first on search_path (then public, where shared extensions live). */
  schema: string;
  max?: number;
  logger?: Logger;
  /** Longest wait for a new connection (TCP, TLS and startup), in ms. Default 3000 (PG_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL's statement_timeout for this pool, in ms (0: none). Default 0; services get
   * PG_STATEMENT_TIMEOUT_MS (4000) from startService, so a runaway query answers 503 instead of hanging.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_PG_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_PG_STATEMENT_TIMEOUT_MS = 4_000;

/** A postgres.js pool bound to one schema. Transactions: `sql.begin(async (tx) => ...)`. */
export function createSql(databaseUrl: string, opts: CreateSqlOptions): Sql {
  assertSchemaName(opts.schema);
  const sql = postgres(databaseUrl, {
    max: opts.max ?? 10,
    idle_timeout: 60,
    connect_timeout: (opts.connectTimeoutMs ?? DEFAULT_PG_CONNECT_TIMEOUT_MS) / 1000,
    connection: {
      search_path: `${opts.schema}, public`,
      application_name: `wfm-${opts.schema}`,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
    },
    types: { bigint: bigintAsNumber },
    transform: { undefined: null },
    onnotice: (notice) => opts.logger?.debug({ notice: notice.message }, 'postgres notice'),
  });
  // The custom int8 parser only changes result values, which callers type themselves.
  return sql as unknown as Sql;
}
