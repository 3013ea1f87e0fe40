/**
 * The crypto-wallet product: `POST /crypto_wallets/authenticate/start/{primary,secondary}`,
 * `POST /crypto_wallets/authenticate` and `DELETE /users/crypto_wallets/{id}`, in Stytch's
 * wire format.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../../http/envelope.js';
import { projectOf, sessionOf } from '../../http/request-context.js';
import * as s from '../../http/schemas.js';
import type { Store } from '../../store.js';
import { signedInAnswer, userAgentOf } from '../sessions/index.js';
import { assertNotLastSignInMethod, userBody } from '../users/index.js';
import type { SiweParams } from './challenge-message.js';
import type { CryptoWalletsService } from './crypto-service.js';

interface StartBody {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  siwe_params?: SiweParams;
}
interface AuthenticateBody {
  crypto_wallet_address: string;
  crypto_wallet_type: string;
  signature: string;
  session_duration_minutes?: number;
}

const address = { type: 'string', minLength: 1, maxLength: 128 } as const;
const walletType = { type: 'string', minLength: 1, maxLength: 32 } as const;
const shortText = { type: 'string', maxLength: 512 } as const;

const startSchema = {
  type: 'object',
  required: ['crypto_wallet_address', 'crypto_wallet_type'],
  properties: {
    crypto_wallet_address: address,
    crypto_wallet_type: walletType,
    siwe_params: {
      type: 'object',
      additionalProperties: false,
      properties: {
        uri: { type: 'string', maxLength: 2048 },
        chain_id: { type: 'string', maxLength: 32 },
        issued_at: { type: 'string', maxLength: 64 },
        statement: shortText,
        not_before: { type: 'string', maxLength: 64 },
        message_request_id: shortText,
        resources: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 2048 } },
      },
    },
    ...s.sdkExtras,
  },
} as const;

const authenticateSchema = {
  type: 'object',
  required: ['crypto_wallet_address', 'crypto_wallet_type', 'signature'],
  properties: {
    crypto_wallet_address: address,
    crypto_wallet_type: walletType,
    signature: { type: 'string', minLength: 1, maxLength: 256 },
    session_duration_minutes: s.sessionDurationMinutes,
    ...s.sdkExtras,
  },
} as const;

/** The origin of the page asking; the server's own for calls without `Origin` (already checked). */
function requestOrigin(request: FastifyRequest, ownOrigin: string): string {
  return request.headers.origin ?? ownOrigin;
}

/** Registers the crypto-wallet routes. */
export function cryptoWalletRoutes(
  app: FastifyInstance,
  deps: { wallets: CryptoWalletsService; store: Store; ownOrigin: string },
): void {
  for (const mode of ['primary', 'secondary'] as const) {
    /** `POST /crypto_wallets/authenticate/start/{primary,secondary}`: a challenge to sign. */
    app.post<{ Body: StartBody }>(
      `/crypto_wallets/authenticate/start/${mode}`,
      {
        schema: { body: startSchema },
        config: {
          auth: mode === 'secondary' ? 'session' : 'project',
          changesSignIn: mode === 'secondary',
          checks: 'challenge',
        },
      },
      async (request) => {
        const project = projectOf(request);
        const { challenge, wallet } = await deps.wallets.start({
          project,
          mode,
          address: request.body.crypto_wallet_address,
          type: request.body.crypto_wallet_type,
          siwe: request.body.siwe_params,
          origin: requestOrigin(request, deps.ownOrigin),
          session: request.velvet?.session,
          ip: request.ip,
        });
        return envelope(request, {
          challenge,
          user_created: false,
          ...(wallet ? { user_id: wallet.userId, crypto_wallet_id: wallet.cryptoWalletId } : {}),
        });
      },
    );
  }

  /** `POST /crypto_wallets/authenticate`: checks the signed challenge and starts a session. */
  app.post<{ Body: AuthenticateBody }>(
    '/crypto_wallets/authenticate',
    { schema: { body: authenticateSchema }, config: { checks: 'signature' } },
    async (request) => {
      const project = projectOf(request);
      const { wallet, issued, userCreated } = await deps.wallets.authenticate({
        project,
        address: request.body.crypto_wallet_address,
        type: request.body.crypto_wallet_type,
        signature: request.body.signature,
        sessionDurationMinutes: request.body.session_duration_minutes,
        origin: requestOrigin(request, deps.ownOrigin),
        session: request.velvet?.session,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return signedInAnswer(request, deps.store.users, wallet.userId, issued, {
        crypto_wallet_id: wallet.cryptoWalletId,
        user_created: userCreated,
        reset_sessions: false,
      });
    },
  );

  /** `DELETE /users/crypto_wallets/{id}`: removes one of the session user's wallets. */
  app.delete<{ Params: { id: string } }>(
    '/users/crypto_wallets/:id',
    {
      schema: { params: { type: 'object', required: ['id'], properties: { id: s.id } } },
      config: { auth: 'session', changesSignIn: true, checks: 'session' },
    },
    async (request) => {
      const projectId = projectOf(request).projectId;
      const userId = sessionOf(request).userId;
      const owner = await deps.store.users.findById(projectId, userId);
      if (owner) assertNotLastSignInMethod(owner, request.params.id);
      await deps.wallets.delete(userId, request.params.id);
      const found = await deps.store.users.findById(projectId, userId);
      const user = found ? userBody(found) : {};
      // The user flat, as our clients read it, and as `__user`, where Stytch's SDK reads it.
      return envelope(request, { ...user, __user: user });
    },
  );
}
