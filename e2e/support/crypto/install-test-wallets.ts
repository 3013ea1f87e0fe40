/**
 * Runs in the page before anything else (a Playwright init script): installs a MetaMask-like
 * Ethereum wallet, announced through EIP-6963, and a Phantom-like Solana wallet, each signing
 * with a key made here and now. `window.velvetTestWallets` holds their controls, and
 * `window.velvetTestWalletProviders` the providers themselves (for pages driving them directly).
 */
import {
  announceEthereumWallet,
  createEthereumWallet,
  createSolanaWallet,
} from '../../../widget/products/crypto/testing/test-wallets.js';

const ethereum = createEthereumWallet({ isMetaMask: true });
announceEthereumWallet(ethereum.provider, { name: 'MetaMask', rdns: 'io.metamask' });
const solana = createSolanaWallet({ isPhantom: true });
Object.assign(window, {
  phantom: { solana: solana.provider },
  velvetTestWallets: { ethereum: ethereum.controls, solana: solana.controls },
  velvetTestWalletProviders: { ethereum: ethereum.provider, solana: solana.provider },
});
