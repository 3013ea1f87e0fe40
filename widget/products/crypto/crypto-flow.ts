/** What the crypto-wallet product's buttons and screens share. */

/**
 * Loads the crypto screens (a chunk of their own). The buttons start it as a wallet is chosen,
 * so the connect screen is there at once.
 */
export function loadCryptoScreens(): Promise<unknown> {
  return import('./crypto-screens.js');
}
