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
  otp: () => import('./otp/otp-product.js').then((module) => module.otpProduct),
  crypto: () => import('./crypto-wallets/crypto-product.js').then((module) => module.cryptoProduct),
};
