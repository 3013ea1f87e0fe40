/**
 * Velvet as an OAuth 2.0 authorization server and OpenID Connect provider: consent (the SDK's
 * `/oauth/authorize/start` and `/oauth/authorize`), logout (`/oauth/logout/start`), the code and
 * refresh grants, ID tokens signed by the project's key ring, userinfo and connected apps.
 */
import { createHash, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../../http/api-error.js';
import { JWT_ALGORITHM, type KeyRing } from '../../keys/key-ring.js';
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

/** Appends query parameters to a URL, keeping the ones it has. */
function withQuery(url: string, params: Record<string, string | undefined>): string {
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

  /** The preflight of the consent screen (`POST /oauth/authorize/start`). */
  async authorizeStart(project: Project, session: SessionRecord, params: AuthorizeParams) {
    const client = this.client(project, params.client_id);
    this.checkRedirect(client, params.redirect_uri);
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
        authTime: session.startedAt,
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
        algorithms: [JWT_ALGORITHM],
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
    const accessToken = newSecret();
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
    const key = await this.keys.signingKey(project.projectId);
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
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: key.kid, typ: 'JWT' })
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
