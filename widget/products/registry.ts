/**
 * Where each product's plugin lives. Every entry is a dynamic `import()`, so the bundler makes it
 * a chunk of its own and a page downloads only the products it configures.
 */
import type { Product } from '../config/widget-config.js';
import type { ProductPlugin } from './product.js';

/** Loads a product's plugin. */
export type ProductLoader = () => Promise<ProductPlugin>;

/** The products this build of the widget offers; the others are refused with a console error. */
export const PRODUCT_LOADERS: Partial<Record<Product, ProductLoader>> = {
  emailMagicLinks: () =>
    import('./magic-links/magic-links-product.js').then((module) => module.magicLinksProduct),
  otp: () => import('./otp/otp-product.js').then((module) => module.otpProduct),
  passwords: () =>
    import('./passwords/passwords-product.js').then((module) => module.passwordsProduct),
  passkeys: () => import('./passkeys/passkeys-product.js').then((module) => module.passkeysProduct),
  crypto: () => import('./crypto/crypto-product.js').then((module) => module.cryptoProduct),
  oauth: () => import('./oauth/oauth-product.js').then((module) => module.oauthProduct),
};
