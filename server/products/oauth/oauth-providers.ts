/**
 * The 19 OAuth providers of the spec (section 3), as data: where each one's endpoints are, which
 * scopes it is asked for by default, how the app authenticates at its token endpoint, whether it
 * takes PKCE, and which identity reader reads who signed in. A project's configuration may
 * override every endpoint (tests point them at local peers; GitLab and Salesforce may be
 * self-hosted or on a custom domain).
 */
import type { OAuthProviderName } from './oauth-settings.js';

/** How a provider tells who signed in: its ID token (OpenID Connect), or one of the API shapes. */
export type IdentityShape =
  | 'oidc'
  | 'github'
  | 'discord'
  | 'bitbucket'
  | 'facebook'
  | 'coinbase'
  | 'amazon'
  | 'twitter'
  | 'tiktok'
  | 'snapchat'
  | 'figma';

/** A provider's defaults. */
export interface ProviderDefinition {
  /** Its name in the API and the config (`provider_type` capitalises it: `oauthProviderType`). */
  readonly name: OAuthProviderName;
  /** The OpenID Connect issuer whose discovery document lists the endpoints (OIDC providers). */
  readonly issuer?: string;
  readonly authorizationEndpoint?: string;
  readonly tokenEndpoint?: string;
  readonly userInfoEndpoint?: string;
  /** Scopes always asked for. */
  readonly scopes: readonly string[];
  /** How the client secret is sent to the token endpoint. */
  readonly clientAuth: 'post' | 'basic';
  /** Whether the provider takes an S256 PKCE challenge (RFC 7636). */
  readonly pkce: boolean;
  /** The shape of the answer that names the user. */
  readonly identity: IdentityShape;
  /** Extra parameters of the authorization request. */
  readonly authorizationParams?: Readonly<Record<string, string>>;
  /** The name of the client id parameter, where the provider renames it (TikTok: `client_key`). */
  readonly clientIdParam?: string;
}

