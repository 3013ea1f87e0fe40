/** Recognizes driver errors that repositories and the error handler handle rather than report. */

/** True when `error` is a unique-constraint violation from SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * The database could not be reached, or dropped the connection under a query: PostgreSQL
 * refused, reset or shut the connection, or the pool timed out waiting for one. The PostgreSQL
 * dialect throws it in place of the driver's error (its `cause`, whose message and code it
 * keeps), so it is never confused with an outbound call's socket error.
 */
export class DatabaseUnavailableError extends Error {
  /** The driver's code: a socket error (`ECONNREFUSED`) or a SQLSTATE (`57P01`), if any. */
  readonly code: string | undefined;

  constructor(cause: Error & { code?: unknown }) {
    super(cause.message, { cause });
    this.name = 'DatabaseUnavailableError';
    this.code = typeof cause.code === 'string' ? cause.code : undefined;
  }
}

/** Socket errors of a connection to the database that failed or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that went away or cannot take the connection now:
 * `57P01` admin_shutdown (also what `pg_terminate_backend` sends), `57P02` crash_shutdown,
 * `57P03` cannot_connect_now (starting, or in recovery), `53300` too_many_connections; class
 * `08` (connection exception) is matched whole.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * How node-postgres words, without a code, a connection that ended under it or never came: the
 * pool's wait past `connectionTimeoutMillis`, a connect timeout, a client whose connection failed.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when node-postgres' `error` (from a connect or a query) says the server is out of reach
 * rather than that the query is wrong. An `AggregateError` (a connect tried at every address of
 * a host) counts when its errors do.
 */
export function isPostgresConnectionError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error instanceof AggregateError) return error.errors.some(isPostgresConnectionError);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((text) => error.message.startsWith(text));
}

/**
 * True for SQLite's "another connection holds the database" past `busy_timeout`: `SQLITE_BUSY`
 * and `SQLITE_LOCKED`, extended codes (`SQLITE_BUSY_SNAPSHOT`) included.
 */
export function isSqliteBusy(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : '';
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}

/**
 * True when `error`, or an error in its `cause` chain, means the database is out of reach for
 * now and the request may be retried later (`503`): a `DatabaseUnavailableError`, or SQLite busy
 * or locked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof DatabaseUnavailableError || isSqliteBusy(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
