/**
 * What the crypto screens ask of a detected wallet (`wallet-providers.ts`): its address, and
 * its signature of the server's challenge. Apart from the wallet buttons of the main screen, so
 * that the first render does not carry the base58 encoder that only a Solana signature needs.
 */
import { base58 } from '@scure/base';
import { type DetectedWallet, detectWallets } from './wallet-providers.js';

/** The detected wallet of `option`, or an error saying it is not there. */
function walletOf(option: string): DetectedWallet {
  const wallet = detectWallets().find((candidate) => candidate.option === option);
  if (!wallet) throw new Error(`No ${option} wallet was found in this browser.`);
  return wallet;
}

/** Connects the wallet (the user approves in its window) and resolves to its address. */
export async function connectWallet(option: string): Promise<string> {
  const wallet = walletOf(option);
  if (wallet.chain === 'ethereum') {
    const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
    const [address] = Array.isArray(accounts) ? accounts : [];
    if (typeof address !== 'string') throw new Error('The wallet shared no account.');
    return address;
  }
  const answer = await wallet.provider.connect();
  const key = answer?.publicKey ?? wallet.provider.publicKey;
  if (!key) throw new Error('The wallet shared no account.');
  return key.toString();
}

/** `0x` and the hexadecimal UTF-8 bytes of `text`: how `personal_sign` takes a message. */
function utf8Hex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Has the wallet sign `message` (the user approves in its window): `personal_sign` for
 * Ethereum (a 0x-hex signature), `signMessage` for Solana (the signature in base58).
 */
export async function signWithWallet(
  option: string,
  message: string,
  address: string,
): Promise<string> {
  const wallet = walletOf(option);
  if (wallet.chain === 'ethereum') {
    const signature = await wallet.provider.request({
      method: 'personal_sign',
      params: [utf8Hex(message), address],
    });
    if (typeof signature !== 'string') throw new Error('The wallet returned no signature.');
    return signature;
  }
  const answer = await wallet.provider.signMessage(new TextEncoder().encode(message), 'utf8');
  const signature = answer instanceof Uint8Array ? answer : answer?.signature;
  if (!(signature instanceof Uint8Array)) throw new Error('The wallet returned no signature.');
  return base58.encode(signature);
}