/** Every provider, by name. */
export const PROVIDERS: Readonly<Record<OAuthProviderName, ProviderDefinition>> = {
  google: {
    name: 'google',
    issuer: 'https://accounts.google.com',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'post',
    pkce: true,
    identity: 'oidc',
  },
  microsoft: {
    name: 'microsoft',
    // The multi-tenant endpoint: openid-client checks each ID token against its tenant's issuer.
    issuer: 'https://login.microsoftonline.com/common/v2.0',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'post',
    pkce: true,
    identity: 'oidc',
  },
  apple: {
    name: 'apple',
    issuer: 'https://appleid.apple.com',
    scopes: ['openid', 'email', 'name'],
    clientAuth: 'post',
    pkce: false,
    identity: 'oidc',
    // Apple answers a request for the name or email by POSTing the result to the callback.
    authorizationParams: { response_mode: 'form_post' },
  },
  github: {
    name: 'github',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userInfoEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    clientAuth: 'post',
    pkce: false,
    identity: 'github',
  },
  gitlab: {
    name: 'gitlab',
    issuer: 'https://gitlab.com',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'basic',
    pkce: true,
    identity: 'oidc',
  },
  facebook: {
    name: 'facebook',
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoEndpoint:
      'https://graph.facebook.com/me?fields=id,name,first_name,last_name,email,picture',
    scopes: ['email', 'public_profile'],
    clientAuth: 'post',
    pkce: false,
    identity: 'facebook',
  },
  discord: {
    name: 'discord',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userInfoEndpoint: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    clientAuth: 'basic',
    pkce: true,
    identity: 'discord',
  },
  salesforce: {
    name: 'salesforce',
    issuer: 'https://login.salesforce.com',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'basic',
    pkce: true,
    identity: 'oidc',
  },
  slack: {
    name: 'slack',
    issuer: 'https://slack.com',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'basic',
    pkce: false,
    identity: 'oidc',
  },
  amazon: {
    name: 'amazon',
    authorizationEndpoint: 'https://www.amazon.com/ap/oa',
    tokenEndpoint: 'https://api.amazon.com/auth/o2/token',
    userInfoEndpoint: 'https://api.amazon.com/user/profile',
    scopes: ['profile'],
    clientAuth: 'post',
    pkce: true,
    identity: 'amazon',
  },
  bitbucket: {
    name: 'bitbucket',
    authorizationEndpoint: 'https://bitbucket.org/site/oauth2/authorize',
    tokenEndpoint: 'https://bitbucket.org/site/oauth2/access_token',
    userInfoEndpoint: 'https://api.bitbucket.org/2.0/user',
    scopes: ['account', 'email'],
    clientAuth: 'basic',
    pkce: false,
    identity: 'bitbucket',
  },
  linkedin: {
    name: 'linkedin',
    issuer: 'https://www.linkedin.com/oauth',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'post',
    pkce: false,
    identity: 'oidc',
  },
  coinbase: {
    name: 'coinbase',
    authorizationEndpoint: 'https://www.coinbase.com/oauth/authorize',
    tokenEndpoint: 'https://www.coinbase.com/oauth/token',
    userInfoEndpoint: 'https://api.coinbase.com/v2/user',
    scopes: ['wallet:user:read', 'wallet:user:email'],
    clientAuth: 'post',
    pkce: false,
    identity: 'coinbase',
  },
  twitch: {
    name: 'twitch',
    issuer: 'https://id.twitch.tv/oauth2',
    scopes: ['openid', 'user:read:email'],
    clientAuth: 'post',
    pkce: false,
    identity: 'oidc',
    // Twitch puts the email in the ID token only when asked for these claims.
    authorizationParams: {
      claims: JSON.stringify({ id_token: { email: null, email_verified: null } }),
    },
  },
  twitter: {
    name: 'twitter',
    authorizationEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    userInfoEndpoint: 'https://api.twitter.com/2/users/me?user.fields=profile_image_url,name',
    scopes: ['users.read', 'tweet.read', 'offline.access'],
    clientAuth: 'basic',
    pkce: true,
    identity: 'twitter',
  },
  tiktok: {
    name: 'tiktok',
    authorizationEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    userInfoEndpoint:
      'https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name',
    scopes: ['user.info.basic'],
    clientAuth: 'post',
    pkce: true,
    identity: 'tiktok',
    clientIdParam: 'client_key',
  },
  snapchat: {
    name: 'snapchat',
    authorizationEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/auth',
    tokenEndpoint: 'https://accounts.snapchat.com/accounts/oauth2/token',
    userInfoEndpoint:
      'https://kit.snapchat.com/v1/me?query=%7Bme%7BexternalId%20displayName%20bitmoji%7Bavatar%7D%7D%7D',
    scopes: [
      'https://auth.snapchat.com/oauth2/api/user.external_id',
      'https://auth.snapchat.com/oauth2/api/user.display_name',
      'https://auth.snapchat.com/oauth2/api/user.bitmoji.avatar',
    ],
    clientAuth: 'basic',
    pkce: true,
    identity: 'snapchat',
  },
  figma: {
    name: 'figma',
    authorizationEndpoint: 'https://www.figma.com/oauth',
    tokenEndpoint: 'https://api.figma.com/v1/oauth/token',
    userInfoEndpoint: 'https://api.figma.com/v1/me',
    scopes: ['current_user:read'],
    clientAuth: 'basic',
    pkce: false,
    identity: 'figma',
  },
  yahoo: {
    name: 'yahoo',
    issuer: 'https://api.login.yahoo.com',
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'basic',
    pkce: false,
    identity: 'oidc',
  },
};

/** Whether `name` is one of the 19 providers. */
export function isProviderName(name: string): name is OAuthProviderName {
  return Object.hasOwn(PROVIDERS, name);
}
