/**
 * The one way the library talks to the server: `{apiBase}/sdk/v1`, Basic auth built from the
 * public token and the session token, the telemetry header, JSON with credentials included.
 * Every answer is either the flat success envelope or turned into one of the library's errors.
 */

import { encodeBase64 } from './base64.js';
import {
  API_PATH_PREFIX,
  CAPTCHA_REQUIRED_ERROR_TYPE,
  CAPTCHA_REQUIRED_TEXT,
  COOKIE_SESSION_HEADER,
  Messages,
  TELEMETRY_HEADER,
} from './constants.js';
import {
  ApiError,
  ApiUnreachableError,
  CaptchaRequiredError,
  isUnrecoverableError,
  SchemaError,
  type SchemaProblem,
} from './errors.js';
import { isObject, type JsonObject } from './type-checks.js';

/** The subset of `fetch` the client needs; pass a stub in tests. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The HTTP methods the SDK API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Supplies a fresh captcha token, and a device-fingerprint telemetry id where there is a
 * fingerprinting service, when the server answers that a request needs them. Either method may
 * reject when nothing can be obtained.
 */
export interface CaptchaProvider {
  /** A fingerprint id; a provider without a fingerprinting service leaves it out. */
  getDfpTelemetryId?(): Promise<string>;
  getCaptchaToken(): Promise<string>;
}

/** A guard that accepts a success body of the expected shape. */
export type ResponseGuard<T extends JsonObject> = (body: JsonObject) => body is T;

/** Options of one request. */
export interface RequestOptions<T extends JsonObject> {
  /** The JSON body (POST and PUT). */
  readonly body?: JsonObject;
  /** Rejects success bodies of another shape with 'Invalid response from our servers.'. */
  readonly validate?: ResponseGuard<T>;
  /** Lets the request outlive the page (telemetry flushed on page hide). */
  readonly keepalive?: boolean;
}

/** Options of {@link HttpClient}. */
export interface HttpClientOptions {
  readonly publicToken: string;
  /** Scheme and host of the API, without `/sdk/v1`; e.g. `https://id.example.com`. */
  readonly apiBase: string;
  readonly fetch?: FetchLike;
  /** The current session token, or `null` when signed out. */
  readonly getSessionToken?: () => string | null;
  /**
   * HttpOnly-cookie mode, on the server's own origin: whether a session is held. The session is
   * the server's `HttpOnly` cookie, sent by the browser; Basic auth carries the public token only,
   * and every request says `X-Velvet-Session: cookie` or `none` (the server then answers with no
   * tokens).
   */
  readonly cookieSession?: () => boolean;
  /** The `X-SDK-Client` header value for one request. */
  readonly telemetryHeader?: () => string;
  readonly captchaProvider?: CaptchaProvider;
  /** Called when a request made with a session fails with an unrecoverable type. */
  readonly onUnrecoverableError?: (error: ApiError) => void;
}

