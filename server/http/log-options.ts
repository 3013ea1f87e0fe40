/**
 * The server's pino options: what a log line may hold. No line holds a passcode, a token, a
 * password or a header that carries one:
 * - a request is logged as Fastify logs it (method, URL, host, address, port: never headers or
 *   the body), with its URL's query values redacted but a harmless parameter's (`redactUrl`);
 * - an error is logged by its class, message, stack and codes only, its message and stack with
 *   URLs' queries redacted; other properties (an HTTP client's response body, a database
 *   error's detail quoting a row) and non-error causes are left out;
 * - a message, or a field logged as text, that holds a `?` has its URLs' queries redacted
 *   (Fastify's own lines name the request's URL; a provider's failure reason may quote one);
 * - `Authorization`, `Cookie` and `Set-Cookie` headers are censored wherever a line carries them.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl, redactUrlsIn } from './url-redaction.js';

/** Pino's options as Fastify takes them. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where lines go instead of standard output (tests collect them). */
export interface LogStream {
  write(line: string): void;
}

/** A request as a log line shows it: Fastify's fields, the URL's secrets redacted. */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Error properties that say what failed without quoting data: codes, and a database error's
 * constraint, table and column names (not its `detail`, which quotes the row's values).
 */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'errno',
  'syscall',
  'constraint',
  'table',
  'column',
] as const;

/** How deep `cause` chains are followed. */
const MAX_CAUSES = 4;

/** An error as a log line shows it. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * An error as a log line shows it: class, message, stack, codes and (error) causes. Anything
 * else logged under `err` is kept as pino keeps it, a string with its URLs' queries redacted.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === 'string' ? redactUrlsIn(error) : error;
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message: redactUrlsIn(error.message),
    stack: redactUrlsIn(error.stack ?? ''),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (error.cause instanceof Error && depth < MAX_CAUSES) {
    logged.cause = errorForLog(error.cause, depth + 1);
  }
  return logged;
}

/** Headers censored wherever they appear in a logged object. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie'];

/** Pino's options for the server at `level`, writing to `stream` when given (stdout otherwise). */
export function loggerOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => requestForLog(request),
      // Fastify's type wants an object back; like pino's own, this returns a non-error as it came.
      err: ((error: unknown) => errorForLog(error)) as (error: unknown) => LoggedError,
    },
    redact: SECRET_HEADERS.flatMap((name) => [
      `req.headers["${name}"]`,
      `res.headers["${name}"]`,
      `headers["${name}"]`,
    ]),
    formatters: {
      // A field logged as text (a provider's failure reason, a vendor's message) may quote a URL.
      // The caller's object is left as it is: a copy is made when a field changes.
      log(object) {
        let logged = object;
        for (const key in object) {
          const value = object[key];
          if (typeof value !== 'string' || !value.includes('?')) continue;
          if (logged === object) logged = { ...object };
          logged[key] = redactUrlsIn(value);
        }
        return logged;
      },
    },
    hooks: {
      logMethod(args, method) {
        // `log.error(error)`: pino would take the message from the error unredacted.
        const [first] = args;
        if (first instanceof Error && typeof args[1] !== 'string') {
          args.splice(0, 1, { err: first } as never, first.message);
        }
        for (let i = 0; i < args.length; i++) {
          const arg = args[i];
          if (typeof arg === 'string' && arg.includes('?')) args[i] = redactUrlsIn(arg);
        }
        Reflect.apply(method, this, args);
      },
    },
  };
}
