/** The crypto-wallet product's part of the user: Stytch's `crypto_wallets`. */
import type { UserPart } from '../users/index.js';
import type { CryptoWalletsTable } from './crypto-tables.js';

/** A crypto wallet of a user. */
interface UserCryptoWallet {
  cryptoWalletId: string;
  address: string;
  walletType: string;
  verified: boolean;
}

/** A crypto wallet in the user object, in Stytch's shape. */
interface CryptoWalletBody {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  verified: boolean;
}

declare module '../users/index.js' {
  interface UserRecord {
    /** The user's crypto wallets, oldest first. */
    cryptoWallets: UserCryptoWallet[];
  }
  interface UserBody {
    crypto_wallets: CryptoWalletBody[];
  }
}

/** The user's crypto wallets: each signs the user in on its own. */
export const cryptoUserPart: UserPart<'cryptoWallets', 'crypto_wallets'> = {
  recordField: 'cryptoWallets',
  bodyField: 'crypto_wallets',
  table: 'crypto_wallets',
  columns: [
    'crypto_wallet_id',
    'address',
    'wallet_type',
    'verified',
  ] satisfies (keyof CryptoWalletsTable)[],
  toRecord: (row) => ({
    cryptoWalletId: String(row.crypto_wallet_id),
    address: String(row.address),
    walletType: String(row.wallet_type),
    verified: Number(row.verified) === 1,
  }),
  toBody: (wallet) => ({
    crypto_wallet_id: wallet.cryptoWalletId,
    crypto_wallet_address: wallet.address,
    crypto_wallet_type: wallet.walletType,
    verified: wallet.verified,
  }),
  signInMethodId: (wallet) => wallet.cryptoWalletId,
};
