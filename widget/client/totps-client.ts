/**
 * `client.totps`: authenticator apps (TOTP) as a second factor of the signed-in user. `create`
 * enrols one (secret, QR code, recovery codes), `authenticate` checks a code, `recover` spends a
 * recovery code, `recoveryCodes` issues a fresh set. Each needs a session.
 */

import {
  type AuthenticateResponse,
  isAuthenticateResponse,
  isUser,
  type ResponseEnvelope,
  type User,
} from './api-types.js';
import { NoCurrentSessionError } from './errors.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import { checkNumber, checkOptions, checkString, type JsonObject } from './type-checks.js';

/** `POST /totps`. */
export interface TotpCreateResponse extends ResponseEnvelope {
  readonly totp_id: string;
  /** The base32 key, for typing into an app. */
  readonly secret: string;
  /** A PNG data URL of the `otpauth://` URI. */
  readonly qr_code: string;
  readonly otpauth_uri?: string;
  /** Shown this once; each works once. */
  readonly recovery_codes: readonly string[];
  readonly user_id: string;
  readonly user?: User;
}

/** `POST /totps/authenticate` and `POST /totps/recover`. */
export interface TotpAuthenticateResponse extends AuthenticateResponse {
  readonly totp_id: string;
  readonly user_id: string;
}

/** `POST /totps/recovery_codes`. */
export interface TotpRecoveryCodesResponse extends ResponseEnvelope {
  readonly user_id: string;
  readonly totps: ReadonlyArray<{
    readonly totp_id: string;
    readonly verified: boolean;
    readonly recovery_codes: readonly string[];
  }>;
}

function isCreateResponse(body: JsonObject): body is JsonObject & TotpCreateResponse {
  return (
    typeof body.totp_id === 'string' &&
    typeof body.secret === 'string' &&
    typeof body.qr_code === 'string' &&
    Array.isArray(body.recovery_codes)
  );
}

function isTotpAuthenticate(body: JsonObject): body is JsonObject & TotpAuthenticateResponse {
  return isAuthenticateResponse(body) && typeof body.totp_id === 'string';
}

function isRecoveryCodes(body: JsonObject): body is JsonObject & TotpRecoveryCodesResponse {
  return Array.isArray(body.totps);
}

/** `client.totps`. */
export class TotpsClient {
  private readonly http: HttpClient;
  private readonly sessions: SessionManager;

  constructor(http: HttpClient, sessions: SessionManager) {
    this.http = http;
    this.sessions = sessions;
  }

  /** `POST /totps {expiration_minutes}`: enrols an authenticator app (5 to 1440 minutes to verify it). */
  async create(options: { readonly expiration_minutes: number }): Promise<TotpCreateResponse> {
    checkOptions('client.totps.create', options, '{ expiration_minutes: 60 }', { required: true });
    checkNumber('expiration_minutes', options.expiration_minutes);
    this.requireSession('client.totps.create()');
    const response = await this.http.post(
      '/totps',
      { expiration_minutes: options.expiration_minutes },
      isCreateResponse,
    );
    if (isUser(response.user)) this.sessions.updateUser(response.user);
    return response;
  }

  /** `POST /totps/authenticate {totp_code, session_duration_minutes}`: the session gains the factor. */
  async authenticate(options: {
    readonly totp_code: string;
    readonly session_duration_minutes: number;
  }): Promise<TotpAuthenticateResponse> {
    checkOptions(
      'client.totps.authenticate',
      options,
      "{ totp_code: '123456', session_duration_minutes: 60 }",
      {
        required: true,
      },
    );
    checkString('totp_code', options.totp_code);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    this.requireSession('client.totps.authenticate()');
    const response = await this.http.post(
      '/totps/authenticate',
      { totp_code: options.totp_code, session_duration_minutes: options.session_duration_minutes },
      isTotpAuthenticate,
    );
    this.sessions.applyAuthentication(response);
    return response;
  }

  /** `POST /totps/recovery_codes`: a fresh set of recovery codes (the earlier ones stop working). */
  async recoveryCodes(): Promise<TotpRecoveryCodesResponse> {
    this.requireSession('client.totps.recoveryCodes()');
    return this.http.post('/totps/recovery_codes', {}, isRecoveryCodes);
  }

  /** `POST /totps/recover {recovery_code, session_duration_minutes}`: spends a recovery code. */
  async recover(options: {
    readonly recovery_code: string;
    readonly session_duration_minutes: number;
  }): Promise<TotpAuthenticateResponse> {
    checkOptions(
      'client.totps.recover',
      options,
      "{ recovery_code: 'xxxx-xxxx-xxxx', session_duration_minutes: 60 }",
      {
        required: true,
      },
    );
    checkString('recovery_code', options.recovery_code);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    this.requireSession('client.totps.recover()');
    const response = await this.http.post(
      '/totps/recover',
      {
        recovery_code: options.recovery_code,
        session_duration_minutes: options.session_duration_minutes,
      },
      isTotpAuthenticate,
    );
    this.sessions.applyAuthentication(response);
    return response;
  }

  private requireSession(method: string): void {
    if (!this.sessions.data) throw new NoCurrentSessionError(method);
  }
}
