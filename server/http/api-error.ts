/**
 * The identity provider's error catalogue and `ApiError`, the error every handler throws. Every
 * failure body is the spec's API error: `status_code`, `error_type`, `error_message`, `error_url`,
 * `request_id`.
 *
 * The catalogue is merged, as the schema is: the core's types are in `core-errors.ts`, and each
 * product contributes its own from its folder's `<name>-errors.ts`, which calls `defineErrors`
 * (the statuses and messages, at load) and adds them to `ErrorCatalogue` (the types, at compile
 * time). A module that throws a product's type imports that file, so the type is defined wherever
 * it is thrown, in the server as in a unit test that builds a service alone.
 */
import { coreErrors } from './core-errors.js';

/** One entry of the catalogue: the HTTP status and the message a person reads. */
export interface ErrorCode {
  readonly status: number;
  readonly message: string;
  /** What the developer or the project's owner can do about it, shown on `/docs/errors`. */
  readonly fix?: string;
}

type CoreErrors = typeof coreErrors;

/**
 * Every `error_type` the server answers with, by type: the core's, joined by each product's from
 * the end of its `<name>-errors.ts`:
 * ```ts
 * declare module '../../http/api-error.js' {
 *   interface ErrorCatalogue extends TotpErrors {}
 * }
 * ```
 */
export interface ErrorCatalogue extends CoreErrors {}

/** An `error_type` of the catalogue. */
export type ErrorType = keyof ErrorCatalogue;

/** The types defined so far, by type: the core's, then each product's as its file loads. */
const defined: Record<string, ErrorCode> = Object.assign(Object.create(null), coreErrors);

/**
 * The merged catalogue: the core's types and those of every product errors module loaded, which
 * is every type a loaded module can throw.
 */
export const ErrorCodes = defined as unknown as Readonly<ErrorCatalogue>;

/**
 * Adds a product's error types to the catalogue and returns them; its `<name>-errors.ts` calls it
 * once, at load, with a literal `as const satisfies Record<string, ErrorCode>`.
 * @throws Error when a type is defined already, by the core or another product.
 */
export function defineErrors<Catalogue extends Readonly<Record<string, ErrorCode>>>(
  catalogue: Catalogue,
): Catalogue {
  for (const type of Object.keys(catalogue)) {
    if (Object.hasOwn(defined, type)) throw new Error(`error_type ${type} is defined twice`);
  }
  Object.assign(defined, catalogue);
  return catalogue;
}

/** The catalogue's entry for `type`, which its product's errors module must have defined. */
function codeOf(type: ErrorType): ErrorCode {
  const code = defined[type];
  if (code === undefined) {
    throw new Error(
      `error_type ${type} is not defined: import its product's <name>-errors.ts where it is thrown`,
    );
  }
  return code;
}

/** One problem of a schema error: where in the request, and what is wrong. */
export interface SchemaProblem {
  readonly path: string;
  readonly message: string;
}

/** The documentation page for an error type, served by this server at `/docs/errors`. */
export function errorUrl(type: ErrorType, baseUrl: string): string {
  return `${baseUrl}/docs/errors#${type}`;
}

/**
 * A failure answered with the spec's API error body. Throw it from a handler;
 * the error handler turns it into the response.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly type: ErrorType,
    message?: string,
    /** Extra fields placed in the body beside the standard ones (for instance `retry_after_seconds`). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    const code = codeOf(type);
    super(message ?? code.message);
    this.name = 'ApiError';
    this.status = code.status;
  }
}

/** The JSON body of an API error. */
export interface ApiErrorBody {
  status_code: number;
  request_id: string;
  error_type: ErrorType;
  error_message: string;
  error_url: string;
  [extra: string]: unknown;
}

/** Builds the body the spec prescribes for `error`; `baseUrl` is the server's public origin. */
export function apiErrorBody(error: ApiError, requestId: string, baseUrl: string): ApiErrorBody {
  return {
    status_code: error.status,
    request_id: requestId,
    error_type: error.type,
    error_message: error.message,
    error_url: errorUrl(error.type, baseUrl),
    ...error.extra,
  };
}
