/**
 * Velvet as an OAuth 2.0 authorization server and OpenID Connect provider: consent (the SDK's
 * `/oauth/authorize/start` and `/oauth/authorize`), logout (`/oauth/logout/start`), the code and
 * refresh grants, ID tokens signed by the project's key ring, userinfo and connected apps.
 */
import { createHash, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../../http/api-error.js';
import { type KeyRing, SIGNING_ALGORITHMS } from '../../keys/key-ring.js';
import { verifierMatches } from '../../keys/pkce.js';
import type { Project } from '../../projects/projects-repository.js';
import type { SessionRecord } from '../sessions/index.js';
import type { UserRecord, UsersRepository } from '../users/index.js';
import type { IdpRepository, TokenRecord } from './idp-repository.js';
import { hashSecret, newSecret, secretMatches } from './idp-secrets.js';
import type { IdpClient } from './idp-settings.js';
import { OAuthError } from './oauth-error.js';
import './idp-errors.js';

/** How long a code may wait for its exchange. */
export const CODE_LIFETIME_MS = 2 * 60_000;
/** How long an access token (and an ID token) is good for, in seconds. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** How long a refresh token is good for. */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** What the consent screen says each standard scope allows. */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Confirm who you are',
  profile: 'See your name',
  email: 'See your email address',
  phone: 'See your phone number',
  full_access: 'Act as you with full access to your account',
  offline_access: 'Stay signed in when you are not using the app',
};

/** One scope of a consent request (Stytch's `scope_results`). */
export interface ScopeResult {
  scope: string;
  description: string;
  is_grantable: boolean;
}

/** The public face of an application (Stytch's `ConnectedAppPublic`). */
export interface ClientPublic {
  client_id: string;
  client_name: string;
  client_description: string;
  client_type: 'first_party' | 'first_party_public' | 'third_party' | 'third_party_public';
}

/** The parameters of an authorization request, as the consent screen sends them. */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scopes: string[];
  prompt?: string;
  /** OIDC Core's `max_age`: the user must have authenticated within this many seconds. */
  max_age?: number;
  /**
   * The time (seconds since the epoch) the user must have authenticated since: the authorization
   * endpoint adds it for `prompt=login` (and `select_account`), when it drops those values.
   */
  auth_after?: number;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** How a client authenticated at the token endpoint. */
export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

/** A token endpoint answer (RFC 6749 section 5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  id_token?: string;
  refresh_token?: string;
}

/** RFC 7662's answer for a token that is not active (unknown, expired, revoked, another's). */
const INACTIVE = { active: false } as const;

/**
 * When the session's user last proved who they are: the latest `last_authenticated_at` of its
 * factors, or its start (ms since the epoch).
 */
export function authenticatedAt(session: SessionRecord): number {
  let latest = session.startedAt;
  for (const factor of session.authenticationFactors) {
    const at = Date.parse(String(factor.last_authenticated_at ?? ''));
    if (Number.isFinite(at) && at > latest) latest = at;
  }
  return latest;
}

/**
 * The earliest authentication (ms) a request accepts, from `max_age` and `auth_after`, or
 * `undefined` when any will do.
 */
export function earliestAuthentication(
  params: Pick<AuthorizeParams, 'max_age' | 'auth_after'>,
  now: number,
): number | undefined {
  const bounds: number[] = [];
  if (params.max_age !== undefined) bounds.push(now - params.max_age * 1000);
  if (params.auth_after !== undefined) bounds.push(params.auth_after * 1000);
  // Never later than now: a sign-in now always satisfies the request.
  return bounds.length ? Math.min(Math.max(...bounds), now) : undefined;
}

/** Appends query parameters to a URL, keeping the ones it has. */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(name, value);
  }
  return target.toString();
}

/** The issuer of `project`: the base of every standard endpoint. */
export function issuerOf(ownOrigin: string, project: Project): string {
  return `${ownOrigin}/oauth/${project.publicToken}`;
}

/**
 * The one client an ID token names in `aud` (a string, or an array of one), read before the token
 * is verified: the verification that follows checks it against that client. `undefined` when
 * there is no hint or it names no single client.
 */
function hintAudience(hint: string | undefined): string | undefined {
  if (hint === undefined) return undefined;
  try {
    const { aud } = decodeJwt(hint);
    if (typeof aud === 'string') return aud;
    return Array.isArray(aud) && aud.length === 1 ? aud[0] : undefined;
  } catch {
    return undefined;
  }
}

