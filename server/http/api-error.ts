/**
 * The identity provider's error catalogue, declared once. Every failure body
 * is the spec's API error: `status_code`, `error_type`, `error_message`,
 * `error_url`, `request_id`.
 */

/** One entry of the catalogue: the HTTP status and the message a person reads. */
interface ErrorCode {
  readonly status: number;
  readonly message: string;
  /** What the developer or the project's owner can do about it, shown on `/docs/errors`. */
  readonly fix?: string;
}

/** Every `error_type` the server answers with. */
export const ErrorCodes = {
  // Request shape and credentials
  schema_error: { status: 400, message: 'Request does not match the expected schema.' },
  invalid_public_token: {
    status: 401,
    message: 'The public token is not valid for any project.',
  },
  unauthorized_credentials: {
    status: 401,
    message: 'The credentials in the Authorization header are not valid.',
  },
  session_not_found: {
    status: 401,
    message: 'The session could not be found: it was revoked, it expired, or it never existed.',
  },
  user_unauthenticated: {
    status: 401,
    message: 'This call needs an active session.',
  },
  origin_not_allowed: {
    status: 403,
    message: 'This origin is not on the project’s list of authorized origins.',
    fix:
      'Add the page’s origin (scheme, host and port, such as https://party.example or http://localhost:3000) ' +
      'to the project’s authorizedOrigins in the server’s config file (velvet.config.json) and restart the server. ' +
      'With the development project, start the server with VELVET_DEV_ORIGINS=http://localhost:3000 (comma-separated). ' +
      'The widget reports this through onError and the console, because the browser hides the refused call itself.',
  },
  session_cookie_not_same_origin: {
    status: 403,
    message: 'The session cookie is accepted only from pages on this server’s own origin.',
    fix:
      'X-Velvet-Session (the client library’s httpOnlyCookies option) is for pages served by the server itself. ' +
      'Pages on other origins hold the session token and send it in Basic auth, as the client library does by default.',
  },
  product_not_enabled: {
    status: 403,
    message: 'This product is not enabled for the project.',
  },
  invalid_request: { status: 400, message: 'The request could not be read.' },
  not_found: { status: 404, message: 'There is no such endpoint.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  headers_too_large: { status: 431, message: 'The request line or headers are too large.' },
  unsupported_media_type: {
    status: 415,
    message: 'The request body must be JSON (Content-Type: application/json).',
  },

  // Destinations
  invalid_phone_number: { status: 400, message: 'Invalid phone number, please try again.' },
  phone_number_type_not_allowed: {
    status: 400,
    message: 'Text messages cannot be sent to this kind of phone number.',
    fix:
      'Premium-rate, shared-cost, toll-free, switchboard, pager and voicemail numbers are refused whatever ' +
      'their country; the message names the kind and the body carries it as phone_number_type.',
  },
  phone_country_not_allowed: {
    status: 400,
    message: 'Text messages cannot be sent to phone numbers in this country.',
    fix:
      'The message names the country and the countries the project texts; the body carries them as country and ' +
      'allowed_countries. To text more countries, add them to sms.allowedCountries in the config file. ' +
      'The widget offers only the allowed countries (sms_allowed_countries in bootstrap).',
  },
  invalid_email: { status: 400, message: 'Invalid email address, please try again.' },
  phone_number_not_found: {
    status: 404,
    message: 'No user has this phone number.',
  },
  email_not_found: { status: 404, message: 'No user has this email address.' },
  duplicate_phone_number: {
    status: 409,
    message: 'This phone number already belongs to another user.',
  },
  duplicate_email: { status: 409, message: 'This email address already belongs to another user.' },

  // Passcodes
  otp_code_not_found: {
    status: 404,
    message: 'The passcode is incorrect or was already used. Please try again.',
  },
  otp_code_expired: { status: 401, message: 'Your code has expired.' },
  otp_attempts_exceeded: {
    status: 429,
    message: 'Too many wrong tries for this passcode. Please request a new code.',
  },
  destination_locked: {
    status: 429,
    message:
      'Too many failed sign-in attempts for this number or email today. Please try again later, or from another network.',
    fix:
      'Wrong codes are counted per number and client address. After 20 wrong codes against one number or email in a day, ' +
      'an address with 3 or more wrong codes for it is refused until its failures are forgotten (24 hours) or the day ends; ' +
      'any other device (the guest’s own phone) still signs in with a fresh code. Retry-After says how long.',
  },
  otp_send_rate_limited: {
    status: 429,
    message: 'Too many passcodes were requested. Please wait a few minutes and try again.',
  },
  too_many_requests: {
    status: 429,
    message: 'Too many requests. Please wait a few minutes and try again.',
  },
  delivery_failed: {
    status: 502,
    message: 'The passcode could not be delivered. Please try again.',
  },

  // Magic links
  no_login_redirect_urls_set: {
    status: 400,
    message: 'The project lists no login redirect URL for this sign-in method.',
    fix:
      'Add the page that completes the sign-in to emailMagicLinks.loginRedirectURLs (magic links) or ' +
      'oauth.loginRedirectURLs (Google One Tap) in the config file.',
  },
  no_signup_redirect_urls_set: {
    status: 400,
    message: 'The project lists no sign-up redirect URL for this sign-in method.',
    fix:
      'Add the page that completes the sign-up to emailMagicLinks.signupRedirectURLs (magic links) or ' +
      'oauth.signupRedirectURLs (Google One Tap) in the config file.',
  },
  no_match_for_provided_magic_link_url: {
    status: 400,
    message: 'The magic link URL is not on the project’s list of redirect URLs.',
    fix:
      'Links open only URLs the project lists exactly (scheme, host, port, path and query): add it to ' +
      'emailMagicLinks.loginRedirectURLs or signupRedirectURLs in the config file, or send one that is listed.',
  },
  unable_to_auth_magic_link: {
    status: 404,
    message:
      'The magic link could not be authenticated: it was already used, it expired, or it is not valid. Please request a new link.',
  },
  pkce_expected_code_challenge: {
    status: 400,
    message: 'This project requires pkce for magic links: send a code_challenge.',
  },
  pkce_expected_code_verifier: {
    status: 400,
    message:
      'This magic link was requested with a pkce code_challenge: send its code_verifier, from the browser that asked for the link.',
  },
  pkce_mismatch: {
    status: 400,
    message: 'The pkce code_verifier does not match the code_challenge of this magic link.',
  },
  magic_link_send_rate_limited: {
    status: 429,
    message: 'Too many sign-in links were requested. Please wait a few minutes and try again.',
  },
  email_delivery_failed: {
    status: 502,
    message: 'The email could not be delivered. Please try again.',
  },

  // Users and sessions
  session_duration_too_long: {
    status: 400,
    message: 'session_duration_minutes is longer than this project allows.',
    fix:
      'The message and the body (max_session_duration_minutes) give the longest session the project allows. ' +
      'Ask for that or less, or raise sessions.maxDurationMinutes in the config file.',
  },
  user_not_found: { status: 404, message: 'The user could not be found.' },
  email_id_not_found: { status: 404, message: 'The email address could not be found.' },
  phone_id_not_found: { status: 404, message: 'The phone number could not be found.' },
  metadata_too_large: {
    status: 400,
    message: 'untrusted_metadata may hold at most 4096 bytes of JSON.',
  },

  // Passwords
  unauthorized_password: {
    status: 401,
    message: 'The email or password is incorrect. Please try again.',
  },
  reset_password: {
    status: 400,
    message:
      'This account has no password yet. We have sent a link to your email to set one, so we know it is you.',
    fix: 'The widget answers this by sending a password reset email (the Dedupe screen).',
  },
  session_too_old_to_reset_password: {
    status: 400,
    message:
      'To change your password, please sign in again first: the session must have used a password, an email link or an email passcode in the last 5 minutes.',
    fix: 'Sign the user in again (password, email magic link or email passcode), then call POST /passwords/session/reset within 5 minutes.',
  },
  weak_password: {
    status: 400,
    message: 'This password is too weak. Please choose a stronger one.',
    fix: 'POST /passwords/strength_check tells what the project’s policy still asks of a password.',
  },
  breached_password: {
    status: 400,
    message:
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  },
  invalid_password: {
    status: 400,
    message: 'The password must be text (valid Unicode, sent as UTF-8).',
  },
  password_reset_token_not_found: {
    status: 404,
    message: 'This reset link is not valid or was already used. Please request a new one.',
  },
  password_reset_token_expired: {
    status: 401,
    message: 'This reset link has expired. Please request a new one.',
  },
  reset_redirect_url_not_allowed: {
    status: 400,
    message: 'The redirect URL is not on the project’s list of password reset URLs.',
    fix:
      'List the exact URL in passwords.resetRedirectUrls of the project in the config file; ' +
      'the first listed is used when a request names none.',
  },
  // Passkeys and WebAuthn
  invalid_webauthn_domain: {
    status: 400,
    message: 'This domain may not be used for passkeys in this project.',
    fix:
      'The domain (RP ID) must be the hostname of one of the project’s authorizedOrigins (or of the server’s own ' +
      'origin), or a parent domain of one, and contain the page asking. Add the page’s origin to authorizedOrigins.',
  },
  invalid_public_key_credential: {
    status: 400,
    message:
      'Invalid public key credential. Please confirm you’re passing a correctly formatted public key credential.',
  },
  webauthn_challenge_not_found: {
    status: 400,
    message:
      'The passkey request expired or was already used, or belongs to another user or project. Please try again.',
  },
  webauthn_registration_not_found: {
    status: 404,
    message:
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  },
  duplicate_webauthn_registration: {
    status: 409,
    message:
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  },
  unable_to_auth_webauthn_registration: {
    status: 401,
    message: 'WebAuthn registration could not be authenticated.',
  },
  // Crypto wallets
  invalid_wallet_type: {
    status: 400,
    message: 'crypto_wallet_type must be "ethereum" or "solana".',
  },
  invalid_crypto_wallet_address: {
    status: 400,
    message: 'The crypto wallet address is not a valid address of its chain.',
  },
  invalid_signature: {
    status: 400,
    message: 'The signature is not in its chain’s format.',
    fix:
      'Ethereum: the personal_sign result, 0x and 130 hexadecimal digits. Solana: the 64-byte ' +
      'signMessage result in base58.',
  },
  unable_to_authenticate_crypto_wallet: {
    status: 401,
    message: 'The signature does not match the wallet and its challenge. Please try again.',
  },
  crypto_wallet_challenge_not_found: {
    status: 404,
    message:
      'There is no open challenge for this wallet: it was never asked for, or already used. Please start again.',
  },
  crypto_wallet_challenge_expired: {
    status: 401,
    message: 'The challenge expired before it was signed. Please start again.',
  },
  crypto_wallet_type_incompatible_with_siwe: {
    status: 400,
    message: 'siwe_params apply to Ethereum wallets only.',
  },
  invalid_siwe_params: { status: 400, message: 'siwe_params is not valid.' },
  invalid_siwe_uri: {
    status: 400,
    message: 'siwe_params.uri must be a URL on the page’s own origin.',
  },
  invalid_siwe_domain: {
    status: 400,
    message: 'The signed message was issued to another site.',
  },
  invalid_siwe_chain_id: {
    status: 400,
    message: 'siwe_params.chain_id must be a positive whole number (an EIP-155 chain id).',
  },
  invalid_siwe_statement: {
    status: 400,
    message: 'siwe_params.statement must be one line of at most 300 characters.',
  },
  invalid_siwe_message_request_id: {
    status: 400,
    message: 'siwe_params.message_request_id must be one line of at most 200 characters.',
  },
  invalid_siwe_resource: {
    status: 400,
    message: 'siwe_params.resources must be at most 10 URIs.',
  },
  siwe_message_expired: { status: 401, message: 'The Sign-In with Ethereum message expired.' },
  siwe_message_not_valid_yet: {
    status: 401,
    message: 'The Sign-In with Ethereum message is not valid yet (its not_before is later).',
  },
  crypto_wallet_not_found: { status: 404, message: 'The crypto wallet could not be found.' },
  duplicate_wallet_address: {
    status: 409,
    message: 'This crypto wallet already belongs to another user.',
  },

  // Bot protection (Stytch's types and texts)
  captcha_required: {
    status: 403,
    message: 'Captcha required',
    fix:
      'The project verifies a captcha on sign-in starts and credential checks (botProtection.captcha, ' +
      'mode DECISIONING). Send the token of the project’s captcha (bootstrap captcha_settings.siteKey, ' +
      'action LOGIN) as captcha_token; ' +
      'the widget and its client library do so by themselves.',
  },
  captcha_failed: {
    status: 429,
    message: 'Captcha failed',
    fix:
      'The captcha provider did not accept the token: it was forged, expired (Turnstile tokens last 300 s), ' +
      'already used, made for another site or action, or the provider could not be reached. Get a fresh token.',
  },

  // Velvet as an OpenID Connect provider (server/products/idp/)
  connected_app_not_found: {
    status: 404,
    message: 'No application is registered with this client_id.',
    fix: 'Register the application under idp.clients in the project’s config file (velvet.config.json).',
  },
  invalid_redirect_uri: {
    status: 400,
    message:
      'The redirect_uri is not one of the application’s registered redirect URIs. Please reach out to the application developer.',
    fix: 'Codes go only to URLs listed exactly (scheme, host, port, path and query) in the client’s redirectUris.',
  },
  invalid_post_logout_redirect_uri: {
    status: 400,
    message:
      'The post_logout_redirect_uri is not one of the application’s registered logout URIs. Please reach out to the application developer.',
    fix: 'List it exactly in the client’s postLogoutRedirectUris in the config file.',
  },
  invalid_id_token_hint: {
    status: 400,
    message: 'The id_token_hint was not issued by this project to this application.',
  },
  // Deleting factors
  cannot_delete_last_sign_in_method: {
    status: 409,
    message:
      'This is the last way to sign in to this account, so it cannot be removed. Add another one first.',
    fix:
      'A user keeps at least one email address, phone number, passkey or crypto wallet. Add another (for instance ' +
      'with a passcode sent to a new number while signed in), then delete this one.',
  },
  biometric_registration_not_found: {
    status: 404,
    message: 'The biometric registration could not be found.',
  },

  // Changing how a user signs in (server/products/sessions/sign-in-changes.ts)
  insufficient_factors: {
    status: 403,
    message:
      'This account has an authenticator app: enter a code from it (or a recovery code) before changing how it signs in.',
    fix:
      'Once a user has a verified authenticator app, adding or removing a sign-in method or factor, getting new recovery ' +
      'codes and changing the password need a session that passed it: call POST /totps/authenticate (or POST /totps/recover) ' +
      'with the session first, then repeat the call.',
  },
  unauthorized_action: {
    status: 403,
    message:
      'An impersonated session cannot add or remove sign-in methods or factors, or change the password.',
    fix: 'Impersonation is for looking at what the user sees; the user makes these changes from their own session.',
  },

  // TOTP (authenticator apps)
  totp_not_found: {
    status: 404,
    message: 'No authenticator app is set up for this user, or its set-up expired.',
  },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  totp_code_not_found: {
    status: 401,
    message: 'The authenticator code is incorrect. Please try again.',
  },
  totp_code_already_used: {
    status: 401,
    message: 'This authenticator code was already used. Please wait for the next code.',
  },
  recovery_code_not_found: {
    status: 401,
    message: 'The recovery code is incorrect. Please check it and try again.',
  },
  recovery_code_already_used: {
    status: 401,
    message: 'This recovery code was already used. Each recovery code works once.',
  },

  // Tokens from elsewhere: access tokens, trusted issuers' JWTs, impersonation
  invalid_access_token: {
    status: 401,
    message: 'The access token is not valid: it expired, or this project did not issue it.',
  },
  trusted_auth_token_profile_not_found: {
    status: 404,
    message: 'The project has no trusted token profile with this profile_id.',
    fix: 'List the profile under sessions.attestProfiles in the config file (issuer, audience, jwksUrl, userClaim).',
  },
  invalid_trusted_auth_token: {
    status: 401,
    message: 'The token is not valid for this trusted token profile.',
  },
  trusted_auth_token_already_used: {
    status: 401,
    message:
      'This token was accepted already: a trusted token starts one session. Ask its issuer for a new one.',
  },
  trusted_auth_token_issuer_unavailable: {
    status: 502,
    message: 'The token issuer’s keys could not be fetched. Please try again.',
  },
  impersonation_token_not_found: {
    status: 404,
    message: 'The impersonation token is not valid: it was already used, or it never existed.',
  },
  impersonation_token_expired: {
    status: 401,
    message: 'The impersonation token expired. Mint a new one.',
  },

  // B2B
  b2b_endpoint_for_consumer_project: {
    status: 400,
    message:
      'This is a B2B endpoint, and the public token belongs to a consumer project. Use the consumer API instead.',
  },

  // OAuth
  oauth_provider_not_configured: {
    status: 400,
    message: 'This OAuth provider is not set up for the project.',
    fix:
      'Add the provider with its app’s clientId and clientSecret under oauth.providers in the config file ' +
      '(velvet.config.json), put "oauth" in the project’s products, and restart the server.',
  },
  no_match_for_provided_oauth_url: {
    status: 400,
    message: 'The OAuth redirect URL is not on the project’s list of redirect URLs.',
    fix:
      'A sign-in lands only on URLs the project lists exactly (scheme, host, port, path and query): add it ' +
      'to oauth.loginRedirectURLs or oauth.signupRedirectURLs in the config file, or send one that is listed.',
  },
  oauth_no_redirect_urls_set: {
    status: 400,
    message: 'The project lists no redirect URL for OAuth sign-ins.',
    fix: 'Add the page that completes the sign-in to oauth.loginRedirectURLs in the config file.',
  },
  oauth_pkce_expected_code_challenge: {
    status: 400,
    message: 'This project requires pkce for OAuth: start the sign-in with a code_challenge.',
  },
  oauth_invalid_state: {
    status: 400,
    message:
      'This sign-in request expired or was already used, or did not come from this server. Please start again.',
  },
  oauth_provider_error: {
    status: 401,
    message: 'The provider did not sign you in. Please try again.',
  },
  oauth_invalid_id_token: {
    status: 401,
    message:
      'The provider’s ID token could not be verified (signature, issuer, audience, expiry or nonce). Please try again.',
  },
  oauth_provider_unreachable: {
    status: 502,
    message:
      'The provider could not be reached or gave an answer that could not be read. Please try again.',
    fix:
      'Check the provider’s clientId and clientSecret, the redirect URL registered with its app, and that the ' +
      'server can reach the provider’s endpoints.',
  },
  oauth_token_not_found: {
    status: 404,
    message:
      'The OAuth token could not be authenticated: it was already used, it expired, or it is not valid. Please sign in again.',
  },
  oauth_pkce_expected_code_verifier: {
    status: 400,
    message:
      'This sign-in was started with a pkce code_challenge: send its code_verifier, from the browser that started it.',
  },
  oauth_pkce_mismatch: {
    status: 400,
    message:
      'The pkce code_verifier does not match the code_challenge this sign-in was started with.',
  },
  oauth_user_registration_not_found: {
    status: 404,
    message: 'The OAuth provider account could not be found.',
  },

  // Google One Tap (server/products/oauth-one-tap/)
  oauth_config_not_found: {
    status: 404,
    message: 'No Google OAuth client is configured for this project.',
    fix: 'Add oauth.providers.google.clientId (your Google Cloud OAuth client id) to the project in the config file.',
  },
  oauth_callback_id_not_found: {
    status: 404,
    message:
      'This One Tap prompt was not started here, was used already, or expired. Please try again.',
  },
  invalid_id_token: {
    status: 401,
    message: 'The Google ID token could not be verified.',
    fix:
      'Check that oauth.providers.google.clientId is the client id the page gives Google, and (in tests) that ' +
      'issuer and jwksUri name the token’s issuer and keys.',
  },
  id_token_expired: { status: 401, message: 'The Google ID token has expired. Please try again.' },
  id_token_nonce_mismatch: {
    status: 401,
    message: 'The Google ID token was not issued for this sign-in (its nonce does not match).',
  },
  oauth_email_not_verified: {
    status: 401,
    message: 'Google has not verified this account’s email address, so it cannot sign in.',
  },

  internal_server_error: {
    status: 500,
    message: 'Something went wrong on our side. Please try again.',
  },
} as const satisfies Record<string, ErrorCode>;

/** An `error_type` of the catalogue. */
export type ErrorType = keyof typeof ErrorCodes;

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
    super(message ?? ErrorCodes[type].message);
    this.name = 'ApiError';
    this.status = ErrorCodes[type].status;
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
