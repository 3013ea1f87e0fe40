/**
 * The crypto wallet product’s error types: wallets, signatures, challenges and Sign-In with
 * Ethereum parameters.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const cryptoErrors = defineErrors({
  invalid_wallet_type: {
    status: 400,
    message: 'crypto_wallet_type must be "ethereum" or "solana".',
  },
  invalid_crypto_wallet_address: {
    status: 400,
    message: 'The crypto wallet address is not a valid address of its chain.',
  },
  invalid_signature: {
    status: 400,
    message: 'The signature is not in its chain’s format.',
    fix:
      'Ethereum: the personal_sign result, 0x and 130 hexadecimal digits. Solana: the 64-byte ' +
      'signMessage result in base58.',
  },
  unable_to_authenticate_crypto_wallet: {
    status: 401,
    message: 'The signature does not match the wallet and its challenge. Please try again.',
  },
  crypto_wallet_challenge_not_found: {
    status: 404,
    message:
      'There is no open challenge for this wallet: it was never asked for, or already used. Please start again.',
  },
  crypto_wallet_challenge_expired: {
    status: 401,
    message: 'The challenge expired before it was signed. Please start again.',
  },
  crypto_wallet_type_incompatible_with_siwe: {
    status: 400,
    message: 'siwe_params apply to Ethereum wallets only.',
  },
  invalid_siwe_params: { status: 400, message: 'siwe_params is not valid.' },
  invalid_siwe_uri: {
    status: 400,
    message: 'siwe_params.uri must be a URL on the page’s own origin.',
  },
  invalid_siwe_domain: {
    status: 400,
    message: 'The signed message was issued to another site.',
  },
  invalid_siwe_chain_id: {
    status: 400,
    message: 'siwe_params.chain_id must be a positive whole number (an EIP-155 chain id).',
  },
  invalid_siwe_statement: {
    status: 400,
    message: 'siwe_params.statement must be one line of at most 300 characters.',
  },
  invalid_siwe_message_request_id: {
    status: 400,
    message: 'siwe_params.message_request_id must be one line of at most 200 characters.',
  },
  invalid_siwe_resource: {
    status: 400,
    message: 'siwe_params.resources must be at most 10 URIs.',
  },
  siwe_message_expired: { status: 401, message: 'The Sign-In with Ethereum message expired.' },
  siwe_message_not_valid_yet: {
    status: 401,
    message: 'The Sign-In with Ethereum message is not valid yet (its not_before is later).',
  },
  crypto_wallet_not_found: { status: 404, message: 'The crypto wallet could not be found.' },
  duplicate_wallet_address: {
    status: 409,
    message: 'This crypto wallet already belongs to another user.',
  },
} as const satisfies Record<string, ErrorCode>);

type CryptoErrors = typeof cryptoErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends CryptoErrors {}
}
