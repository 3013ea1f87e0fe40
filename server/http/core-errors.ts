/**
 * The core's error types: the request's shape and credentials, origins, sessions, the rate
 * limits and destinations every product shares, bot protection, and the types several products
 * throw. A product's own types are in its folder's `<name>-errors.ts`; `api-error.ts` merges
 * them with these.
 */
import type { ErrorCode } from './api-error.js';

/** The error types of no single product. */
export const coreErrors = {
  // Request shape, credentials, origins and sessions (server/http/)
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

  // Destinations: the phone numbers and email addresses that passcodes, magic links, passwords
  // and the user routes all take (server/products/users/destinations.ts and proof.ts judge them)
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

  // Rate limits every product shares (server/rate-limit/)
  destination_locked: {
    status: 429,
    message:
      'Too many failed sign-in attempts for this number or email today. Please try again later, or from another network.',
    fix:
      'Wrong codes are counted per number and client address. After 20 wrong codes against one number or email in a day, ' +
      'an address with 3 or more wrong codes for it is refused until its failures are forgotten (24 hours) or the day ends; ' +
      'any other device (the guest’s own phone) still signs in with a fresh code. Retry-After says how long.',
  },
  too_many_requests: {
    status: 429,
    message: 'Too many requests. Please wait a few minutes and try again.',
  },

  // Redirect lists, PKCE and email delivery, shared by magic links, passwords and Google One Tap
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
  email_delivery_failed: {
    status: 502,
    message: 'The email could not be delivered. Please try again.',
  },

  // Email template ids, which passcodes by email, magic links and password resets accept from
  // Stytch's API (server/http/template-ids.ts)
  email_template_not_supported: {
    status: 400,
    message:
      'This server has no named email templates: send the request without login_template_id, ' +
      'signup_template_id or reset_password_template_id.',
    fix:
      'Velvet writes its own passcode, magic-link and password reset messages, in the language of the ' +
      'request’s locale (en, es or fr; English for any other). Leave the template id out: in the widget, ' +
      'remove otpOptions.loginTemplateId, otpOptions.signupTemplateId and passwordOptions.resetPasswordTemplateId; ' +
      'in Stytch’s SDK, loginTemplateId, signupTemplateId and resetPasswordTemplateId. An empty string counts ' +
      'as left out. The request is refused before anything is stored or sent.',
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

  // Shared by OAuth and Google One Tap
  no_match_for_provided_oauth_url: {
    status: 400,
    message: 'The OAuth redirect URL is not on the project’s list of redirect URLs.',
    fix:
      'A sign-in lands only on URLs the project lists exactly (scheme, host, port, path and query): add it ' +
      'to oauth.loginRedirectURLs or oauth.signupRedirectURLs in the config file, or send one that is listed.',
  },
  oauth_pkce_expected_code_challenge: {
    status: 400,
    message: 'This project requires pkce for OAuth: start the sign-in with a code_challenge.',
  },

  // The database is out of reach for now (server/db/sql-errors.ts)
  database_unavailable: {
    status: 503,
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
    fix:
      'The server could not reach its database: PostgreSQL refused or dropped the connection (a restart, ' +
      'a failover, a network cut) or SQLite was held by another process past its 5 s busy timeout. Nothing ' +
      'was acknowledged, but the call may have taken effect (a write that committed as the connection dropped, ' +
      'a message already handed to the vendor): a repeat after Retry-After may send a second passcode. ' +
      'The server reconnects by itself; ' +
      'GET /readyz answers 503 until the database answers again.',
  },

  // Anything else

  internal_server_error: {
    status: 500,
    message: 'Something went wrong on our side. Please try again.',
  },
} as const satisfies Record<string, ErrorCode>;
