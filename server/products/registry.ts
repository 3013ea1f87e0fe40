/**
 * Every server product, in the order their routes register. The server, the
 * migrator and the tests read this one list, as the widget reads
 * `widget/products/registry.ts`. Users and sessions come first: every other
 * product signs a user in and ends with a session.
 */

import { cryptoWalletsProduct } from './crypto-wallets/index.js';
import { idpProduct } from './idp/index.js';
import { impersonationProduct } from './impersonation/index.js';
import { magicLinksProduct } from './magic-links/index.js';
import { oauthProduct } from './oauth/index.js';
import { oneTapProduct } from './oauth-one-tap/index.js';
import { otpProduct } from './otp/index.js';
import { passwordsProduct } from './passwords/index.js';
import type { ServerProduct } from './product.js';
import { sessionExchangeProduct } from './session-exchange/index.js';
import { sessionsProduct } from './sessions/index.js';
import { totpProduct } from './totp/index.js';
import { usersProduct } from './users/index.js';
import { webauthnProduct } from './webauthn/index.js';

/** The products, users and sessions first. */
export const serverProducts: readonly ServerProduct[] = [
  usersProduct,
  sessionsProduct,
  otpProduct,
  passwordsProduct,
  magicLinksProduct,
  webauthnProduct,
  cryptoWalletsProduct,
  idpProduct,
  totpProduct,
  impersonationProduct,
  sessionExchangeProduct,
  oauthProduct,
  oneTapProduct,
];
