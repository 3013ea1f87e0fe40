/**
 * The texts a wallet signs. Ethereum: an EIP-4361 (Sign-In with Ethereum) message made by viem,
 * bound to the asking page's domain and origin, a chain id, a single-use nonce, and its issue
 * and expiry times. Solana: the same fields in the Sign-In With Solana layout, signed with the
 * wallet's `signMessage`.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../http/api-error.js';
import { chainLibraries } from './chain-libraries.js';
import type { WalletType } from './crypto-tables.js';
import './crypto-errors.js';

/** Stytch's `siwe_params`: every field optional. */
export interface SiweParams {
  uri?: string;
  chain_id?: string;
  issued_at?: string;
  statement?: string;
  not_before?: string;
  message_request_id?: string;
  resources?: string[];
}

/** What a challenge says. */
export interface ChallengeInput {
  type: WalletType;
  address: string;
  /** The origin of the page asking (`https://party.example`). */
  origin: string;
  projectName: string;
  now: number;
  expiresAt: number;
  siwe?: SiweParams;
}

/** A single-use nonce: 128 random bits as 32 hexadecimal digits (EIP-4361 wants ≥ 8 alphanumerics). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(value);
  if (!RFC3339.test(value) || Number.isNaN(time)) {
    throw new ApiError('invalid_siwe_params', `siwe_params.${field} must be an RFC 3339 time.`);
  }
  return new Date(time);
}

function isUri(value: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s]*$/.test(value) && URL.canParse(value);
}

/** `siwe_params.uri`, the page's origin by default; a URL on that origin only. */
function siweUri(uri: string | undefined, origin: string): string {
  const checked = uri ?? origin;
  if (!URL.canParse(checked) || new URL(checked).origin !== origin) {
    throw new ApiError(
      'invalid_siwe_uri',
      `siwe_params.uri must be a URL on the page's own origin (${origin.slice(0, 200)}).`,
    );
  }
  return checked;
}

/** `siwe_params.chain_id`, 1 (Ethereum's main network) by default; a positive safe integer. */
function siweChainId(text: string | undefined): number {
  const chainId = text === undefined ? 1 : Number(text);
  if (!/^[1-9][0-9]{0,15}$/.test(text ?? '1') || !Number.isSafeInteger(chainId)) {
    throw new ApiError('invalid_siwe_chain_id');
  }
  return chainId;
}

/** The checked SIWE fields, with their defaults. */
function siweFields(input: ChallengeInput) {
  const siwe = input.siwe ?? {};
  const uri = siweUri(siwe.uri, input.origin);
  const chainId = siweChainId(siwe.chain_id);
  const statement = siwe.statement ?? `Sign in to ${input.projectName.replace(/\s+/g, ' ')}.`;
  if (/[\n\r]/.test(statement) || statement.length > 300) {
    throw new ApiError('invalid_siwe_statement');
  }
  const requestId = siwe.message_request_id;
  if (requestId !== undefined && (/[\n\r]/.test(requestId) || requestId.length > 200)) {
    throw new ApiError('invalid_siwe_message_request_id');
  }
  const resources = siwe.resources ?? [];
  if (resources.length > 10 || !resources.every((resource) => isUri(resource))) {
    throw new ApiError('invalid_siwe_resource');
  }
  parseTime(siwe.issued_at, 'issued_at');
  const notBefore = parseTime(siwe.not_before, 'not_before');
  return { uri, chainId, statement, requestId, resources, notBefore };
}

/**
 * The challenge text for `input`.
 * @throws ApiError for a `siwe_params` field the message cannot carry, or `siwe_params` on Solana
 */
export function challengeMessage(input: ChallengeInput): string {
  if (input.type === 'solana' && input.siwe) {
    throw new ApiError('crypto_wallet_type_incompatible_with_siwe');
  }
  const domain = new URL(input.origin).host;
  const fields = siweFields(input);
  const nonce = newNonce();
  const issuedAt = new Date(input.now);
  const expirationTime = new Date(input.expiresAt);
  if (input.type === 'ethereum') {
    return chainLibraries().siwe.createSiweMessage({
      domain,
      address: input.address as `0x${string}`,
      statement: fields.statement,
      uri: fields.uri,
      version: '1',
      chainId: fields.chainId,
      nonce,
      issuedAt,
      expirationTime,
      notBefore: fields.notBefore,
      requestId: fields.requestId,
      resources: fields.resources.length > 0 ? fields.resources : undefined,
    });
  }
  return [
    `${domain} wants you to sign in with your Solana account:`,
    input.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt.toISOString()}`,
    `Expiration Time: ${expirationTime.toISOString()}`,
  ].join('\n');
}
