/**
 * The identity provider screen's entry: `<script type="module" src="…/widget/identity-provider.js">`
 * defines `<velvet-identity-provider>` (consent and logout). Built on its own with the passkey
 * registration component (see `REGISTRATION_MODE` in `vite.config.ts`), so sign-in pages
 * download nothing of it. Load `velvet.js` too: a visitor who is not signed in signs in with
 * `<velvet-login>` first.
 */
export {
  IDENTITY_PROVIDER_TAG,
  type IdpView,
  VelvetIdentityProvider,
} from './products/idp/identity-provider.js';
export type { IdpStrings } from './products/idp/idp-strings.js';