/** The identity provider's rules. */
export class IdpService {
  constructor(
    private readonly repository: IdpRepository,
    private readonly users: UsersRepository,
    private readonly keys: KeyRing,
    private readonly ownOrigin: string,
    private readonly clock: () => number,
  ) {}

  /**
   * The registered application.
   * @throws ApiError `connected_app_not_found`
   */
  client(project: Project, clientId: string): IdpClient {
    const client = (project.settings.idp?.clients ?? []).find((c) => c.clientId === clientId);
    if (!client) throw new ApiError('connected_app_not_found');
    return client;
  }

  /** The application as the consent screen and connected apps show it. */
  publicClient(client: IdpClient): ClientPublic {
    const party = client.skipConsent ? 'first_party' : 'third_party';
    return {
      client_id: client.clientId,
      client_name: client.clientName,
      client_description: client.clientDescription,
      client_type: client.type === 'public' ? `${party}_public` : party,
    };
  }

  /** @throws ApiError `invalid_redirect_uri` unless `uri` is registered exactly. */
  checkRedirect(client: IdpClient, uri: string): void {
    if (!client.redirectUris.includes(uri)) throw new ApiError('invalid_redirect_uri');
  }

  /** Each requested scope, grantable when the application may have it. */
  scopeResults(client: IdpClient, scopes: readonly string[]): ScopeResult[] {
    return [...new Set(scopes)].map((scope) => ({
      scope,
      description: SCOPE_DESCRIPTIONS[scope] ?? `Use the ${scope} scope`,
      is_grantable: client.scopes.includes(scope),
    }));
  }

  /** Whether the user must be asked: no remembered consent covers the grantable scopes. */
  async consentRequired(
    project: Project,
    userId: string,
    client: IdpClient,
    results: readonly ScopeResult[],
    prompt: string | undefined,
  ): Promise<boolean> {
    if (client.skipConsent) return false;
    if (prompt?.split(' ').includes('consent')) return true;
    const grant = await this.repository.findGrant(project.projectId, userId, client.clientId);
    if (!grant || grant.revokedAt !== null) return true;
    return results.some((r) => r.is_grantable && !grant.scopes.includes(r.scope));
  }

  /**
   * Whether the session authenticated recently enough for the request's `max_age` and
   * `auth_after` (to the second, as `auth_time` says: a sign-in in the request's second counts).
   */
  isFresh(session: SessionRecord, params: Pick<AuthorizeParams, 'max_age' | 'auth_after'>) {
    const earliest = earliestAuthentication(params, this.clock());
    return (
      earliest === undefined ||
      Math.floor(authenticatedAt(session) / 1000) >= Math.floor(earliest / 1000)
    );
  }

  /**
   * @throws ApiError `reauthentication_required` when the session's last authentication is older
   *   than the request's `max_age` or `prompt=login` accept: the page signs the user in again.
   */
  checkFreshness(session: SessionRecord, params: Pick<AuthorizeParams, 'max_age' | 'auth_after'>) {
    if (!this.isFresh(session, params)) throw new ApiError('reauthentication_required');
  }

  /** The preflight of the consent screen (`POST /oauth/authorize/start`). */
  async authorizeStart(project: Project, session: SessionRecord, params: AuthorizeParams) {
    const client = this.client(project, params.client_id);
    this.checkRedirect(client, params.redirect_uri);
    this.checkFreshness(session, params);
    const results = this.scopeResults(client, params.scopes);
    return {
      client: this.publicClient(client),
      consent_required: await this.consentRequired(
        project,
        session.userId,
        client,
        results,
        params.prompt,
      ),
      scope_results: results,
    };
  }

