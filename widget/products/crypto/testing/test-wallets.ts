/**
 * Wallets for tests: real providers with real keys, no extension. The Ethereum wallet is an
 * EIP-1193 provider backed by a viem local account (a fresh secp256k1 key) that answers
 * `eth_requestAccounts` and `personal_sign` and announces itself through EIP-6963; the Solana
 * wallet follows Phantom's interface (`connect`, `signMessage`) and signs with a fresh Ed25519
 * key. Either can refuse like a user would (EIP-1193 error 4001).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** What a test wallet records and how it behaves. */
export interface TestWalletControls {
  /** The address the wallet shares. */
  readonly address: string;
  /** The messages it signed, as text. */
  readonly signed: string[];
  /** The methods asked of it. */
  readonly calls: string[];
  /** Set to refuse the next connect or signature with error 4001, as a user who says no. */
  reject: 'connect' | 'sign' | undefined;
}

/** The error a wallet gives when its user refuses (EIP-1193). */
function userRejected(): Error & { code: number } {
  return Object.assign(new Error('User rejected the request.'), { code: 4001 });
}

function hexToBytes(hex: string): Uint8Array {
  const digits = hex.startsWith('0x') ? hex.slice(2) : hex;
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i += 1) {
    bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  }
  return bytes;
}

/** An Ethereum wallet: an EIP-1193 provider and its controls. */
export function createEthereumWallet(flags: Record<string, boolean> = { isMetaMask: true }) {
  const account = privateKeyToAccount(generatePrivateKey());
  const controls: TestWalletControls = {
    address: account.address,
    signed: [],
    calls: [],
    reject: undefined,
  };
  const provider = {
    ...flags,
    async request({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> {
      controls.calls.push(method);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') {
        if (controls.reject === 'connect') {
          controls.reject = undefined;
          throw userRejected();
        }
        return [account.address];
      }
      if (method === 'personal_sign') {
        if (controls.reject === 'sign') {
          controls.reject = undefined;
          throw userRejected();
        }
        const [data, address] = (params ?? []) as [string, string];
        if (String(address).toLowerCase() !== account.address.toLowerCase()) {
          throw Object.assign(new Error('Unknown account.'), { code: 4100 });
        }
        const raw = hexToBytes(data);
        controls.signed.push(new TextDecoder().decode(raw));
        return account.signMessage({ message: { raw } });
      }
      throw Object.assign(new Error(`Unsupported method ${method}.`), { code: 4200 });
    },
  };
  return { provider, controls };
}

/** Announces `provider` through EIP-6963 now and whenever the page asks; returns a remover. */
export function announceEthereumWallet(
  provider: unknown,
  info: { name: string; rdns: string },
): () => void {
  const detail = Object.freeze({
    info: {
      uuid: crypto.randomUUID(),
      name: info.name,
      rdns: info.rdns,
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    },
    provider,
  });
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

/** A Solana wallet in Phantom's shape and its controls. */
export function createSolanaWallet(flags: Record<string, boolean> = { isPhantom: true }) {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secret);
  const address = base58.encode(publicKey);
  const key = { toString: () => address, toBase58: () => address, toBytes: () => publicKey };
  const controls: TestWalletControls = { address, signed: [], calls: [], reject: undefined };
  const provider = {
    ...flags,
    publicKey: null as typeof key | null,
    async connect() {
      controls.calls.push('connect');
      if (controls.reject === 'connect') {
        controls.reject = undefined;
        throw userRejected();
      }
      provider.publicKey = key;
      return { publicKey: key };
    },
    async signMessage(message: Uint8Array) {
      controls.calls.push('signMessage');
      if (controls.reject === 'sign') {
        controls.reject = undefined;
        throw userRejected();
      }
      controls.signed.push(new TextDecoder().decode(message));
      return { signature: ed25519.sign(message, secret), publicKey: key };
    },
  };
  return { provider, controls };
}
