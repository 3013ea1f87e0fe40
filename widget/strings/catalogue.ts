/**
 * A locale's catalogue: every text of every English catalogue (the core's and each product's),
 * plus the server's user-facing errors by `error_type`. Each locale is one file (`es.ts`,
 * `fr.ts`) whose default export has this type, so a key missing from a translation is a type
 * error. A new English text (in `en.ts` or a product's strings file) makes every translation
 * fail the type check until it is translated; a new product's catalogue gets its own field here.
 */
import type { CryptoStrings } from '../products/crypto/crypto-strings.js';
import type { MagicLinkStrings } from '../products/magic-links/magic-links.strings.js';
import type { OAuthStrings } from '../products/oauth/oauth-strings.js';
import type { OneTapStrings } from '../products/one-tap/one-tap-strings.js';
import type { PasscodeStrings } from '../products/otp/passcode-strings.js';
import type { PasskeyStrings } from '../products/passkeys/passkey-strings.js';
import type { PasswordStrings } from '../products/passwords/password-strings.js';
import type { Strings } from './en.js';

/**
 * Every text a page may give `<velvet-login>` through `strings`: the core's and each product's,
 * by key (the keys are unique across the catalogues).
 */
export type PageStrings = Strings &
  PasscodeStrings &
  MagicLinkStrings &
  PasswordStrings &
  PasskeyStrings &
  CryptoStrings &
  OAuthStrings &
  OneTapStrings;

/**
 * The server's `error_type`s a guest can meet in the widget's flows. The widget shows its own
 * text for them in a translated locale, and the server's `error_message` for any other type.
 */
export type TranslatedErrorType =
  | 'invalid_phone_number'
  | 'phone_number_type_not_allowed'
  | 'phone_country_not_allowed'
  | 'invalid_email'
  | 'otp_code_not_found'
  | 'otp_code_expired'
  | 'otp_attempts_exceeded'
  | 'destination_locked'
  | 'otp_send_rate_limited'
  | 'too_many_requests'
  | 'delivery_failed'
  | 'unable_to_auth_magic_link'
  | 'magic_link_send_rate_limited'
  | 'email_delivery_failed'
  | 'email_template_not_supported'
  | 'unauthorized_password'
  | 'weak_password'
  | 'breached_password'
  | 'password_reset_token_not_found'
  | 'password_reset_token_expired'
  | 'webauthn_registration_not_found'
  | 'unable_to_auth_webauthn_registration'
  | 'unable_to_authenticate_crypto_wallet'
  | 'captcha_required'
  | 'captcha_failed'
  | 'internal_server_error';

/** One locale's texts. */
export interface LocaleCatalogue {
  /** The BCP 47 tag of the language (`es`, `fr`), set as the widget's `lang`. */
  readonly lang: string;
  readonly core: Strings;
  /** The passcode screens' texts (`widget/products/otp/passcode-strings.ts`). */
  readonly passcodes: PasscodeStrings;
  readonly magicLinks: MagicLinkStrings;
  readonly passwords: PasswordStrings;
  readonly passkeys: PasskeyStrings;
  readonly crypto: CryptoStrings;
  readonly oauth: OAuthStrings;
  // One Tap's texts are `one-tap-<language>.ts`, which only the One Tap chunk loads, and
  // `<velvet-identity-provider>`'s are `idp-<language>.ts`, which only that element loads.
  /** The server's errors, by `error_type`. */
  readonly errors: Readonly<Record<TranslatedErrorType, string>>;
}