  /**
   * The consent decision (`POST /oauth/authorize`): the redirect back to the application with a
   * code, or with an error (denied, or a request the application got wrong). An unknown client
   * or an unregistered redirect URI is refused without a redirect.
   */
  async authorize(
    project: Project,
    session: SessionRecord,
    params: AuthorizeParams & { consent_granted: boolean },
  ): Promise<{ redirect_uri: string; authorization_code?: string }> {
    const client = this.client(project, params.client_id);
    this.checkRedirect(client, params.redirect_uri);
    const issuer = issuerOf(this.ownOrigin, project);
    const fail = (error: string, description: string) => ({
      redirect_uri: withQuery(params.redirect_uri, {
        error,
        error_description: description,
        state: params.state,
        iss: issuer,
      }),
    });
    if (params.response_type !== 'code') {
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    }
    if (!params.consent_granted) return fail('access_denied', 'The user denied access.');
    this.checkFreshness(session, params);
    if (params.code_challenge_method !== undefined && params.code_challenge_method !== 'S256') {
      return fail('invalid_request', 'Only code_challenge_method=S256 is supported.');
    }
    if (client.type === 'public' && !params.code_challenge) {
      return fail('invalid_request', 'A public client must send a PKCE code_challenge (S256).');
    }
    const results = this.scopeResults(client, params.scopes);
    const granted = results.filter((r) => r.is_grantable).map((r) => r.scope);
    if (!granted.includes('openid')) {
      return fail('invalid_scope', 'The scope must include openid.');
    }
    const now = this.clock();
    const grantId = await this.repository.saveGrant(
      {
        grantId: `connected-app-grant-${project.environment}-${randomUUID()}`,
        projectId: project.projectId,
        userId: session.userId,
        clientId: client.clientId,
        scopes: granted,
      },
      now,
    );
    const code = newSecret();
    await this.repository.createCode(
      {
        codeHash: hashSecret(code),
        projectId: project.projectId,
        clientId: client.clientId,
        userId: session.userId,
        grantId,
        redirectUri: params.redirect_uri,
        scopes: granted,
        nonce: params.nonce ?? null,
        codeChallenge: params.code_challenge ?? null,
        authTime: authenticatedAt(session),
        expiresAt: now + CODE_LIFETIME_MS,
      },
      now,
    );
    return {
      redirect_uri: withQuery(params.redirect_uri, { code, state: params.state, iss: issuer }),
      authorization_code: code,
    };
  }

  /**
   * The preflight of the logout screen (`POST /oauth/logout/start`): where to go afterwards,
   * and whether there is a session to confirm the logout of.
   */
  async logoutStart(
    project: Project,
    session: SessionRecord | undefined,
    params: {
      client_id?: string;
      post_logout_redirect_uri: string;
      state?: string;
      id_token_hint?: string;
    },
  ): Promise<{ redirect_uri: string; consent_required: boolean }> {
    // RP-Initiated Logout 1.0 section 2: `id_token_hint` alone names the client (its `aud`).
    const clientId = params.client_id ?? hintAudience(params.id_token_hint);
    if (clientId === undefined) throw new ApiError('invalid_id_token_hint');
    const client = this.client(project, clientId);
    if (!client.postLogoutRedirectUris.includes(params.post_logout_redirect_uri)) {
      throw new ApiError('invalid_post_logout_redirect_uri');
    }
    if (params.id_token_hint !== undefined) {
      await this.#checkIdTokenHint(project, client, params.id_token_hint, session);
    }
    return {
      redirect_uri: withQuery(params.post_logout_redirect_uri, { state: params.state }),
      consent_required: session !== undefined,
    };
  }

