/**
 * What `<velvet-login>` tells its page: `velvet-event` (and the `onEvent` callback) after each
 * step of a flow the user took, `velvet-error` (and `onError`) when one failed.
 */

/** The types of `velvet-event`, as `detail.type`. */
export const VelvetEventType = {
  /** A passcode went out by text message (`data`: the send response). */
  OtpSmsLoginOrCreate: 'OTP_SMS_LOGIN_OR_CREATE',
  /** A passcode went out by WhatsApp (`data`: the send response). */
  OtpWhatsAppLoginOrCreate: 'OTP_WHATSAPP_LOGIN_OR_CREATE',
  /** A passcode went out by email (`data`: the send response). */
  OtpEmailLoginOrCreate: 'OTP_EMAIL_LOGIN_OR_CREATE',
  /** A passcode was sent again from the passcode screen (`data`: the send response). */
  OtpResend: 'OTP_RESEND',
  /** A passcode was verified and a session started (`data`: user, session, request id). */
  OtpAuthenticate: 'OTP_AUTHENTICATE',
  /** The sign-in is over and the page may move on (`data`: `{}`); fired once per flow. */
  AuthenticateFlowComplete: 'AUTHENTICATE_FLOW_COMPLETE',
} as const;

/**
 * The passkey product's event types. Kept out of the {@link VelvetEventType} object so that
 * pages without passkeys do not download their names; the passkey chunk has them.
 * `PASSKEY_AUTHENTICATE`: a passkey signed the user in (`data`: user, session, request id);
 * `PASSKEY_REGISTER`: a passkey was created (`data`: the register response); `PASSKEY_SKIP` and
 * `PASSKEY_DONE`: the user left the registration component (`data`: `{}`).
 */
export type PasskeyEventType =
  | 'PASSKEY_AUTHENTICATE'
  | 'PASSKEY_REGISTER'
  | 'PASSKEY_SKIP'
  | 'PASSKEY_DONE';

/**
 * The magic-link and password products' event types, kept out of the {@link VelvetEventType}
 * object for the same reason. `MAGIC_LINK_LOGIN_OR_CREATE`: a link went out by email (`data`:
 * the send response and `email`); `MAGIC_LINK_AUTHENTICATE`: a link's token started a session
 * (`data`: user, session); `PASSWORD_CREATE`: a password was created and a session started;
 * `PASSWORD_AUTHENTICATE`: a password login succeeded; `PASSWORD_RESET_BY_EMAIL_START`: a reset
 * email went out (`data`: `email`); `PASSWORD_RESET_BY_EMAIL`: a password was reset from an
 * emailed link and a session started.
 */
export type EmailEventType =
  | 'MAGIC_LINK_LOGIN_OR_CREATE'
  | 'MAGIC_LINK_AUTHENTICATE'
  | 'PASSWORD_CREATE'
  | 'PASSWORD_AUTHENTICATE'
  | 'PASSWORD_RESET_BY_EMAIL_START'
  | 'PASSWORD_RESET_BY_EMAIL';

/**
 * The OAuth product's event types, kept out of {@link VelvetEventType} the same way.
 * `OAUTH_AUTHENTICATE`: the token an OAuth sign-in (Google One Tap) landed with started a session
 * (`data`: user, session, provider).
 */
export type OAuthEventType = 'OAUTH_AUTHENTICATE';

/**
 * One of {@link VelvetEventType}, or a lazy product's own (declared with the product, so the
 * element's bundle does not carry them): the passkey, magic-link and password events above, and
 * `CRYPTO_WALLET_AUTHENTICATE_START` when a wallet connected and its challenge came,
 * `CRYPTO_WALLET_AUTHENTICATE` when it signed and a session started, and `OAUTH_AUTHENTICATE`
 * when the page a provider's redirect opened signed in (`data`: the authenticate response).
 */
export type VelvetEventType =
  | (typeof VelvetEventType)[keyof typeof VelvetEventType]
  | PasskeyEventType
  | EmailEventType
  | OAuthEventType
  | 'CRYPTO_WALLET_AUTHENTICATE_START'
  | 'CRYPTO_WALLET_AUTHENTICATE'
  | 'OAUTH_AUTHENTICATE';

/** The detail of `velvet-event` and the argument of `onEvent`. */
export interface VelvetEventDetail {
  readonly type: VelvetEventType;
  readonly data: Record<string, unknown>;
}

/** The detail of `velvet-error` and the argument of `onError`. */
export interface VelvetErrorDetail {
  /** What went wrong, as shown to the user (the server's `error_message` for API errors). */
  readonly message: string;
  /** The API's `error_type`, when the error came from the API. */
  readonly errorType?: string;
}

/** The callbacks a page may give the element, next to the DOM events. */
export interface VelvetCallbacks {
  onEvent?: (event: VelvetEventDetail) => void;
  onError?: (error: VelvetErrorDetail) => void;
}

declare global {
  interface HTMLElementEventMap {
    'velvet-event': CustomEvent<VelvetEventDetail>;
    'velvet-error': CustomEvent<VelvetErrorDetail>;
  }
}
