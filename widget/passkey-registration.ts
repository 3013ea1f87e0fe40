/**
 * The passkey registration component's entry:
 * `<script type="module" src="…/widget/passkey-registration.js">` defines
 * `<velvet-passkey-registration>` (and, through `velvet.js`, which it imports so the two share
 * Lit, the styles and one client per project, `<velvet-login>`). Pages without it download
 * nothing of it.
 */
import './velvet.js';

export {
  PASSKEY_REGISTRATION_TAG,
  type PasskeyRegistrationConfig,
  VelvetPasskeyRegistration,
} from './products/passkeys/passkey-registration.js';
export type { PasskeyStrings } from './products/passkeys/passkey-strings.js';
