/**
 * The wallets a browser has, found through the objects wallet extensions inject: EIP-6963
 * announcements first (`eip6963:announceProvider` in answer to `eip6963:requestProvider`), then
 * the legacy globals (`window.ethereum` and its `providers` list, `window.BinanceChain`,
 * `window.phantom.solana`, `window.solana`). Ethereum wallets are EIP-1193 providers
 * (`eth_requestAccounts`, `personal_sign`); Solana wallets follow Phantom's interface
 * (`connect`, `signMessage`). Providers are objects with behaviour, so they live here, keyed by
 * wallet option, never in the widget state. Connecting and signing (`wallet-actions.ts`) load
 * with the crypto screens, after a guest picks a wallet.
 */
import { WALLET_ORDER, WalletOption } from './wallets.js';

/** An EIP-1193 provider, as far as sign-in uses it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
  isCoinbaseWallet?: boolean;
  isVessel?: boolean;
  providers?: Eip1193Provider[];
}

/** A Solana wallet in Phantom's shape, as far as sign-in uses it. */
export interface SolanaProvider {
  isPhantom?: boolean;
  publicKey?: { toString(): string } | null;
  connect(): Promise<{ publicKey?: { toString(): string } } | undefined>;
  signMessage(
    message: Uint8Array,
    display?: 'utf8' | 'hex',
  ): Promise<{ signature: Uint8Array } | Uint8Array>;
}

/** EIP-6963's provider info. */
interface Eip6963Info {
  uuid?: string;
  name?: string;
  rdns?: string;
}

/** The globals wallets inject. */
interface WalletWindow {
  ethereum?: Eip1193Provider;
  BinanceChain?: Eip1193Provider;
  solana?: SolanaProvider;
  phantom?: { solana?: SolanaProvider };
}

/** A wallet found in the browser. */
export type DetectedWallet =
  | { option: WalletOption; chain: 'ethereum'; provider: Eip1193Provider }
  | { option: WalletOption; chain: 'solana'; provider: SolanaProvider };

const announced = new Map<string, { info: Eip6963Info; provider: Eip1193Provider }>();
let listening = false;

function onAnnounce(event: Event): void {
  const detail = (event as CustomEvent<{ info?: Eip6963Info; provider?: Eip1193Provider }>).detail;
  if (!detail?.provider || typeof detail.provider.request !== 'function') return;
  const key = detail.info?.uuid ?? detail.info?.rdns ?? String(announced.size);
  announced.set(key, { info: detail.info ?? {}, provider: detail.provider });
}

/**
 * Asks the page's wallets to announce themselves (EIP-6963); they answer synchronously, so the
 * list is made afresh each time and a wallet that went away drops out.
 */
export function requestAnnouncements(): void {
  announced.clear();
  if (!listening) {
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    listening = true;
  }
  window.dispatchEvent(new Event('eip6963:requestProvider'));
}

/** Which option an EIP-6963 wallet is, by its reverse-DNS id or name. */
function optionOfAnnouncement(info: Eip6963Info): WalletOption | undefined {
  const id = `${info.rdns ?? ''} ${info.name ?? ''}`.toLowerCase();
  if (id.includes('metamask')) return WalletOption.Metamask;
  if (id.includes('coinbase')) return WalletOption.Coinbase;
  if (id.includes('binance')) return WalletOption.Binance;
  if (id.includes('vessel')) return WalletOption.Vessel;
  // Phantom is offered as a Solana wallet.
  if (id.includes('phantom')) return undefined;
  return WalletOption.OtherEthereum;
}

/** Which option a legacy injected Ethereum provider is, by its flags. */
function optionOfInjected(provider: Eip1193Provider): WalletOption {
  if (provider.isCoinbaseWallet) return WalletOption.Coinbase;
  if (provider.isVessel) return WalletOption.Vessel;
  if (provider.isMetaMask) return WalletOption.Metamask;
  return WalletOption.OtherEthereum;
}

/** The wallets of this browser, one per option, in the buttons' order. */
export function detectWallets(): DetectedWallet[] {
  requestAnnouncements();
  const found = new Map<WalletOption, DetectedWallet>();
  const addEthereum = (option: WalletOption | undefined, provider: Eip1193Provider) => {
    if (option && !found.has(option) && typeof provider.request === 'function') {
      found.set(option, { option, chain: 'ethereum', provider });
    }
  };
  for (const { info, provider } of announced.values()) {
    addEthereum(optionOfAnnouncement(info), provider);
  }
  const globals = window as unknown as WalletWindow;
  const ethereum = globals.ethereum;
  if (ethereum) {
    const injected = Array.isArray(ethereum.providers) ? ethereum.providers : [ethereum];
    const seen = new Set([...found.values()].map((wallet) => wallet.provider));
    for (const provider of injected) {
      if (!seen.has(provider)) addEthereum(optionOfInjected(provider), provider);
    }
  }
  if (globals.BinanceChain) addEthereum(WalletOption.Binance, globals.BinanceChain);
  const solana = globals.phantom?.solana ?? globals.solana;
  if (solana && typeof solana.connect === 'function') {
    const option = solana.isPhantom ? WalletOption.Phantom : WalletOption.OtherSolana;
    found.set(option, { option, chain: 'solana', provider: solana });
  }
  return WALLET_ORDER.flatMap((option) => {
    const wallet = found.get(option);
    return wallet ? [wallet] : [];
  });
}
