/**
 * Crypto-wallet sign-in: hand out a challenge for a wallet address, then check the wallet's
 * signature of it and start a session (or add the wallet to the caller's). Every rule lives here;
 * the routes only translate HTTP.
 */
import { randomUUID } from 'node:crypto';
import { newId } from '../../db/ids.js';
import type { JsonObject } from '../../db/json-column.js';
import { ApiError } from '../../http/api-error.js';
import type { Project } from '../../projects/projects-repository.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { IssuedSession, SessionRecord, SessionService } from '../sessions/index.js';
import { chainLibraries, loadChainLibraries } from './chain-libraries.js';
import { challengeMessage, type SiweParams } from './challenge-message.js';
import {
  AUTHENTICATE_LIMIT_PER_IP,
  CHALLENGE_LIFETIME_MS,
  START_LIMIT_PER_IP,
} from './crypto-limits.js';
import {
  type ChallengeRecord,
  type CryptoWalletRecord,
  type CryptoWalletsRepository,
  DuplicateWalletError,
} from './crypto-repository.js';
import type { WalletType } from './crypto-tables.js';
import { decodeSignature, normalizeAddress, signatureMatches, walletType } from './wallet-keys.js';
import './crypto-errors.js';

/** A request for a challenge. */
export interface StartRequest {
  project: Project;
  mode: 'primary' | 'secondary';
  address: string;
  type: string;
  siwe?: SiweParams;
  /** The asking page's origin (the server's own for calls without `Origin`). */
  origin: string;
  session?: SessionRecord;
  ip: string;
}

/** A signed challenge to check. */
export interface AuthenticateRequest {
  project: Project;
  address: string;
  type: string;
  signature: string;
  sessionDurationMinutes?: number;
  origin: string;
  session?: SessionRecord;
  ip: string;
  userAgent: string;
}

/** Hands out and checks challenges. */
export class CryptoWalletsService {
  constructor(
    private readonly wallets: CryptoWalletsRepository,
    private readonly sessions: SessionService,
    private readonly limiter: RateLimiter,
    private readonly clock: () => number,
    /** The client's key (`clientKey` under the server secret): challenges belong to it first. */
    private readonly clientKey: (ip: string) => string,
  ) {}

  /** A new challenge for the wallet, valid for ten minutes and single use. */
  async start(request: StartRequest): Promise<{ challenge: string; wallet?: CryptoWalletRecord }> {
    const { project } = request;
    assertEnabled(project);
    await this.limiter.hit(
      `crypto-start:ip:${project.projectId}:${request.ip}`,
      START_LIMIT_PER_IP,
      'too_many_requests',
    );
    await loadChainLibraries();
    const type = walletType(request.type);
    const address = normalizeAddress(type, request.address);
    if (request.mode === 'secondary' && !request.session)
      throw new ApiError('user_unauthenticated');
    const now = this.clock();
    const expiresAt = now + CHALLENGE_LIFETIME_MS;
    const message = challengeMessage({
      type,
      address,
      origin: request.origin,
      projectName: project.name,
      now,
      expiresAt,
      siwe: request.siwe,
    });
    await this.wallets.createChallenge({
      challengeId: `crypto-challenge-${project.environment}-${randomUUID()}`,
      projectId: project.projectId,
      walletType: type,
      address,
      message,
      origin: request.origin,
      sessionUserId: request.mode === 'secondary' ? (request.session?.userId ?? null) : null,
      client: this.clientKey(request.ip),
      expiresAt,
      createdAt: now,
    });
    const wallet = await this.wallets.findWallet(project.projectId, type, address);
    return { challenge: message, wallet };
  }

