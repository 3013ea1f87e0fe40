/**
 * Every server product, in the order their routes register. The server, the
 * migrator and the tests read this one list, as the widget reads
 * `widget/products/registry.ts`. Users and sessions come first: every other
 * product signs a user in and ends with a session.
 */

import type { SettingsPart } from '../projects/settings-part.js';
import { hostsSettingsPart } from '../site/host/host-settings.js';
import { rsvpSettingsPart } from '../site/rsvp-settings.js';
import { cryptoProduct } from './crypto/crypto-product.js';
import { idpProduct } from './idp/idp-product.js';
import { impersonationProduct } from './impersonation/impersonation-product.js';
import { magicLinksProduct } from './magic-links/magic-links-product.js';
import { oauthProduct } from './oauth/oauth-product.js';
import { oneTapProduct } from './oauth-one-tap/oauth-one-tap-product.js';
import { otpProduct } from './otp/otp-product.js';
import { passkeysProduct } from './passkeys/passkeys-product.js';
import { passwordsProduct } from './passwords/passwords-product.js';
import type { ServerProduct } from './product.js';
import { sessionExchangeProduct } from './session-exchange/session-exchange-product.js';
import { sessionsProduct } from './sessions/sessions-product.js';
import { totpProduct } from './totp/totp-product.js';
import { usersProduct } from './users/users-product.js';

/** The products, users and sessions first. */
export const serverProducts: readonly ServerProduct[] = [
  usersProduct,
  sessionsProduct,
  otpProduct,
  passwordsProduct,
  magicLinksProduct,
  passkeysProduct,
  cryptoProduct,
  idpProduct,
  totpProduct,
  impersonationProduct,
  sessionExchangeProduct,
  oauthProduct,
  oneTapProduct,
];

/**
 * The products' keys of a project's settings (and the site's `rsvp`), which the config file's schema and each project's
 * settings merge with the core's (`server/projects/project-settings.ts`).
 */
export const settingsParts: readonly SettingsPart[] = [
  ...serverProducts.flatMap((product) => product.settings ?? []),
  // The invitation site's RSVP rules and hosts belong to its folder, not to a product.
  rsvpSettingsPart,
  hostsSettingsPart,
];
