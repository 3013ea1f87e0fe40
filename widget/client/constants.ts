/**
 * Every number and name the client library takes from the specification (section 9 and the
 * server contract), declared once so the rest of the library never spells a literal.
 */

/** The identifier sent in the telemetry blob (`sdk.identifier`). */
export const SDK_IDENTIFIER = 'velvet-js';

/** The client library version sent in the telemetry blob (spec section 9). */
export const SDK_VERSION = '5.25.1';

/** Path prefix of every call, appended to the API base (`location.origin` by default). */
export const API_PATH_PREFIX = '/sdk/v1';

/** Header carrying the base64 telemetry blob on every call. */
export const TELEMETRY_HEADER = 'X-SDK-Client';

/**
 * Header of a client in HttpOnly-cookie mode: `cookie` when it holds a session (the server's
 * `HttpOnly` cookie is that session), `none` when it holds none (the server ignores the cookie).
 */
export const COOKIE_SESSION_HEADER = 'X-Velvet-Session';

/** Public tokens are expected to start with this; anything else only logs a warning. */
export const PUBLIC_TOKEN_PREFIX = 'public-token-';

/** Background refresh of a live session: every 3 minutes. */
export const REFRESH_INTERVAL_MS = 3 * 60 * 1000;

/** First retry delay after a failed background refresh; doubled on every further attempt. */
export const REFRESH_BACKOFF_BASE_MS = 2000;

/** A background refresh makes at most this many requests before the session is destroyed. */
export const REFRESH_MAX_ATTEMPTS = 7;

/** Each retry delay moves by a random amount within plus or minus this many milliseconds. */
export const REFRESH_JITTER_MS = 175;

/** A refresh triggered by window focus is skipped when a refresh ran within this window. */
export const FOCUS_REFRESH_THROTTLE_MS = 5000;

/** Telemetry events are sent as soon as this many are waiting. */
export const TELEMETRY_BATCH_SIZE = 15;

/** Telemetry events are sent at most this long after the first one of a batch was logged. */
export const TELEMETRY_FLUSH_INTERVAL_MS = 800;

/** Lifetime of the intermediate session token cookie: 10 minutes. */
export const INTERMEDIATE_SESSION_TTL_MS = 10 * 60 * 1000;

/** Cookie holding the opaque session token; the invitation site's server reads it. */
export const SESSION_COOKIE = 'velvet_session';

/** Cookie holding the session JWT. */
export const SESSION_JWT_COOKIE = 'velvet_session_jwt';

/** Cookie holding the intermediate session token (lives {@link INTERMEDIATE_SESSION_TTL_MS}). */
export const INTERMEDIATE_SESSION_COOKIE = 'velvet_intermediate_session_token';

/** Hosts on which cookies are written without the `Secure` attribute. */
export const INSECURE_COOKIE_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** localStorage key prefix of the stored session; the public token completes the key. */
export const SESSION_STORAGE_PREFIX = 'velvet_session::';

/** localStorage key prefix of the cached bootstrap data; the public token completes the key. */
export const BOOTSTRAP_STORAGE_PREFIX = 'velvet_bootstrap::';

/** localStorage key prefix of PKCE verifiers; namespace and public token complete it. */
export const PKCE_STORAGE_PREFIX = 'velvet_pkce::';

/** localStorage key of the telemetry id that survives page loads. */
export const PERSISTENT_ID_STORAGE_KEY = 'velvet_persistent_id';

/** BroadcastChannel name prefix for cross-tab session sync; the public token completes it. */
export const SESSION_CHANNEL_PREFIX = 'velvet_session_channel::';

/** Number of random 32-bit values in a PKCE code verifier. */
export const PKCE_VERIFIER_WORDS = 16;

/** The single email domain of the fallback bootstrap config (the sender of our emails). */
export const DEFAULT_EMAIL_DOMAIN = 'velvet.dev';

/**
 * Error types after which a session cannot recover: the local session is destroyed at once
 * (spec section 8; the list there is not complete, these are the ones it names).
 */
export const UNRECOVERABLE_ERROR_TYPES: readonly string[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];

/** The `error_type` the server answers with when a request needs a captcha and dfp id. */
export const CAPTCHA_REQUIRED_ERROR_TYPE = 'captcha_required';

/** The action captcha challenges are run with (spec section 9). */
export const CAPTCHA_ACTION = 'LOGIN';

/** Non-JSON error bodies containing this text also ask for a captcha retry. */
export const CAPTCHA_REQUIRED_TEXT = 'Captcha required';

/** The texts of the library's errors and warnings, word for word from the spec. */
export const Messages = {
  UNREACHABLE: 'Unable to contact our servers.',
  INVALID_JSON: 'Invalid JSON response from our servers.',
  INVALID_RESPONSE: 'Invalid response from our servers.',
  CAPTCHA_UNAVAILABLE: 'Unable to query captcha and/or dfp telemetry ID',
  B2B_TOKEN:
    'This consumer client was given the public token of a B2B project. Use a B2B client, or check the public token.',
  REFRESH_FAILED: 'Session background refresh failed. Signalling to app that user is logged out.',
  NO_OAUTH_VERIFIER: 'No code verifier found in local storage for OAuth flow',
  NO_CURRENT_SESSION: 'There is no current session.',
  SERVER_ENVIRONMENT: '`new VelvetClient()` is not supported in server environments',
  DUPLICATE_CLIENT:
    'More than one VelvetClient was created with the same public token. ' +
    'Create one client and share it.',
} as const;
