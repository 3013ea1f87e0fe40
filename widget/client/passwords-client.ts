/**
 * `client.passwords`: create a password user, log in, check strength, and reset a password by
 * email, with the existing password, or with the session. Every call that ends signed in
 * stores the session. A reset by email uses PKCE when the project requires it (bootstrap's
 * `pkce_required_for_password_resets`): the verifier stays in this browser until the reset.
 */

import {
  type AuthenticateResponse,
  isAuthenticateResponse,
  type ResponseEnvelope,
} from './api-types.js';
import type { BootstrapClient } from './bootstrap.js';
import type { HttpClient } from './http-client.js';
import { type PkceManager, PkceNamespace } from './pkce.js';
import type { SessionManager } from './session-manager.js';
import {
  checkNumber,
  checkOptionalNumber,
  checkOptionalString,
  checkOptions,
  checkString,
  isObject,
  type JsonObject,
} from './type-checks.js';

/** The answer of a call that signs in with a password. */
export interface PasswordAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly email_id?: string;
}

/** What the LUDS policy still asks of a password. */
export interface LudsRequirements {
  readonly has_lower_case: boolean;
  readonly has_upper_case: boolean;
  readonly has_digit: boolean;
  readonly has_symbol: boolean;
  readonly missing_complexity: number;
  readonly missing_characters: number;
}

/** The spec's password strength result. */
export interface StrengthCheckResponse extends ResponseEnvelope {
  readonly valid_password: boolean;
  readonly score: number;
  readonly breached_password: boolean;
  readonly strength_policy: 'zxcvbn' | 'luds';
  readonly breach_detection_on_create?: boolean;
  readonly feedback: {
    readonly warning: string;
    readonly suggestions: readonly string[];
    readonly luds_requirements: LudsRequirements;
  };
}

/** The answer of a reset start. */
export interface ResetByEmailStartResponse extends ResponseEnvelope {
  readonly user_id: string;
  readonly email_id: string;
}

/** Options of create and authenticate. */
export interface PasswordCredentials {
  readonly email: string;
  readonly password: string;
  readonly session_duration_minutes: number;
}

/** Options of {@link PasswordsClient.resetByEmailStart}. */
export interface ResetByEmailStartOptions {
  readonly email: string;
  readonly login_redirect_url?: string;
  readonly reset_password_redirect_url?: string;
  readonly reset_password_expiration_minutes?: number;
  readonly reset_password_template_id?: string;
  readonly locale?: string;
}

/** Options of {@link PasswordsClient.resetByEmail}. */
export interface ResetByEmailOptions {
  readonly token: string;
  readonly password: string;
  readonly session_duration_minutes: number;
  /** Keep the user's other sessions (they end by default). */
  readonly keep_other_sessions?: boolean;
}

/** Options of {@link PasswordsClient.resetByExistingPassword}. */
export interface ResetByExistingPasswordOptions {
  readonly email: string;
  readonly existing_password: string;
  readonly new_password: string;
  readonly session_duration_minutes?: number;
}

/** Options of {@link PasswordsClient.resetBySession}. */
export interface ResetBySessionOptions {
  readonly password: string;
  readonly session_duration_minutes?: number;
}

function isPasswordAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & PasswordAuthenticateResponse {
  return isAuthenticateResponse(body) && typeof body.user_id === 'string';
}

function isStrengthCheckResponse(body: JsonObject): body is JsonObject & StrengthCheckResponse {
  return (
    typeof body.valid_password === 'boolean' &&
    typeof body.score === 'number' &&
    typeof body.breached_password === 'boolean' &&
    (body.strength_policy === 'zxcvbn' || body.strength_policy === 'luds') &&
    isObject(body.feedback) &&
    isObject(body.feedback.luds_requirements)
  );
}

function isResetStartResponse(body: JsonObject): body is JsonObject & ResetByEmailStartResponse {
  return typeof body.user_id === 'string';
}