  async #checkIdTokenHint(
    project: Project,
    client: IdpClient,
    hint: string,
    session: SessionRecord | undefined,
  ): Promise<void> {
    try {
      const { kid } = decodeProtectedHeader(hint);
      const key = kid ? await this.keys.verificationKey(project.projectId, kid) : undefined;
      if (!key) throw new Error('unknown key');
      // An expired ID token still names who is logging out (OpenID RP-Initiated Logout 1.0).
      const { payload } = await jwtVerify(hint, key.publicKey, {
        issuer: issuerOf(this.ownOrigin, project),
        audience: client.clientId,
        algorithms: [...SIGNING_ALGORITHMS],
        currentDate: new Date(0),
      });
      if (session && payload.sub !== session.userId) throw new Error('another user');
    } catch {
      throw new ApiError('invalid_id_token_hint');
    }
  }

  /**
   * The client a token request authenticates as.
   * @throws OAuthError `invalid_client`
   */
  authenticateClient(project: Project, credentials: ClientCredentials | undefined): IdpClient {
    if (!credentials) throw new OAuthError('invalid_client', 'Client authentication is missing.');
    const client = (project.settings.idp?.clients ?? []).find(
      (c) => c.clientId === credentials.clientId,
    );
    if (!client) throw new OAuthError('invalid_client', 'Unknown client.');
    if (client.type === 'confidential') {
      if (
        !client.clientSecretSha256 ||
        credentials.clientSecret === undefined ||
        !secretMatches(credentials.clientSecret, client.clientSecretSha256)
      ) {
        throw new OAuthError('invalid_client', 'Client authentication failed.');
      }
    } else if (credentials.clientSecret !== undefined) {
      throw new OAuthError('invalid_client', 'A public client has no secret.');
    }
    return client;
  }

  /**
   * The authorization code grant. A code works once; a second exchange fails and revokes
   * everything the first one issued.
   * @throws OAuthError `invalid_grant` (unknown, expired, used, another client's, another
   *   redirect URI, wrong verifier), `invalid_request`
   */
  async exchangeCode(
    project: Project,
    client: IdpClient,
    params: { code?: string; redirect_uri?: string; code_verifier?: string },
  ): Promise<TokenAnswer> {
    if (!params.code) throw new OAuthError('invalid_request', 'code is missing.');
    const now = this.clock();
    const codeHash = hashSecret(params.code);
    const code = await this.repository.findCode(codeHash);
    if (!code || code.projectId !== project.projectId || code.clientId !== client.clientId) {
      throw new OAuthError('invalid_grant', 'The code is not valid.');
    }
    if (code.consumedAt !== null) {
      await this.repository.revokeFamily(codeHash, now);
      throw new OAuthError('invalid_grant', 'The code was already used.');
    }
    if (params.redirect_uri !== code.redirectUri) {
      throw new OAuthError(
        'invalid_grant',
        'redirect_uri does not match the authorization request.',
      );
    }
    if (code.codeChallenge !== null) {
      if (!params.code_verifier || !verifierMatches(params.code_verifier, code.codeChallenge)) {
        // A wrong verifier spends the code: whoever holds it gets one try.
        await this.repository.consumeCode(codeHash, now);
        throw new OAuthError(
          'invalid_grant',
          'The code_verifier does not match the code_challenge.',
        );
      }
    } else if (params.code_verifier !== undefined) {
      throw new OAuthError('invalid_grant', 'The code was issued without a code_challenge.');
    }
    if (!(await this.repository.consumeCode(codeHash, now))) {
      await this.repository.revokeFamily(codeHash, now);
      throw new OAuthError('invalid_grant', 'The code expired or was already used.');
    }
    const grant = await this.repository.findGrant(project.projectId, code.userId, client.clientId);
    if (!grant || grant.revokedAt !== null) {
      throw new OAuthError('invalid_grant', 'The user withdrew access.');
    }
    const issued = await this.#issueTokens(project, client, {
      userId: code.userId,
      grantId: code.grantId,
      family: codeHash,
      scopes: code.scopes,
      authTime: code.authTime,
    });
    const user = await this.users.findById(project.projectId, code.userId);
    if (!user) throw new OAuthError('invalid_grant', 'The user no longer exists.');
    issued.id_token = await this.#idToken(project, client, user, code, issued.access_token);
    return issued;
  }

  /**
   * The refresh token grant, with rotation: the token works once and its answer carries the
   * next one. A rotated token used again revokes the whole family.
   * @throws OAuthError `invalid_grant`, `invalid_request`, `invalid_scope`
   */
  async refresh(
    project: Project,
    client: IdpClient,
    params: { refresh_token?: string; scope?: string },
  ): Promise<TokenAnswer> {
    if (!params.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is missing.');
    const now = this.clock();
    const hash = hashSecret(params.refresh_token);
    const token = await this.repository.findToken(hash);
    if (
      token?.kind !== 'refresh' ||
      token.projectId !== project.projectId ||
      token.clientId !== client.clientId
    ) {
      throw new OAuthError('invalid_grant', 'The refresh token is not valid.');
    }
    if (token.revokedAt !== null) {
      await this.repository.revokeFamily(token.family, now);
      throw new OAuthError('invalid_grant', 'The refresh token was revoked.');
    }
    if (token.expiresAt <= now) throw new OAuthError('invalid_grant', 'The refresh token expired.');
    let scopes = token.scopes;
    if (params.scope !== undefined) {
      const asked = params.scope.split(' ').filter(Boolean);
      if (asked.some((scope) => !token.scopes.includes(scope))) {
        throw new OAuthError('invalid_scope', 'A refresh cannot add scopes.');
      }
      scopes = asked;
    }
    if (!(await this.repository.revokeToken(hash, now))) {
      await this.repository.revokeFamily(token.family, now);
      throw new OAuthError('invalid_grant', 'The refresh token was already used.');
    }
    return this.#issueTokens(project, client, {
      userId: token.userId,
      grantId: token.grantId,
      family: token.family,
      scopes,
      authTime: token.authTime,
    });
  }

  async #issueTokens(
    project: Project,
    client: IdpClient,
    from: Pick<TokenRecord, 'userId' | 'grantId' | 'family' | 'scopes' | 'authTime'>,
  ): Promise<TokenAnswer> {
    const now = this.clock();
    const accessToken = await this.#accessToken(project, client, from, now);
    const common = { projectId: project.projectId, clientId: client.clientId, ...from };
    await this.repository.createToken(
      {
        ...common,
        tokenHash: hashSecret(accessToken),
        kind: 'access',
        expiresAt: now + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
      },
      now,
    );
    const answer: TokenAnswer = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope: from.scopes.join(' '),
    };
    if (from.scopes.includes('offline_access')) {
      const refreshToken = newSecret();
      await this.repository.createToken(
        {
          ...common,
          tokenHash: hashSecret(refreshToken),
          kind: 'refresh',
          expiresAt: now + REFRESH_TOKEN_LIFETIME_MS,
        },
        now,
      );
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  /**
   * An RFC 9068 JWT access token (`typ: at+jwt`), signed like the client's ID tokens. Its hash is
   * stored like every token's, so revocation (RFC 7009, a withdrawn grant, a replayed code)
   * reaches it wherever it is checked: userinfo, introspection, the session exchange.
   */
  async #accessToken(
    project: Project,
    client: IdpClient,
    from: Pick<TokenRecord, 'userId' | 'scopes' | 'authTime'>,
    nowMs: number,
  ): Promise<string> {
    const key = await this.keys.signingKey(project.projectId, client.idTokenSignedResponseAlg);
    const now = Math.floor(nowMs / 1000);
    return new SignJWT({
      client_id: client.clientId,
      scope: from.scopes.join(' '),
      auth_time: Math.floor(from.authTime / 1000),
    })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(issuerOf(this.ownOrigin, project))
      .setSubject(from.userId)
      .setAudience(project.projectId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }

  /** The claims the scopes allow (OpenID Connect Core section 5.4). */
  claims(user: UserRecord, scopes: readonly string[]): Record<string, unknown> {
    const claims: Record<string, unknown> = { sub: user.userId };
    if (scopes.includes('profile')) {
      const { first_name, middle_name, last_name } = user.name;
      const name = [first_name, middle_name, last_name].filter(Boolean).join(' ');
      if (name) claims.name = name;
      if (first_name) claims.given_name = first_name;
      if (last_name) claims.family_name = last_name;
      claims.updated_at = Math.floor(user.createdAt / 1000);
    }
    const email = user.emails[0];
    if (scopes.includes('email') && email) {
      claims.email = email.email;
      claims.email_verified = email.verified;
    }
    const phone = user.phoneNumbers[0];
    if (scopes.includes('phone') && phone) {
      claims.phone_number = phone.phoneNumber;
      claims.phone_number_verified = phone.verified;
    }
    return claims;
  }

  async #idToken(
    project: Project,
    client: IdpClient,
    user: UserRecord,
    code: { scopes: string[]; nonce: string | null; authTime: number },
    accessToken: string,
  ): Promise<string> {
    const key = await this.keys.signingKey(project.projectId, client.idTokenSignedResponseAlg);
    const now = Math.floor(this.clock() / 1000);
    const digest = createHash('sha256').update(accessToken).digest();
    const atHash = digest.subarray(0, digest.length / 2).toString('base64url');
    const { sub: _sub, ...claims } = this.claims(user, code.scopes);
    return new SignJWT({
      ...claims,
      ...(code.nonce !== null ? { nonce: code.nonce } : {}),
      auth_time: Math.floor(code.authTime / 1000),
      at_hash: atHash,
    })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(issuerOf(this.ownOrigin, project))
      .setSubject(user.userId)
      .setAudience(client.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_LIFETIME_SECONDS)
      .sign(key.privateKey);
  }

  /**
   * The userinfo answer for an access token.
   * @throws OAuthError `invalid_token`
   */
  async userinfo(project: Project, accessToken: string): Promise<Record<string, unknown>> {
    const token = await this.repository.findToken(hashSecret(accessToken));
    if (
      token?.kind !== 'access' ||
      token.projectId !== project.projectId ||
      token.revokedAt !== null ||
      token.expiresAt <= this.clock()
    ) {
      throw new OAuthError('invalid_token', 'The access token is not valid.');
    }
    if (!token.scopes.includes('openid')) {
      throw new OAuthError('invalid_token', 'The access token was not issued for openid.');
    }
    const user = await this.users.findById(project.projectId, token.userId);
    if (!user) throw new OAuthError('invalid_token', 'The user no longer exists.');
    return this.claims(user, token.scopes);
  }

  /**
   * The stored token `token` is, when it is live: issued by this project, not revoked, not
   * expired (and, with `clientId`, issued to that client).
   */
  async liveToken(
    project: Project,
    token: string,
    clientId?: string,
  ): Promise<TokenRecord | undefined> {
    const record = await this.repository.findToken(hashSecret(token));
    if (
      !record ||
      record.projectId !== project.projectId ||
      record.revokedAt !== null ||
      record.expiresAt <= this.clock() ||
      (clientId !== undefined && record.clientId !== clientId)
    ) {
      return undefined;
    }
    return record;
  }

  /**
   * RFC 7009 revocation: the client's own access or refresh token stops working; a refresh
   * token takes the tokens issued with it (its family) along. An unknown token, or another
   * client's, changes nothing and answers the same (section 2.2).
   */
  async revoke(project: Project, client: IdpClient, token: string | undefined): Promise<void> {
    if (!token) throw new OAuthError('invalid_request', 'token is missing.');
    const hash = hashSecret(token);
    const record = await this.repository.findToken(hash);
    if (!record || record.projectId !== project.projectId || record.clientId !== client.clientId) {
      return;
    }
    const now = this.clock();
    if (record.kind === 'refresh') await this.repository.revokeFamily(record.family, now);
    else await this.repository.revokeToken(hash, now);
  }

  /**
   * RFC 7662 introspection, for a confidential client's own tokens: `{active: false}` for
   * anything not live, else what the token allows.
   * @throws OAuthError `invalid_client` for a public client
   */
  async introspect(
    project: Project,
    client: IdpClient,
    token: string | undefined,
  ): Promise<Record<string, unknown>> {
    if (client.type !== 'confidential') {
      throw new OAuthError('invalid_client', 'Only a confidential client may introspect tokens.');
    }
    if (!token) throw new OAuthError('invalid_request', 'token is missing.');
    const record = await this.liveToken(project, token, client.clientId);
    if (!record) return INACTIVE;
    return {
      active: true,
      scope: record.scopes.join(' '),
      client_id: record.clientId,
      sub: record.userId,
      exp: Math.floor(record.expiresAt / 1000),
      iss: issuerOf(this.ownOrigin, project),
      auth_time: Math.floor(record.authTime / 1000),
      ...(record.kind === 'access' ? { token_type: 'Bearer', aud: project.projectId } : {}),
    };
  }

  /** The applications the user granted access to (`GET /users/connected_apps`). */
  async connectedApps(project: Project, userId: string) {
    const grants = await this.repository.listGrants(project.projectId, userId);
    return grants.flatMap((grant) => {
      const client = (project.settings.idp?.clients ?? []).find(
        (c) => c.clientId === grant.clientId,
      );
      if (!client) return [];
      const face = this.publicClient(client);
      return [
        {
          connected_app_id: client.clientId,
          name: face.client_name,
          description: face.client_description,
          client_type: face.client_type,
          scopes_granted: grant.scopes.join(' '),
          created_at: new Date(grant.createdAt).toISOString(),
        },
      ];
    });
  }

  /**
   * Withdraws the user's grant to an application and revokes its tokens
   * (`POST /users/connected_apps/{id}/revoke`).
   * @throws ApiError `connected_app_not_found` when the user has no live grant to it
   */
  async revokeConnectedApp(project: Project, userId: string, clientId: string): Promise<void> {
    const grant = await this.repository.findGrant(project.projectId, userId, clientId);
    if (!grant || !(await this.repository.revokeGrant(grant.grantId, this.clock()))) {
      throw new ApiError('connected_app_not_found');
    }
  }
}
