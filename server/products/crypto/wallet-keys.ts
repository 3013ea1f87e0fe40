/**
 * Addresses and signatures of the two chains, read with maintained libraries: viem for
 * Ethereum (EIP-55 addresses, EIP-191 `personal_sign` signatures, EIP-4361 messages) and
 * @noble/curves with @scure/base for Solana (base58 Ed25519 public keys and signatures).
 */
import { ApiError } from '../../http/api-error.js';
import { chainLibraries } from './chain-libraries.js';
import type { WalletType } from './crypto-tables.js';
import './crypto-errors.js';

/** The wallet types this server signs in. */
export const WALLET_TYPES: readonly WalletType[] = ['ethereum', 'solana'];

/**
 * The wallet type named by a request (`ethereum`, `solana`, any case).
 * @throws ApiError `invalid_wallet_type`
 */
export function walletType(value: string): WalletType {
  const type = value.trim().toLowerCase();
  if ((WALLET_TYPES as readonly string[]).includes(type)) return type as WalletType;
  throw new ApiError(
    'invalid_wallet_type',
    `crypto_wallet_type must be "ethereum" or "solana", not "${value.slice(0, 40)}".`,
  );
}

function decodeBase58(value: string): Uint8Array | undefined {
  try {
    return chainLibraries().base58.decode(value);
  } catch {
    return undefined;
  }
}

/**
 * The address in its one stored form: EIP-55 for Ethereum (all-lowercase and all-uppercase are
 * accepted; mixed case must carry a correct checksum), base58 of a 32-byte Ed25519 public key
 * that is a curve point for Solana.
 * @throws ApiError `invalid_crypto_wallet_address`
 */
export function normalizeAddress(type: WalletType, address: string): string {
  const value = address.trim();
  if (type === 'ethereum') {
    if (chainLibraries().viem.isAddress(value, { strict: true }))
      return chainLibraries().viem.getAddress(value);
  } else {
    const bytes = decodeBase58(value);
    if (bytes?.length === 32) {
      try {
        chainLibraries().ed25519.Point.fromBytes(bytes);
        return chainLibraries().base58.encode(bytes);
      } catch {
        // Not a point of the curve: not a wallet's key.
      }
    }
  }
  throw new ApiError(
    'invalid_crypto_wallet_address',
    type === 'ethereum'
      ? 'The Ethereum address must be 0x and 40 hexadecimal digits, with a correct EIP-55 checksum if it mixes cases.'
      : 'The Solana address must be a base58 Ed25519 public key (32 bytes).',
  );
}

/** A signature in its chain's encoding, decoded; malformed ones are refused before any check. */
export type DecodedSignature =
  | { type: 'ethereum'; hex: `0x${string}` }
  | { type: 'solana'; bytes: Uint8Array };

/**
 * Reads a signature: 65 bytes as 0x-hex for Ethereum (`personal_sign`), 64 bytes as base58
 * for Solana (`signMessage`).
 * @throws ApiError `invalid_signature`
 */
export function decodeSignature(type: WalletType, signature: string): DecodedSignature {
  const value = signature.trim();
  if (type === 'ethereum') {
    if (/^0x[0-9a-fA-F]{130}$/.test(value)) return { type, hex: value as `0x${string}` };
  } else {
    const bytes = decodeBase58(value);
    if (bytes?.length === 64) return { type, bytes };
  }
  throw new ApiError(
    'invalid_signature',
    type === 'ethereum'
      ? 'The signature must be the 65-byte personal_sign signature as 0x and 130 hexadecimal digits.'
      : 'The signature must be the 64-byte Ed25519 signature in base58.',
  );
}

/** Whether `signature` is the wallet at `address` signing exactly `message`. */
export async function signatureMatches(
  address: string,
  message: string,
  signature: DecodedSignature,
): Promise<boolean> {
  try {
    if (signature.type === 'ethereum') {
      return await chainLibraries().viem.verifyMessage({
        address: address as `0x${string}`,
        message,
        signature: signature.hex,
      });
    }
    return chainLibraries().ed25519.verify(
      signature.bytes,
      new TextEncoder().encode(message),
      chainLibraries().base58.decode(address),
    );
  } catch {
    return false;
  }
}