/** Copies the defined fields of `options`. */
function defined(options: object): JsonObject {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

const CREDENTIALS_EXAMPLE =
  "{ email: 'ada@example.com', password: '…', session_duration_minutes: 60 }";

/** `client.passwords`. */
export class PasswordsClient {
  constructor(
    private readonly http: HttpClient,
    private readonly sessions: SessionManager,
    private readonly pkce: PkceManager,
    private readonly bootstrap: BootstrapClient,
  ) {}

  /** `POST /passwords {email, password, session_duration_minutes}`: a new user, signed in. */
  async create(options: PasswordCredentials): Promise<PasswordAuthenticateResponse> {
    this.checkCredentials('client.passwords.create', options);
    return this.signIn('/passwords', {
      email: options.email,
      password: options.password,
      session_duration_minutes: options.session_duration_minutes,
    });
  }

  /** `POST /passwords/authenticate {email, password, session_duration_minutes}`. */
  async authenticate(options: PasswordCredentials): Promise<PasswordAuthenticateResponse> {
    this.checkCredentials('client.passwords.authenticate', options);
    return this.signIn('/passwords/authenticate', {
      email: options.email,
      password: options.password,
      session_duration_minutes: options.session_duration_minutes,
    });
  }

  /** `POST /passwords/strength_check {email?, password}`: the strength result. */
  async strengthCheck(options: {
    readonly email?: string;
    readonly password: string;
  }): Promise<StrengthCheckResponse> {
    checkOptions('client.passwords.strengthCheck', options, "{ password: '…' }", {
      required: true,
    });
    checkOptionalString('email', options.email);
    checkString('password', options.password);
    return this.http.post(
      '/passwords/strength_check',
      defined({ email: options.email, password: options.password }),
      isStrengthCheckResponse,
    );
  }

  /**
   * `POST /passwords/email/reset/start`: emails a reset link. With PKCE required, a new
   * verifier is kept in this browser and its challenge sent.
   */
  async resetByEmailStart(options: ResetByEmailStartOptions): Promise<ResetByEmailStartResponse> {
    checkOptions('client.passwords.resetByEmailStart', options, "{ email: 'ada@example.com' }", {
      required: true,
    });
    checkString('email', options.email);
    checkOptionalString('login_redirect_url', options.login_redirect_url);
    checkOptionalString('reset_password_redirect_url', options.reset_password_redirect_url);
    checkOptionalNumber(
      'reset_password_expiration_minutes',
      options.reset_password_expiration_minutes,
    );
    checkOptionalString('reset_password_template_id', options.reset_password_template_id);
    checkOptionalString('locale', options.locale);
    const body = defined({ ...options });
    if ((await this.bootstrap.getAsync()).pkceRequiredForPasswordResets) {
      body.code_challenge = (await this.pkce.start(PkceNamespace.PASSWORD_RESET)).codeChallenge;
    }
    return this.http.post('/passwords/email/reset/start', body, isResetStartResponse);
  }

  /** `POST /passwords/email/reset {token, password, session_duration_minutes, code_verifier}`. */
  async resetByEmail(options: ResetByEmailOptions): Promise<PasswordAuthenticateResponse> {
    checkOptions(
      'client.passwords.resetByEmail',
      options,
      "{ token, password: '…', session_duration_minutes: 60 }",
      { required: true },
    );
    checkString('token', options.token);
    checkString('password', options.password);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const verifier = this.pkce.get(PkceNamespace.PASSWORD_RESET)?.codeVerifier;
    const response = await this.signIn(
      '/passwords/email/reset',
      defined({
        token: options.token,
        password: options.password,
        session_duration_minutes: options.session_duration_minutes,
        code_verifier: verifier,
        keep_other_sessions: options.keep_other_sessions,
      }),
    );
    this.pkce.clear(PkceNamespace.PASSWORD_RESET);
    return response;
  }

  /** `POST /passwords/existing_password/reset {email, existing_password, new_password}`. */
  async resetByExistingPassword(
    options: ResetByExistingPasswordOptions,
  ): Promise<PasswordAuthenticateResponse> {
    checkOptions(
      'client.passwords.resetByExistingPassword',
      options,
      "{ email, existing_password: '…', new_password: '…' }",
      { required: true },
    );
    checkString('email', options.email);
    checkString('existing_password', options.existing_password);
    checkString('new_password', options.new_password);
    checkOptionalNumber('session_duration_minutes', options.session_duration_minutes);
    return this.signIn('/passwords/existing_password/reset', defined({ ...options }));
  }

  /** `POST /passwords/session/reset {password}`: sets the signed-in user's password. */
  async resetBySession(options: ResetBySessionOptions): Promise<PasswordAuthenticateResponse> {
    checkOptions('client.passwords.resetBySession', options, "{ password: '…' }", {
      required: true,
    });
    checkString('password', options.password);
    checkOptionalNumber('session_duration_minutes', options.session_duration_minutes);
    return this.signIn('/passwords/session/reset', defined({ ...options }));
  }

  private checkCredentials(method: string, options: unknown): asserts options is JsonObject {
    checkOptions(method, options, CREDENTIALS_EXAMPLE, { required: true });
    const given = options as JsonObject;
    checkString('email', given.email);
    checkString('password', given.password);
    checkNumber('session_duration_minutes', given.session_duration_minutes);
  }

  private async signIn(path: string, body: JsonObject): Promise<PasswordAuthenticateResponse> {
    const response = await this.http.post(path, body, isPasswordAuthenticateResponse);
    this.sessions.applyAuthentication(response);
    return response;
  }
}
