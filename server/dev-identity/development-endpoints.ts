/**
 * Where the development identity provider answers for each of the 19 OAuth providers: under
 * `/dev/identity/<provider>/`, an authorization page, a token endpoint and, in the provider's
 * own shape, its user API (GitHub's `/user` and `/user/emails`, Discord's `/users/@me`, …); the
 * OpenID Connect providers get a discovery document there instead (their issuer). A provider set
 * `"development": true` in a project's config is pointed here (see
 * `developmentProviderSettings`), only in development.
 */

/** The path every development identity endpoint lives under. */
export const DEVELOPMENT_IDENTITY_PATH = '/dev/identity';

/** The user API path of each provider that is not OpenID Connect, as its reader fetches it. */
export const DEVELOPMENT_API_PATHS: Readonly<Record<string, string>> = {
  github: '/user',
  bitbucket: '/2.0/user',
  facebook: '/me?fields=id,name,first_name,last_name,email,picture',
  discord: '/users/@me',
  amazon: '/user/profile',
  coinbase: '/v2/user',
  twitter: '/2/users/me?user.fields=profile_image_url,name',
  tiktok: '/v2/user/info/?fields=open_id,union_id,avatar_url,display_name',
  snapchat: '/v1/me',
  figma: '/v1/me',
};

/** `${ownOrigin}/dev/identity`: the base of every development identity endpoint. */
export function developmentBase(ownOrigin: string): string {
  return `${ownOrigin}${DEVELOPMENT_IDENTITY_PATH}`;
}

/** The stand-in's issuer (and endpoint base) for `provider`. */
export function developmentIssuer(ownOrigin: string, provider: string): string {
  return `${developmentBase(ownOrigin)}/${provider}`;
}

/** The development key's JWKS, shared by every development provider and One Tap. */
export function developmentJwksUri(ownOrigin: string): string {
  return `${developmentBase(ownOrigin)}/jwks`;
}

/** The endpoint settings that point `provider` at the stand-in. */
export interface DevelopmentEndpoints {
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  jwksUri?: string;
}

/**
 * The endpoints of `provider` at the stand-in: an issuer (discovery gives the rest) for an
 * OpenID Connect provider, else its authorization, token and user API URLs.
 */
export function developmentEndpoints(
  ownOrigin: string,
  provider: string,
  oidc: boolean,
): DevelopmentEndpoints {
  const base = developmentIssuer(ownOrigin, provider);
  if (oidc) return { issuer: base };
  return {
    authorizationEndpoint: `${base}/authorize`,
    tokenEndpoint: `${base}/token`,
    userInfoEndpoint: `${base}${DEVELOPMENT_API_PATHS[provider] ?? '/user'}`,
  };
}
