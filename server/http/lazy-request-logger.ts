/**
 * A request's logger that becomes pino's child logger (with the request id) only when it first
 * writes. Fastify makes a child logger for every request, which costs pino a new object with its
 * bindings serialised; most requests write nothing at the configured level (the bench runs at
 * `warn`, where the request lines at `info` are off). Every line that is written comes from the
 * same child as before, so it has the request id and the same level, redaction and serialisers.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A pino-like parent: one that can say whether a level is on. */
interface LevelAwareLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

function isLevelAware(logger: FastifyBaseLogger): logger is LevelAwareLogger {
  return typeof (logger as Partial<LevelAwareLogger>).isLevelEnabled === 'function';
}

class LazyRequestLogger {
  #parent: LevelAwareLogger;
  #bindings: Record<string, unknown>;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: LevelAwareLogger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    const real = this.#real();
    Reflect.apply(real[level], real, args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    const logger = this.#child ?? this.#parent;
    return isLevelAware(logger) ? logger.isLevelEnabled(level) : true;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#real().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for the usual request (no route log level or
 * serialisers), pino's own child otherwise or when the logger cannot say which levels are on.
 */
export const lazyRequestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (Object.keys(options).length > 0 || !isLevelAware(logger)) {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
};