/** Sends requests to the SDK API and maps every failure to the error hierarchy. */
export class HttpClient {
  /** `{apiBase}/sdk/v1`, the prefix of every URL. */
  readonly baseUrl: string;
  private readonly options: HttpClientOptions;
  private readonly fetch: FetchLike;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.baseUrl = `${options.apiBase.replace(/\/+$/, '')}${API_PATH_PREFIX}`;
    const fetchImpl = options.fetch;
    this.fetch = fetchImpl
      ? (input, init) => fetchImpl(input, init)
      : (input, init) => globalThis.fetch(input, init);
  }

  /** The `Authorization` header: `Basic base64(public_token:(session_token ?? public_token))`. */
  authorizationHeader(sessionToken: string | null = this.currentSessionToken()): string {
    const { publicToken } = this.options;
    return `Basic ${encodeBase64(`${publicToken}:${sessionToken ?? publicToken}`)}`;
  }

  /** `GET path`. */
  get<T extends JsonObject = JsonObject>(path: string, validate?: ResponseGuard<T>): Promise<T> {
    return this.request('GET', path, validate ? { validate } : {});
  }

  /** `POST path` with a JSON body. */
  post<T extends JsonObject = JsonObject>(
    path: string,
    body: JsonObject,
    validate?: ResponseGuard<T>,
  ): Promise<T> {
    return this.request('POST', path, validate ? { body, validate } : { body });
  }

  /** `PUT path` with a JSON body. */
  put<T extends JsonObject = JsonObject>(
    path: string,
    body: JsonObject,
    validate?: ResponseGuard<T>,
  ): Promise<T> {
    return this.request('PUT', path, validate ? { body, validate } : { body });
  }

  /** `DELETE path`. */
  delete<T extends JsonObject = JsonObject>(path: string, validate?: ResponseGuard<T>): Promise<T> {
    return this.request('DELETE', path, validate ? { validate } : {});
  }

  /**
   * Sends one request and returns the success body. Throws {@link ApiUnreachableError},
   * {@link SchemaError}, {@link ApiError} or {@link CaptchaRequiredError}. A captcha-required
   * answer is retried once with a fresh dfp telemetry id and captcha token in the body.
   */
  async request<T extends JsonObject = JsonObject>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<T> {
    let body = options.body;
    let retried = false;
    for (;;) {
      try {
        return await this.send(method, path, { ...options, body });
      } catch (error) {
        if (!(error instanceof CaptchaRequired) || retried) {
          throw error instanceof CaptchaRequired ? error.apiError : error;
        }
        retried = true;
        body = await this.withCaptcha(body, error);
      }
    }
  }

  private async send<T extends JsonObject>(
    method: HttpMethod,
    path: string,
    options: RequestOptions<T>,
  ): Promise<T> {
    const cookieSession = this.options.cookieSession;
    const sessionToken = cookieSession ? null : this.currentSessionToken();
    const headers: Record<string, string> = {
      Authorization: this.authorizationHeader(sessionToken),
      'Content-Type': 'application/json',
    };
    const hadSession = cookieSession ? cookieSession() : sessionToken !== null;
    if (cookieSession) headers[COOKIE_SESSION_HEADER] = hadSession ? 'cookie' : 'none';
    const telemetry = this.options.telemetryHeader?.();
    if (telemetry) headers[TELEMETRY_HEADER] = telemetry;
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.keepalive) init.keepalive = true;

    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.baseUrl}${path}`, init);
    } catch (cause) {
      throw new ApiUnreachableError(Messages.UNREACHABLE, { cause });
    }
    try {
      text = await response.text();
    } catch (cause) {
      throw new ApiUnreachableError(Messages.INVALID_RESPONSE, { cause });
    }

    if (response.ok) return this.readSuccess(text, options.validate);
    const error = this.readFailure(response, text);
    if (error instanceof ApiError && hadSession && isUnrecoverableError(error)) {
      this.options.onUnrecoverableError?.(error);
    }
    throw error;
  }

  /**
   * A success is `{request_id, status_code, data}`, Stytch's SDK envelope; the fields, with
   * `request_id` and `status_code` again, are in `data`, which is what the caller gets.
   */
  private readSuccess<T extends JsonObject>(text: string, validate?: ResponseGuard<T>): T {
    const parsed = parseJson(text);
    if (parsed === NOT_JSON) throw new ApiUnreachableError(Messages.INVALID_JSON);
    if (!isObject(parsed) || !isObject(parsed.data)) {
      throw new ApiUnreachableError(Messages.INVALID_RESPONSE);
    }
    const data = parsed.data;
    if (validate && !validate(data)) throw new ApiUnreachableError(Messages.INVALID_RESPONSE);
    return data as T;
  }

  private readFailure(response: Response, text: string): Error {
    const parsed = parseJson(text);
    if (parsed === NOT_JSON) {
      if (text.includes(CAPTCHA_REQUIRED_TEXT)) return new CaptchaRequired(null);
      return new ApiUnreachableError(Messages.INVALID_RESPONSE);
    }
    if (!isObject(parsed) || typeof parsed.error_type !== 'string') {
      return new ApiUnreachableError(Messages.INVALID_RESPONSE);
    }
    const requestId = typeof parsed.request_id === 'string' ? parsed.request_id : '';
    if (parsed.error_type === 'schema_error') {
      return new SchemaError(readProblems(parsed.errors), { request_id: requestId });
    }
    const apiError = new ApiError({
      status_code: typeof parsed.status_code === 'number' ? parsed.status_code : response.status,
      error_type: parsed.error_type,
      error_message: typeof parsed.error_message === 'string' ? parsed.error_message : '',
      error_url: typeof parsed.error_url === 'string' ? parsed.error_url : '',
      request_id: requestId,
    });
    if (parsed.error_type === CAPTCHA_REQUIRED_ERROR_TYPE) return new CaptchaRequired(apiError);
    return apiError;
  }

  private async withCaptcha(body: JsonObject | undefined, signal: CaptchaRequired) {
    const provider = this.options.captchaProvider;
    if (!provider || body === undefined) throw new CaptchaRequiredError({ cause: signal.apiError });
    try {
      const [dfpTelemetryId, captchaToken] = await Promise.all([
        provider.getDfpTelemetryId ? provider.getDfpTelemetryId() : null,
        provider.getCaptchaToken(),
      ]);
      if (dfpTelemetryId === '' || !captchaToken) {
        throw new Error('empty captcha or dfp telemetry id');
      }
      const fresh: JsonObject = { ...body, captcha_token: captchaToken };
      if (dfpTelemetryId !== null) fresh.dfp_telemetry_id = dfpTelemetryId;
      return fresh;
    } catch (cause) {
      throw new CaptchaRequiredError({ cause });
    }
  }

  private currentSessionToken(): string | null {
    return this.options.getSessionToken?.() ?? null;
  }
}

/** Internal signal: the server asked for a captcha retry. */
class CaptchaRequired extends Error {
  readonly apiError: ApiError | CaptchaRequiredError;

  constructor(apiError: ApiError | null) {
    super(Messages.CAPTCHA_UNAVAILABLE);
    this.apiError = apiError ?? new CaptchaRequiredError();
  }
}

const NOT_JSON: unique symbol = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function readProblems(value: unknown): SchemaProblem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((problem) => ({
    path: typeof problem.path === 'string' ? problem.path : '',
    message: typeof problem.message === 'string' ? problem.message : '',
  }));
}
