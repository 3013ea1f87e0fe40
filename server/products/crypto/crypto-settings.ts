/**
 * The crypto-wallet settings of a project (`cryptoWallets` in `velvet.config.json`, Stytch's
 * name for the product).
 */
import type { SettingsPart } from '../../projects/settings-part.js';

/** The crypto-wallet settings. */
export interface CryptoWalletSettings {
  /** Bootstrap's `siwe_required_for_crypto_wallets`: SDKs send `siwe_params` for Ethereum. */
  siweRequired: boolean;
}

/** The crypto-wallet settings as the config file describes them. */
export type CryptoWalletConfig = Partial<CryptoWalletSettings>;

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    cryptoWallets: CryptoWalletSettings;
  }
  interface ProjectConfig {
    cryptoWallets?: CryptoWalletConfig;
  }
}

const DEFAULT_CRYPTO_WALLET_SETTINGS: CryptoWalletSettings = { siweRequired: true };

/** `cryptoWallets`: Sign-In With Ethereum is required unless the config says otherwise. */
export const cryptoWalletSettingsPart: SettingsPart<
  'cryptoWallets',
  CryptoWalletConfig,
  CryptoWalletSettings
> = {
  key: 'cryptoWallets',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: { siweRequired: { type: 'boolean' } },
  },
  defaults: DEFAULT_CRYPTO_WALLET_SETTINGS,
  resolve(config) {
    return {
      siweRequired: config?.siweRequired ?? DEFAULT_CRYPTO_WALLET_SETTINGS.siweRequired,
    };
  },
};
