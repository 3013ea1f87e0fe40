/**
 * The wire shapes of the SDK API (`/sdk/v1`): the response envelope, sessions, users and the
 * bodies of each call. Field names stay snake_case, exactly as the server sends them, and each
 * response shape has a guard the HTTP client uses to reject bodies that do not match.
 */

import { isObject, isStringArray, type JsonObject } from './type-checks.js';

/** Fields present on every successful response. */
export interface ResponseEnvelope {
  readonly request_id: string;
  readonly status_code: number;
}

/** One factor that authenticated a session. */
export interface AuthenticationFactor {
  readonly type?: string;
  readonly delivery_method?: string;
  readonly last_authenticated_at?: string;
  readonly [field: string]: unknown;
}

/** A session as the server describes it. Timestamps are ISO 8601 strings. */
export interface Session {
  readonly session_id: string;
  readonly user_id: string;
  readonly started_at: string;
  readonly last_accessed_at: string;
  readonly expires_at: string;
  readonly authentication_factors: readonly AuthenticationFactor[];
  readonly attributes: { readonly ip_address: string; readonly user_agent: string };
}

/** One email address of a user. */
export interface UserEmail {
  readonly email_id: string;
  readonly email: string;
  readonly verified: boolean;
}

/** One phone number of a user (E.164). */
export interface UserPhoneNumber {
  readonly phone_id: string;
  readonly phone_number: string;
  readonly verified: boolean;
}

/** One passkey or WebAuthn device of a user. */
export interface WebAuthnRegistration {
  readonly webauthn_registration_id: string;
  readonly name?: string;
  readonly [field: string]: unknown;
}

/** A user as the server describes it; more fields may follow. */
export interface User {
  readonly user_id: string;
  readonly created_at: string;
  readonly status: string;
  readonly name: { readonly first_name?: string; readonly last_name?: string } | null;
  readonly emails: readonly UserEmail[];
  readonly phone_numbers: readonly UserPhoneNumber[];
  readonly webauthn_registrations: readonly WebAuthnRegistration[];
  /** Set by the server only; `invited: true` opens the invitation site. */
  readonly trusted_metadata: JsonObject;
  /** Writable by the signed-in user through `PUT /users/me`. */
  readonly untrusted_metadata: JsonObject;
  readonly [field: string]: unknown;
}

/** The answer of every call that creates or confirms a session. */
export interface AuthenticateResponse extends ResponseEnvelope {
  readonly session_token: string;
  readonly session_jwt: string;
  readonly session: Session;
  readonly user: User;
  readonly user_id?: string;
  readonly method_id?: string;
  readonly intermediate_session_token?: string;
}

/** `POST /otps/authenticate`. */
export interface OtpAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly method_id: string;
}

/** `POST /otps/{sms,whatsapp,email}/...`: the passcode was sent. */
export interface OtpSendResponse extends ResponseEnvelope {
  readonly user_id: string;
  readonly method_id: string;
  readonly phone_id?: string;
  readonly email_id?: string;
}

/** `GET /users/me`: the user object is flat in the body. */
export type UserResponse = ResponseEnvelope & User;

/** `PUT /users/me` and the deletions: the user id, and the updated user when sent. */
export interface UserUpdateResponse extends ResponseEnvelope {
  readonly user_id: string;
  readonly user?: User;
  readonly [field: string]: unknown;
}

/** `POST /users/search`. */
export interface UserSearchResponse extends ResponseEnvelope {
  readonly user_type: 'new' | 'password' | 'passwordless';
}

/** `GET /projects/bootstrap/{public_token}` as sent by the server. */
export interface BootstrapResponse extends ResponseEnvelope {
  readonly project_name?: string | null;
  readonly disable_sdk_watermark?: boolean;
  readonly captcha_settings?: {
    readonly enabled?: boolean;
    /** The site key the challenge is rendered with (Stytch's name). */
    readonly siteKey?: string;
    /** Whose challenge: `turnstile`. */
    readonly provider?: string;
    /** Where the provider's script is, when not its usual address. */
    readonly scriptUrl?: string;
  };
  readonly cname_domain?: string | null;
  readonly email_domains?: readonly string[];
  readonly pkce_required_for_email_magic_links?: boolean;
  readonly pkce_required_for_password_resets?: boolean;
  readonly pkce_required_for_oauth?: boolean;
  readonly pkce_required_for_sso?: boolean;
  readonly slug_pattern?: string | null;
  readonly create_organization_enabled?: boolean;
  readonly password_config?: {
    readonly luds_complexity?: number;
    readonly luds_minimum_count?: number;
  } | null;
  readonly dfp_protected_auth_enabled?: boolean;
  readonly dfp_protected_auth_mode?: string | null;
  readonly rbac_policy?: unknown;
  readonly siwe_required_for_crypto_wallets?: boolean;
  readonly vertical?: string | null;
  /** ISO 3166 countries that text messages (SMS and WhatsApp) may go to. */
  readonly sms_allowed_countries?: readonly string[];
  /** Whether the asking page's origin is authorized for the project. */
  readonly origin_allowed?: boolean;
  /** When it is not: why, and how to authorize it. */
  readonly origin_message?: string | null;
}

/** Whether `value` has the fields the library relies on in a session. */
export function isSession(value: unknown): value is Session {
  return (
    isObject(value) &&
    typeof value.session_id === 'string' &&
    typeof value.user_id === 'string' &&
    typeof value.expires_at === 'string'
  );
}

/** Whether `value` has the fields the library relies on in a user. */
export function isUser(value: unknown): value is User {
  return isObject(value) && typeof value.user_id === 'string' && Array.isArray(value.emails);
}

/** Whether a body carries a new session: both tokens, the session and the user. */
export function isAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & AuthenticateResponse {
  return (
    typeof body.session_token === 'string' &&
    typeof body.session_jwt === 'string' &&
    isSession(body.session) &&
    isUser(body.user)
  );
}

/** Whether a body is an OTP authenticate answer. */
export function isOtpAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & OtpAuthenticateResponse {
  return (
    isAuthenticateResponse(body) &&
    typeof body.user_id === 'string' &&
    typeof body.method_id === 'string'
  );
}

/** Whether a body is an OTP send answer (it must name the method to authenticate). */
export function isOtpSendResponse(body: JsonObject): body is JsonObject & OtpSendResponse {
  return typeof body.user_id === 'string' && typeof body.method_id === 'string';
}

/** Whether a body is a flat user. */
export function isUserResponse(body: JsonObject): body is JsonObject & UserResponse {
  return isUser(body);
}

/** Whether a body answers a user update or deletion. */
export function isUserUpdateResponse(body: JsonObject): body is JsonObject & UserUpdateResponse {
  return typeof body.user_id === 'string' && (body.user === undefined || isUser(body.user));
}

/** Whether a body answers a user search. */
export function isUserSearchResponse(body: JsonObject): body is JsonObject & UserSearchResponse {
  return (
    body.user_type === 'new' || body.user_type === 'password' || body.user_type === 'passwordless'
  );
}

/** Whether a body is a bootstrap answer (every field is optional; odd types are rejected). */
export function isBootstrapResponse(body: JsonObject): body is JsonObject & BootstrapResponse {
  const domains = body.email_domains;
  return domains === undefined || isStringArray(domains);
}
