/**
 * Access tokens this server issues as an identity provider (Stytch's Connected Apps), checked
 * for `POST /sessions/exchange_access_token`. The claims an access token must carry, so the
 * issuing side (`server/products/idp/`) and this one agree:
 *
 * - an RFC 9068 JWT (`typ: at+jwt`) signed by the project's key ring (`KeyRing`, RS256 or
 *   ES256), its `kid` in the header;
 * - `iss`: the project's IdP issuer (`PUBLIC_URL/oauth/{public_token}`), or the server's own,
 *   `PUBLIC_URL` or `PUBLIC_URL/sdk/v1` (the session JWTs' one);
 * - `aud`: the project id (alone or among others, such as the client id);
 * - `sub`: the user id, a user of that project;
 * - `exp` (required) and `iat`;
 * - `scope`: space-separated, including `full_access` (Stytch's rule: only a first-party client
 *   holding full access may turn its token back into a session);
 * - `client_id` (optional): recorded on the session's factor.
 *
 * - and the provider must still hold it live: issued by its `/token`, not revoked (RFC 7009,
 *   a withdrawn grant), which is looked up by the token's hash.
 *
 * A session JWT (it carries the session claim) is not an access token and is refused.
 */
import { decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';
import { ApiError } from '../../http/api-error.js';
import { type KeyRing, SIGNING_ALGORITHMS } from '../../keys/key-ring.js';
import type { Project } from '../../projects/projects-repository.js';
import { SESSION_CLAIM } from '../sessions/index.js';
import './session-exchange-errors.js';

/** The scope an access token needs to be exchanged for a session. */
export const EXCHANGE_SCOPE = 'full_access';

/** What an exchanged access token says. */
export interface AccessTokenClaims {
  userId: string;
  clientId: string;
}

/**
 * Verifies `token` as an access token of `project`.
 * @throws ApiError `invalid_access_token` for anything else (the message says what is wrong).
 */
export async function verifyAccessToken(
  token: string,
  project: Project,
  deps: {
    keys: KeyRing;
    issuers: readonly string[];
    projectIssuer: (project: Project) => string;
    issued: (project: Project, token: string) => Promise<boolean>;
    clock: () => number;
  },
): Promise<AccessTokenClaims> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    throw new ApiError('invalid_access_token', 'The access token is not a JWT.');
  }
  const key = kid ? await deps.keys.verificationKey(project.projectId, kid) : undefined;
  if (!key) {
    throw new ApiError('invalid_access_token', 'The access token was not signed by this project.');
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key.publicKey, {
      algorithms: [...SIGNING_ALGORITHMS],
      typ: 'at+jwt',
      issuer: [...deps.issuers, deps.projectIssuer(project)],
      audience: project.projectId,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(deps.clock()),
    }));
  } catch (error) {
    const reason =
      (error as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'is not valid';
    throw new ApiError('invalid_access_token', `The access token ${reason}.`);
  }
  if (payload[SESSION_CLAIM] !== undefined) {
    throw new ApiError('invalid_access_token', 'A session JWT is not an access token.');
  }
  const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
  if (!scopes.includes(EXCHANGE_SCOPE)) {
    throw new ApiError(
      'invalid_access_token',
      `Only an access token with the ${EXCHANGE_SCOPE} scope can be exchanged for a session.`,
    );
  }
  if (!(await deps.issued(project, token))) {
    throw new ApiError('invalid_access_token', 'The access token was revoked or never issued.');
  }
  return {
    userId: String(payload.sub),
    clientId: typeof payload.client_id === 'string' ? payload.client_id : '',
  };
}
