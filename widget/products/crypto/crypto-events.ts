/**
 * The `velvet-event` types of the crypto-wallet product. They live with the product, so the
 * element's own bundle does not carry them; `VelvetEventType` (widget/events.ts) names them too.
 */
export const CryptoEventType = {
  /** A wallet connected and its challenge came (`data`: the start response). */
  AuthenticateStart: 'CRYPTO_WALLET_AUTHENTICATE_START',
  /** A wallet signed its challenge and a session started (`data`: the authenticate response). */
  Authenticate: 'CRYPTO_WALLET_AUTHENTICATE',
} as const;
