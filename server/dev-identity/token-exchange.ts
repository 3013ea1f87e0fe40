/**
 * The development identity provider's token endpoint, as the real ones work: the app
 * authenticates as the provider takes it (HTTP Basic, or `client_id`/`client_secret` in the
 * form; TikTok's `client_key`), and the code is exchanged once, by the client it was issued to,
 * with the same redirect URI and, where PKCE was used, the verifier of its challenge. The answer
 * carries an access token sealed under the server secret (the user API reads the person from it)
 * and, for an OpenID Connect provider, an ID token signed with the development key.
 */
import { SignJWT } from 'jose';
import { verifierMatches } from '../keys/pkce.js';
import type { SealedJson } from '../keys/sealed-json.js';
import type { Projects } from '../projects/project-directory.js';
import type { AuthorizationCodes, CodeGrant } from './authorization-codes.js';
import type { ProviderFacts } from './authorization-request.js';
import { developmentClient, secretMatches } from './development-clients.js';
import type { DevelopmentKey } from './development-keys.js';
import { type Person, personClaims } from './provider-answers.js';
import { subjectOf } from './test-identities.js';

/** How long an access or ID token of the stand-in lives, in seconds. */
export const TOKEN_LIFETIME_S = 3600;

/** A refused token request: the OAuth error and its status. */
export class TokenRefusal extends Error {
  constructor(
    readonly error:
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_request'
      | 'unsupported_grant_type',
    readonly status: number,
    description: string,
  ) {
    super(description);
  }
}

/** What an access token seals. */
interface SealedAccess {
  p: string;
  s: string;
  i: Person['identity'];
  e: number;
}

/** What the exchange needs. */
export interface TokenDeps {
  projects: Projects;
  codes: AuthorizationCodes;
  sealed: SealedJson;
  key: DevelopmentKey;
  clock: () => number;
  /** The provider's issuer at the stand-in. */
  issuer: string;
}

/** The client id and secret as the request presents them. */
function presentedClient(
  provider: ProviderFacts,
  form: Record<string, string>,
  authorization: string | undefined,
): { id?: string; secret?: string; basic: boolean } {
  const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const part = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
    try {
      return colon < 0
        ? { basic: true }
        : {
            id: part(decoded.slice(0, colon)),
            secret: part(decoded.slice(colon + 1)),
            basic: true,
          };
    } catch {
      return { basic: true };
    }
  }
  return {
    id: form[provider.clientIdParam] ?? form.client_id,
    secret: form.client_secret,
    basic: false,
  };
}

/** The client of the request, authenticated as the provider takes it. */
function authenticateClient(
  provider: ProviderFacts,
  form: Record<string, string>,
  authorization: string | undefined,
  projects: Projects,
): string {
  const presented = presentedClient(provider, form, authorization);
  const client = developmentClient(projects, provider.name, presented.id);
  const wrongMethod =
    client?.clientSecret !== undefined && presented.basic !== (provider.clientAuth === 'basic');
  if (!client || wrongMethod || !secretMatches(client, presented.secret)) {
    throw new TokenRefusal(
      'invalid_client',
      401,
      `Client authentication failed (${provider.name} takes client_secret_${provider.clientAuth}).`,
    );
  }
  return client.clientId;
}

/** Whether `grant` is the one this request may exchange. */
function grantMatches(
  grant: CodeGrant,
  provider: string,
  clientId: string,
  form: Record<string, string>,
): boolean {
  if (grant.provider !== provider || grant.clientId !== clientId) return false;
  if (grant.redirectUri !== form.redirect_uri) return false;
  if (grant.codeChallenge === undefined) return true;
  const verifier = form.code_verifier;
  return verifier !== undefined && /^[A-Za-z0-9._~-]{43,128}$/.test(verifier)
    ? verifierMatches(verifier, grant.codeChallenge)
    : false;
}

/** Exchanges the code of `form`; resolves to the token endpoint's JSON answer. */
export async function exchangeCode(
  provider: ProviderFacts,
  form: Record<string, string>,
  authorization: string | undefined,
  deps: TokenDeps,
): Promise<Record<string, unknown>> {
  if (form.grant_type !== 'authorization_code') {
    throw new TokenRefusal('unsupported_grant_type', 400, 'Only authorization_code is served.');
  }
  const clientId = authenticateClient(provider, form, authorization, deps.projects);
  const grant = deps.codes.consume(form.code ?? '', (g) =>
    grantMatches(g, provider.name, clientId, form),
  );
  if (!grant) {
    throw new TokenRefusal(
      'invalid_grant',
      400,
      'The code is unknown, used, expired, or was issued for another client, redirect_uri or PKCE challenge.',
    );
  }
  const now = deps.clock();
  const person: Person = {
    subject: subjectOf(provider.name, grant.identity),
    identity: grant.identity,
  };
  const access: SealedAccess = {
    p: provider.name,
    s: person.subject,
    i: person.identity,
    e: now + TOKEN_LIFETIME_S * 1000,
  };
  return {
    access_token: deps.sealed.seal(access),
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_S,
    scope: grant.scope,
    ...(provider.oidc && { id_token: await idToken(provider.name, clientId, grant, person, deps) }),
  };
}

/** An ID token for `person`, signed with the development key. */
async function idToken(
  provider: string,
  clientId: string,
  grant: CodeGrant,
  person: Person,
  deps: TokenDeps,
): Promise<string> {
  // openid-client checks the token's times against the real clock, not the server's (which
  // tests move): the ID token is dated by the real one.
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...personClaims(provider, person),
    ...(grant.nonce !== undefined && { nonce: grant.nonce }),
  })
    .setProtectedHeader({ alg: deps.key.alg, kid: deps.key.kid, typ: 'JWT' })
    .setIssuer(deps.issuer)
    .setAudience(clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_LIFETIME_S)
    .sign(deps.key.privateKey);
}

/**
 * The person of a bearer `authorization` header for `provider`, or `undefined` when the token is
 * not one the stand-in issued for it, or has expired.
 */
export function personOfBearer(
  authorization: string | undefined,
  provider: string,
  deps: { sealed: SealedJson; clock: () => number },
): Person | undefined {
  const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  if (!token) return undefined;
  let access: SealedAccess;
  try {
    access = deps.sealed.open(token) as SealedAccess;
  } catch {
    return undefined;
  }
  if (access.p !== provider || access.e <= deps.clock()) return undefined;
  return { subject: access.s, identity: access.i };
}
