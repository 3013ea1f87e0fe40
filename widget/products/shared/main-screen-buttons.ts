/**
 * The main screen's cap on social plus wallet buttons (spec section 9), written once: OAuth
 * providers and wallets share 6 places. The wallet section always ends with one button (another
 * wallet, or set up a new one), so when crypto wallets are configured OAuth keeps one place free.
 */
import type { VelvetConfig } from '../../config/widget-config.js';

/** The most social plus wallet buttons the main screen shows. */
export const MAX_MAIN_BUTTONS = 6;

/** How many OAuth provider buttons the main screen shows, in the configured order. */
export function oauthButtonCount(config: Pick<VelvetConfig, 'products' | 'oauthOptions'>): number {
  const providers = config.oauthOptions?.providers?.length ?? 0;
  const walletSection = config.products.includes('crypto') ? 1 : 0;
  return Math.min(providers, MAX_MAIN_BUTTONS - walletSection);
}

/**
 * How many wallet buttons the main screen has room for: 6 minus the OAuth buttons minus 1 (the
 * section's last button); the rest go to the other-wallet screen.
 */
export function walletSlots(config: Pick<VelvetConfig, 'products' | 'oauthOptions'>): number {
  return Math.max(0, MAX_MAIN_BUTTONS - oauthButtonCount(config) - 1);
}
