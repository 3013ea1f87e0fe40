/** The crypto wallets the widget offers (spec section 3), their chains and where to get them. */

/** Every wallet option, by name; the value is what crypto state's `walletOption` holds. */
export const WalletOption = {
  Metamask: 'Metamask',
  Coinbase: 'Coinbase',
  Phantom: 'Phantom',
  Binance: 'Binance',
  Vessel: 'Vessel',
  OtherEthereum: 'Other Ethereum Wallet',
  OtherSolana: 'Other Solana Wallet',
} as const;

/** A wallet option. */
export type WalletOption = (typeof WalletOption)[keyof typeof WalletOption];

/** The options in the order the buttons show them. */
export const WALLET_ORDER: readonly WalletOption[] = Object.values(WalletOption);

/** The chain a wallet option signs for: the API's `crypto_wallet_type`. */
export function chainOf(option: string): 'ethereum' | 'solana' {
  return option === WalletOption.Phantom || option === WalletOption.OtherSolana
    ? 'solana'
    : 'ethereum';
}

/** Where to get each named wallet, for the set-up screen. */
export const WALLET_DOWNLOADS: ReadonlyArray<{ option: WalletOption; url: string }> = [
  { option: WalletOption.Metamask, url: 'https://metamask.io/download/' },
  { option: WalletOption.Coinbase, url: 'https://www.coinbase.com/wallet/downloads' },
  { option: WalletOption.Phantom, url: 'https://phantom.com/download' },
  { option: WalletOption.Binance, url: 'https://www.binance.com/en/web3wallet' },
  { option: WalletOption.Vessel, url: 'https://vessel.finance/' },
];
