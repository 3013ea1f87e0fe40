/**
 * Talks to an OAuth provider through openid-client (the certified OpenID Connect relying party,
 * which also speaks plain OAuth 2.0): builds the authorization URL, exchanges the code (state,
 * PKCE and, for OpenID Connect, the ID token's signature, issuer, audience, expiry and nonce are
 * all checked by the library), and fetches the provider's user-info resources.
 *
 * Endpoints come from the provider's table entry, the project's overrides, and for OpenID Connect
 * providers the issuer's discovery document. Plain http is allowed only for loopback endpoints
 * (tests and local development).
 */
import * as client from 'openid-client';
import { isLoopbackUrl, isSecureOrLoopback } from '../../config/trust-anchors.js';
import type { ProviderDefinition } from './oauth-providers.js';
import type { OAuthProviderSettings } from './oauth-settings.js';

/** How long a discovery document is reused. */
const DISCOVERY_TTL_MS = 60 * 60_000;

/** A provider as one project configured it, ready to use. */
export interface ProviderClient {
  readonly definition: ProviderDefinition;
  readonly config: client.Configuration;
  /** Whether the provider signs in with OpenID Connect (an ID token is expected). */
  readonly oidc: boolean;
  /** Whether it is the development identity provider, reached inside the process. */
  readonly development: boolean;
}

/**
 * The development identity provider's in-process fetch (see `server/dev-identity/`): given, the
 * provider's endpoints are the stand-in's, reached without the network, so plain http is fine.
 */
export type DevelopmentFetch = client.CustomFetch;

function assertSecure(url: string): void {
  if (!isSecureOrLoopback(url)) {
    throw new Error(`OAuth endpoint ${url} must use https`);
  }
}

const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The openid-client configuration of `definition` with the project's `settings`. */
export async function providerClient(
  definition: ProviderDefinition,
  settings: OAuthProviderSettings,
  now: number,
  developmentFetch?: DevelopmentFetch,
): Promise<ProviderClient> {
  const auth = clientAuth(definition, settings);
  const issuer = settings.issuer ?? definition.issuer;
  const overrides = endpointOverrides(settings);
  const oidc = definition.identity === 'oidc';
  if (developmentFetch) {
    const config =
      oidc && issuer
        ? await developmentDiscovery(issuer, settings.clientId, auth, developmentFetch)
        : listedConfig(definition, issuer, overrides, settings.clientId, auth);
    config[client.customFetch] = developmentFetch;
    client.allowInsecureRequests(config);
    return { definition, config, oidc, development: true };
  }
  const config =
    oidc && issuer
      ? await discoveredConfig(issuer, overrides, settings.clientId, auth, now)
      : listedConfig(definition, issuer, overrides, settings.clientId, auth);
  assertSecureEndpoints(config);
  return { definition, config, oidc, development: false };
}

/** The development identity provider's discovery, read inside the process each time. */
function developmentDiscovery(
  issuer: string,
  clientId: string,
  auth: client.ClientAuth,
  developmentFetch: DevelopmentFetch,
): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), clientId, undefined, auth, {
    execute: [client.allowInsecureRequests, client.enableNonRepudiationChecks],
    [client.customFetch]: developmentFetch,
  });
}

/** How the client authenticates at the token endpoint: its secret as the provider takes it. */
function clientAuth(
  definition: ProviderDefinition,
  settings: OAuthProviderSettings,
): client.ClientAuth {
  if (!settings.clientSecret) return client.None();
  return definition.clientAuth === 'basic'
    ? client.ClientSecretBasic(settings.clientSecret)
    : client.ClientSecretPost(settings.clientSecret);
}

/** The endpoints the project's settings override. */
function endpointOverrides(settings: OAuthProviderSettings): Partial<client.ServerMetadata> {
  return {
    ...(settings.authorizationEndpoint && {
      authorization_endpoint: settings.authorizationEndpoint,
    }),
    ...(settings.tokenEndpoint && { token_endpoint: settings.tokenEndpoint }),
    ...(settings.userInfoEndpoint && { userinfo_endpoint: settings.userInfoEndpoint }),
    ...(settings.jwksUri && { jwks_uri: settings.jwksUri }),
  };
}

/** An OpenID Connect provider's configuration: its discovery document, with the overrides. */
async function discoveredConfig(
  issuer: string,
  overrides: Partial<client.ServerMetadata>,
  clientId: string,
  auth: client.ClientAuth,
  now: number,
): Promise<client.Configuration> {
  const base = await discover(issuer, clientId, auth, now);
  return Object.keys(overrides).length === 0
    ? base
    : configure({ ...base.serverMetadata(), ...overrides }, clientId, auth);
}

/** A plain OAuth provider's configuration: the table's endpoints, with the overrides. */
function listedConfig(
  definition: ProviderDefinition,
  issuer: string | undefined,
  overrides: Partial<client.ServerMetadata>,
  clientId: string,
  auth: client.ClientAuth,
): client.Configuration {
  const authorization = overrides.authorization_endpoint ?? definition.authorizationEndpoint;
  const token = overrides.token_endpoint ?? definition.tokenEndpoint;
  if (!authorization || !token) throw new Error(`${definition.name} has no endpoints`);
  const userInfo = overrides.userinfo_endpoint ?? definition.userInfoEndpoint;
  return configure(
    {
      issuer: issuer ?? new URL(authorization).origin,
      authorization_endpoint: authorization,
      token_endpoint: token,
      ...(userInfo && { userinfo_endpoint: userInfo }),
      ...(overrides.jwks_uri && { jwks_uri: overrides.jwks_uri }),
    },
    clientId,
    auth,
  );
}

