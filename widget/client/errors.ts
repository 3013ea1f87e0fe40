/**
 * One error hierarchy for everything the client library throws. Callers test with
 * `instanceof` and read `error_type`; API errors also carry the server's fields.
 */

import { Messages, UNRECOVERABLE_ERROR_TYPES } from './constants.js';

/** The `error_type` of the errors the library makes itself (API errors use the server's). */
export const ClientErrorType = {
  API_UNREACHABLE: 'api_unreachable',
  SCHEMA_ERROR: 'schema_error',
  CAPTCHA_REQUIRED: 'captcha_required',
  NO_CURRENT_SESSION: 'no_current_session',
  USAGE_ERROR: 'usage_error',
} as const;

/** One problem named by a schema error: where, and what is wrong. */
export interface SchemaProblem {
  readonly path: string;
  readonly message: string;
}

/** The base class of every error the client library throws. */
export class VelvetError extends Error {
  /** A snake_case code; for API errors the server's `error_type`. */
  readonly error_type: string;

  constructor(errorType: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.error_type = errorType;
  }
}

/**
 * The server could not be reached, or answered with something that is not the API:
 * 'Unable to contact our servers.', 'Invalid JSON response from our servers.' or
 * 'Invalid response from our servers.'.
 */
export class ApiUnreachableError extends VelvetError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(ClientErrorType.API_UNREACHABLE, message, options);
  }
}

/**
 * A request did not match the expected schema: thrown by the client-side type checks before
 * any request, and for a 400 `schema_error` from the server. `errors` lists each path.
 */
export class SchemaError extends VelvetError {
  /** Always 400, as the server answers. */
  readonly status_code = 400;
  /** The server's request id, or `null` when the client caught the problem itself. */
  readonly request_id: string | null;
  /** Every problem: the path in the request and what is wrong with it. */
  readonly errors: readonly SchemaProblem[];

  constructor(
    errors: readonly SchemaProblem[],
    options: { message?: string; request_id?: string | null } = {},
  ) {
    super(ClientErrorType.SCHEMA_ERROR, options.message ?? describeProblems(errors));
    this.errors = errors;
    this.request_id = options.request_id ?? null;
  }
}

/** The server refused the request with an error body; every field of that body is kept. */
export class ApiError extends VelvetError {
  readonly status_code: number;
  readonly error_message: string;
  readonly error_url: string;
  readonly request_id: string;

  constructor(body: {
    status_code: number;
    error_type: string;
    error_message: string;
    error_url: string;
    request_id: string;
  }) {
    super(body.error_type, body.error_message);
    this.status_code = body.status_code;
    this.error_message = body.error_message;
    this.error_url = body.error_url;
    this.request_id = body.request_id;
  }
}

/**
 * The server asked for a captcha and device-fingerprint retry, but no captcha token or dfp
 * telemetry id could be obtained: 'Unable to query captcha and/or dfp telemetry ID'.
 */
export class CaptchaRequiredError extends VelvetError {
  constructor(options?: { cause?: unknown }) {
    super(ClientErrorType.CAPTCHA_REQUIRED, Messages.CAPTCHA_UNAVAILABLE, options);
  }
}

/**
 * The library was used in a way it does not support: a programming mistake of the caller, such
 * as an argument of the wrong shape (options that are not an object, a listener that is not a
 * function) or, as {@link NoCurrentSessionError}, a call that needs a session made while signed
 * out. The message names the method. (A field of the wrong type inside the options is a
 * {@link SchemaError}, as the spec's client-side type checks say.)
 */
export class UsageError extends VelvetError {
  constructor(message: string, errorType: string = ClientErrorType.USAGE_ERROR) {
    super(errorType, message);
  }
}

/**
 * A call that needs a session was made while signed out: a usage error of its own kind
 * (`error_type` `no_current_session`), so a caller may tell it apart or catch every misuse as a
 * {@link UsageError}. `method` names the call, as in `client.user.get()`.
 */
export class NoCurrentSessionError extends UsageError {
  constructor(method?: string) {
    super(
      method
        ? `${Messages.NO_CURRENT_SESSION} ${method} needs a signed-in user: sign in first.`
        : Messages.NO_CURRENT_SESSION,
      ClientErrorType.NO_CURRENT_SESSION,
    );
  }
}

/** Whether `error` is an API error after which the local session must be destroyed. */
export function isUnrecoverableError(error: unknown): error is ApiError {
  return error instanceof ApiError && UNRECOVERABLE_ERROR_TYPES.includes(error.error_type);
}

function describeProblems(errors: readonly SchemaProblem[]): string {
  const lines = errors.map((problem) => `${problem.path}: ${problem.message}`);
  return ['Request does not match the expected schema.', ...lines].join('\n');
}
