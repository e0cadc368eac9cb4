import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type LogCall = (...args: unknown[]) => void;

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when
 * something logs through it. Pino builds a child by serializing its bindings through the redact
 * paths, and that cost 5 % of the gateway's CPU on a cached read, for every request, while most
 * requests log nothing but their access line, which the log controller writes through the parent
 * (request-context.ts). Lines logged through it are the same as a child's.
 */
export class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions = {},
  ) {}

  /** Whether a line was logged through the child (so it exists). */
  get materialized(): boolean {
    return this.#child !== undefined;
  }

  private get child_(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child_.level = level;
  }

  fatal(...args: unknown[]): void {
    (this.child_.fatal as LogCall)(...args);
  }
  error(...args: unknown[]): void {
    (this.child_.error as LogCall)(...args);
  }
  warn(...args: unknown[]): void {
    (this.child_.warn as LogCall)(...args);
  }
  info(...args: unknown[]): void {
    (this.child_.info as LogCall)(...args);
  }
  debug(...args: unknown[]): void {
    (this.child_.debug as LogCall)(...args);
  }
  trace(...args: unknown[]): void {
    (this.child_.trace as LogCall)(...args);
  }
  silent(...args: unknown[]): void {
    (this.child_.silent as LogCall)(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child_.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: every request gets a RequestLogger. */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