/** Refuses a configuration with an endpoint over plain http off loopback. */
function assertSecureEndpoints(config: client.Configuration): void {
  const metadata = config.serverMetadata();
  for (const url of [
    metadata.authorization_endpoint,
    metadata.token_endpoint,
    metadata.userinfo_endpoint,
    metadata.jwks_uri,
  ]) {
    if (url) assertSecure(url);
  }
}

function configure(
  metadata: client.ServerMetadata,
  clientId: string,
  auth: client.ClientAuth,
): client.Configuration {
  const config = new client.Configuration(metadata, clientId, undefined, auth);
  if (metadata.token_endpoint && isLoopbackUrl(metadata.token_endpoint)) {
    client.allowInsecureRequests(config);
  }
  if (metadata.jwks_uri) client.enableNonRepudiationChecks(config);
  return config;
}

/** The issuer's discovery document, fetched once an hour (a failure is not kept). */
function discover(
  issuer: string,
  clientId: string,
  auth: client.ClientAuth,
  now: number,
): Promise<client.Configuration> {
  assertSecure(issuer);
  const key = `${issuer}\n${clientId}`;
  const cached = discovered.get(key);
  if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const execute = [client.enableNonRepudiationChecks];
  if (isLoopbackUrl(issuer)) execute.unshift(client.allowInsecureRequests);
  const config = client.discovery(new URL(issuer), clientId, undefined, auth, { execute });
  discovered.set(key, { at: now, config });
  config.catch(() => discovered.delete(key));
  return config;
}

/** What the authorization request carries besides the client's own parameters. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  scopes: readonly string[];
  /** OpenID Connect: the nonce the ID token must carry. */
  nonce?: string;
  /** The provider's own PKCE verifier, when it takes PKCE. */
  codeVerifier?: string;
  /** The page's `provider_*` parameters, without the prefix. */
  providerParams: Readonly<Record<string, string>>;
}

/** The provider's authorization URL for one sign-in. */
export async function authorizationUrl(
  provider: ProviderClient,
  request: AuthorizationRequest,
): Promise<URL> {
  const { definition } = provider;
  const params: Record<string, string> = {
    ...request.providerParams,
    ...definition.authorizationParams,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    state: request.state,
  };
  if (request.scopes.length > 0) params.scope = request.scopes.join(' ');
  if (request.nonce) params.nonce = request.nonce;
  if (request.codeVerifier) {
    params.code_challenge = await client.calculatePKCECodeChallenge(request.codeVerifier);
    params.code_challenge_method = 'S256';
  }
  const url = client.buildAuthorizationUrl(provider.config, params);
  if (definition.clientIdParam) {
    url.searchParams.set(definition.clientIdParam, provider.config.clientMetadata().client_id);
  }
  return url;
}

/** What a sign-in's callback is checked against. */
export interface CallbackChecks {
  state: string;
  nonce?: string;
  codeVerifier?: string;
}

/** The provider's tokens, as exchanged. */
export type ProviderTokens = client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;

/**
 * Exchanges the code of `callbackUrl` (the provider's redirect, with its query) for tokens,
 * checking the state, PKCE and, for OpenID Connect, the ID token.
 */
export async function exchangeCode(
  provider: ProviderClient,
  callbackUrl: URL,
  checks: CallbackChecks,
): Promise<ProviderTokens> {
  const { definition } = provider;
  const extra: Record<string, string> = {};
  if (definition.clientIdParam) {
    extra[definition.clientIdParam] = provider.config.clientMetadata().client_id;
  }
  return client.authorizationCodeGrant(
    provider.config,
    callbackUrl,
    {
      expectedState: checks.state,
      ...(checks.nonce !== undefined && { expectedNonce: checks.nonce }),
      ...(checks.codeVerifier !== undefined && { pkceCodeVerifier: checks.codeVerifier }),
      idTokenExpected: provider.oidc,
    },
    extra,
  );
}

/** GETs a JSON resource of the provider's API with the user's access token. */
export async function fetchJson(
  provider: ProviderClient,
  accessToken: string,
  url: string,
): Promise<unknown> {
  if (!provider.development) assertSecure(url);
  const response = await client.fetchProtectedResource(
    provider.config,
    accessToken,
    new URL(url),
    'GET',
    undefined,
    new Headers({ accept: 'application/json' }),
  );
  if (!response.ok) throw new Error(`${provider.definition.name} answered ${response.status}`);
  return response.json();
}

/** The OpenID Connect userinfo claims, checked to belong to `subject`. */
export async function fetchUserInfo(
  provider: ProviderClient,
  accessToken: string,
  subject: string,
): Promise<Record<string, unknown>> {
  return client.fetchUserInfo(provider.config, accessToken, subject);
}

export { client as openidClient };
