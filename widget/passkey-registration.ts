/**
 * The passkey registration component's entry:
 * `<script type="module" src="…/widget/passkey-registration.js">` defines
 * `<velvet-passkey-registration>`. It is built on its own, with its own copy of Lit (see
 * `REGISTRATION_MODE` in `vite.config.ts`), so sign-in pages download nothing of it; give it
 * the page's client (`.client`) to share one session with `<velvet-login>`.
 */
export {
  PASSKEY_REGISTRATION_TAG,
  type PasskeyRegistrationConfig,
  VelvetPasskeyRegistration,
} from './products/passkeys/passkey-registration.js';
export type { PasskeyStrings } from './products/passkeys/passkey-strings.js';