  /**
   * Checks the signature against the address's live challenges. The one it signs is used up;
   * the wallet's user (created on first sign-in) gets a session, or the caller's session of
   * the same user gains the factor.
   */
  async authenticate(request: AuthenticateRequest): Promise<{
    wallet: CryptoWalletRecord;
    issued: IssuedSession;
    userCreated: boolean;
  }> {
    const { project } = request;
    assertEnabled(project);
    // Refused before anything is written: a refused duration spends no challenge, makes no user.
    const duration = this.sessions.resolveDuration(project, request.sessionDurationMinutes);
    await this.limiter.hit(
      `crypto-auth:ip:${project.projectId}:${request.ip}`,
      AUTHENTICATE_LIMIT_PER_IP,
      'too_many_requests',
    );
    await loadChainLibraries();
    const type = walletType(request.type);
    const address = normalizeAddress(type, request.address);
    const signature = decodeSignature(type, request.signature);
    const now = this.clock();
    // The client's own challenges first: others' starts, however many, never crowd them out.
    const candidates = await this.wallets.unconsumedChallenges(
      project.projectId,
      type,
      address,
      this.clientKey(request.ip),
    );
    if (candidates.length === 0) throw new ApiError('crypto_wallet_challenge_not_found');
    let signed: ChallengeRecord | undefined;
    for (const challenge of candidates) {
      if (await signatureMatches(address, challenge.message, signature)) {
        signed = challenge;
        break;
      }
    }
    if (!signed) throw new ApiError('unable_to_authenticate_crypto_wallet');
    if (signed.origin !== request.origin) {
      throw new ApiError(
        'invalid_siwe_domain',
        `This challenge was issued to ${signed.origin.slice(0, 200)}, not to ${request.origin.slice(0, 200)}.`,
      );
    }
    if (signed.expiresAt <= now) throw new ApiError('crypto_wallet_challenge_expired');
    if (type === 'ethereum') assertSiweValid(signed, now);
    const caller = request.session;
    // A challenge started to add the wallet to a user works only with that user's session;
    // refused before the challenge is spent.
    if (signed.sessionUserId !== null && caller?.userId !== signed.sessionUserId) {
      throw new ApiError('user_unauthenticated');
    }
    if (!(await this.wallets.consumeChallenge(signed.challengeId, now))) {
      throw new ApiError('crypto_wallet_challenge_not_found');
    }
    if (signed.sessionUserId !== null && caller) {
      const wallet = await this.#addToUser(project, caller.userId, type, address, now);
      const withFactor = await this.sessions.addFactor(caller, walletFactor(wallet, now));
      return {
        wallet,
        issued: await this.sessions.touch(project, withFactor, duration),
        userCreated: false,
      };
    }
    const wallet = await this.wallets.findOrCreateUser(
      project,
      type,
      address,
      { userId: newId('user', project.environment), walletId: newWalletId(project) },
      now,
    );
    if (caller && caller.userId === wallet.userId) {
      const withFactor = await this.sessions.addFactor(caller, walletFactor(wallet, now));
      return {
        wallet,
        issued: await this.sessions.touch(project, withFactor, duration),
        userCreated: false,
      };
    }
    const issued = await this.sessions.create(
      project,
      wallet.userId,
      walletFactor(wallet, now),
      duration,
      {
        ip_address: request.ip,
        user_agent: request.userAgent,
      },
    );
    return { wallet, issued, userCreated: wallet.created };
  }

  /** Removes one of the user's wallets. */
  async delete(userId: string, cryptoWalletId: string): Promise<void> {
    if (!(await this.wallets.deleteWallet(userId, cryptoWalletId))) {
      throw new ApiError('crypto_wallet_not_found');
    }
  }

  async #addToUser(
    project: Project,
    userId: string,
    type: WalletType,
    address: string,
    now: number,
  ): Promise<CryptoWalletRecord> {
    try {
      return await this.wallets.addToUser(
        project.projectId,
        userId,
        type,
        address,
        newWalletId(project),
        now,
      );
    } catch (error) {
      if (error instanceof DuplicateWalletError) throw new ApiError('duplicate_wallet_address');
      throw error;
    }
  }
}

function newWalletId(project: Project): string {
  return `crypto-wallet-${project.environment}-${randomUUID()}`;
}

function assertEnabled(project: Project): void {
  if (!project.settings.products.includes('crypto')) {
    throw new ApiError('product_not_enabled', 'Crypto wallets are not enabled for this project.');
  }
}

/** The EIP-4361 checks of viem on the stored message: its domain, nonce and times. */
function assertSiweValid(challenge: ChallengeRecord, now: number): void {
  const message = chainLibraries().siwe.parseSiweMessage(challenge.message);
  if (message.notBefore && message.notBefore.getTime() > now) {
    throw new ApiError('siwe_message_not_valid_yet');
  }
  const valid = chainLibraries().siwe.validateSiweMessage({
    message,
    domain: new URL(challenge.origin).host,
    address: challenge.address as `0x${string}`,
    nonce: message.nonce,
    time: new Date(now),
  });
  if (!valid) throw new ApiError('siwe_message_expired');
}

/** The session factor a wallet sign-in adds, in Stytch's shape. */
function walletFactor(wallet: CryptoWalletRecord, now: number): JsonObject {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    last_authenticated_at: new Date(now).toISOString(),
    crypto_wallet_factor: {
      crypto_wallet_id: wallet.cryptoWalletId,
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: wallet.walletType,
    },
  };
}
