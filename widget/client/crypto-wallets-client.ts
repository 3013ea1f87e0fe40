/**
 * `client.cryptoWallets`: sign-in with an Ethereum or Solana wallet. `authenticateStart` asks for
 * the challenge the wallet signs (`/start/primary` when signed out, `/start/secondary` when a
 * session exists, adding the wallet to its user); `authenticate` sends the signature and signs in.
 */

import {
  type AuthenticateResponse,
  isAuthenticateResponse,
  type ResponseEnvelope,
} from './api-types.js';
import type { BootstrapClient } from './bootstrap.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import {
  checkNumber,
  checkObject,
  checkOptionalString,
  checkOptions,
  checkString,
  checkStringArray,
  type JsonObject,
} from './type-checks.js';

/** Sign-In with Ethereum (EIP-4361) fields of the message; every one optional. */
export interface SiweParams {
  /** The page the sign-in is for; the page's origin by default. */
  readonly uri?: string;
  /** The EIP-155 chain id, as a string (`"1"` by default). */
  readonly chain_id?: string;
  readonly issued_at?: string;
  /** One line the user reads in the wallet. */
  readonly statement?: string;
  readonly not_before?: string;
  readonly message_request_id?: string;
  readonly resources?: readonly string[];
}

/** Options of {@link CryptoWalletsClient.authenticateStart}. */
export interface CryptoWalletAuthenticateStartOptions {
  /** The wallet's address (0x… for Ethereum, base58 for Solana). */
  readonly crypto_wallet_address: string;
  /** `ethereum` or `solana`. */
  readonly crypto_wallet_type: string;
  /** Sent for Ethereum when the project requires Sign-In with Ethereum. */
  readonly siwe_params?: SiweParams;
}

/** Options of {@link CryptoWalletsClient.authenticate}. */
export interface CryptoWalletAuthenticateOptions {
  readonly crypto_wallet_address: string;
  readonly crypto_wallet_type: string;
  /** The wallet's signature of the challenge: 0x-hex (Ethereum) or base58 (Solana). */
  readonly signature: string;
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
}

/** `POST /crypto_wallets/authenticate/start/{primary,secondary}`. */
export interface CryptoWalletAuthenticateStartResponse extends ResponseEnvelope {
  /** The text the wallet signs. */
  readonly challenge: string;
  readonly user_id?: string;
  readonly crypto_wallet_id?: string;
  readonly user_created?: boolean;
}

/** `POST /crypto_wallets/authenticate`. */
export interface CryptoWalletAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly crypto_wallet_id?: string;
  readonly user_created?: boolean;
}

const START_EXAMPLE = "{ crypto_wallet_address: '0x…', crypto_wallet_type: 'ethereum' }";
const AUTHENTICATE_EXAMPLE =
  "{ crypto_wallet_address: '0x…', crypto_wallet_type: 'ethereum', signature: '0x…', session_duration_minutes: 60 }";

function isStartResponse(
  body: JsonObject,
): body is JsonObject & CryptoWalletAuthenticateStartResponse {
  return typeof body.challenge === 'string' && body.challenge.length > 0;
}

function isCryptoAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & CryptoWalletAuthenticateResponse {
  return isAuthenticateResponse(body) && typeof body.user_id === 'string';
}

/** `client.cryptoWallets`. */
export class CryptoWalletsClient {
  private readonly http: HttpClient;
  private readonly sessions: SessionManager;
  private readonly bootstrap: BootstrapClient;

  constructor(http: HttpClient, sessions: SessionManager, bootstrap: BootstrapClient) {
    this.http = http;
    this.sessions = sessions;
    this.bootstrap = bootstrap;
  }

  /**
   * `POST /crypto_wallets/authenticate/start/{primary|secondary}
   * {crypto_wallet_address, crypto_wallet_type, siwe_params?}`: the challenge to sign. When the
   * project requires Sign-In with Ethereum, Ethereum requests carry `siwe_params` with `uri`
   * defaulting to the page's origin.
   */
  async authenticateStart(
    options: CryptoWalletAuthenticateStartOptions,
  ): Promise<CryptoWalletAuthenticateStartResponse> {
    checkOptions('client.cryptoWallets.authenticateStart', options, START_EXAMPLE, {
      required: true,
    });
    checkString('crypto_wallet_address', options.crypto_wallet_address);
    checkString('crypto_wallet_type', options.crypto_wallet_type);
    const siwe: unknown = options.siwe_params;
    if (siwe !== undefined) {
      checkObject('siwe_params', siwe);
      for (const field of [
        'uri',
        'chain_id',
        'issued_at',
        'statement',
        'not_before',
        'message_request_id',
      ]) {
        checkOptionalString(`siwe_params.${field}`, siwe[field]);
      }
      if (siwe.resources !== undefined) checkStringArray('siwe_params.resources', siwe.resources);
    }
    const body: JsonObject = {
      crypto_wallet_address: options.crypto_wallet_address,
      crypto_wallet_type: options.crypto_wallet_type,
    };
    const { siweRequiredForCryptoWallets } = await this.bootstrap.getAsync();
    if (siweRequiredForCryptoWallets && options.crypto_wallet_type === 'ethereum') {
      body.siwe_params = {
        ...options.siwe_params,
        uri: options.siwe_params?.uri || globalThis.location?.origin,
      };
    } else if (options.siwe_params) {
      body.siwe_params = { ...options.siwe_params };
    }
    const variant = this.sessions.data ? 'secondary' : 'primary';
    return this.http.post(`/crypto_wallets/authenticate/start/${variant}`, body, isStartResponse);
  }

  /**
   * `POST /crypto_wallets/authenticate {crypto_wallet_address, crypto_wallet_type, signature,
   * session_duration_minutes}`. On success the session is signed in.
   */
  async authenticate(
    options: CryptoWalletAuthenticateOptions,
  ): Promise<CryptoWalletAuthenticateResponse> {
    checkOptions('client.cryptoWallets.authenticate', options, AUTHENTICATE_EXAMPLE, {
      required: true,
    });
    checkString('crypto_wallet_address', options.crypto_wallet_address);
    checkString('crypto_wallet_type', options.crypto_wallet_type);
    checkString('signature', options.signature);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const response = await this.http.post(
      '/crypto_wallets/authenticate',
      {
        crypto_wallet_address: options.crypto_wallet_address,
        crypto_wallet_type: options.crypto_wallet_type,
        signature: options.signature,
        session_duration_minutes: options.session_duration_minutes,
      },
      isCryptoAuthenticateResponse,
    );
    this.sessions.applyAuthentication(response);
    return response;
  }
}
