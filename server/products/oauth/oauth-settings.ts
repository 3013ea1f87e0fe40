/**
 * The OAuth settings of a project (`oauth` in `velvet.config.json`): the providers it offers,
 * with its apps' credentials, and where a sign-in may land. Google One Tap reads
 * `providers.google` too.
 */
import {
  OAUTH_PROVIDERS,
  type OAuthProvider,
} from '../../../widget/client/oauth-provider-names.js';
import type { SettingsPart } from '../../projects/settings-part.js';
import { exactUrlSchema, redirectUrlsSchema } from '../../projects/settings-schema.js';

/** An OAuth provider's name. */
export type OAuthProviderName = OAuthProvider;

/** One OAuth provider of a project: its app's credentials, extra scopes and endpoint overrides. */
export interface OAuthProviderSettings {
  /** The app's client id at the provider (TikTok calls it the client key). */
  clientId: string;
  /** The app's client secret (Apple: the signed client-secret JWT). */
  clientSecret?: string;
  /** Scopes asked for besides the provider's defaults. */
  scopes?: string[];
  /* Endpoint overrides, for tests or self-hosted providers (GitLab, Salesforce domains…). */
  /** The OpenID Connect issuer; its discovery document gives the endpoints not overridden. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  jwksUri?: string;
  /**
   * Sign in through the development identity provider (`/dev/identity/<provider>/`, see
   * `docs/development-identity-provider.md`) instead of the real provider: development only; a
   * production server refuses a config that sets it.
   */
  development?: boolean;
}

/** OAuth settings. */
export interface OAuthSettings {
  /** The configured providers, by name (`google`, `github`, …). */
  providers: { [name: string]: OAuthProviderSettings };
  /** The exact URLs a sign-in may land on; the first is the default. */
  loginRedirectURLs: string[];
  /** The same for a new user (defaults to the login list). */
  signupRedirectURLs: string[];
}

/** The OAuth settings as the config file describes them. */
export type OAuthConfig = Partial<OAuthSettings>;

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    /** OAuth sign-in (see `server/products/oauth/`) and Google One Tap. */
    oauth: OAuthSettings;
  }
  interface ProjectConfig {
    oauth?: OAuthConfig;
  }
}

/** One OAuth provider in the config file. */
const oauthProviderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId'],
  properties: {
    clientId: { type: 'string', minLength: 1, maxLength: 512 },
    clientSecret: { type: 'string', minLength: 1, maxLength: 4096 },
    scopes: {
      type: 'array',
      items: { type: 'string', pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,200}$' },
      uniqueItems: true,
      maxItems: 50,
    },
    issuer: exactUrlSchema,
    authorizationEndpoint: exactUrlSchema,
    tokenEndpoint: exactUrlSchema,
    userInfoEndpoint: exactUrlSchema,
    jwksUri: exactUrlSchema,
    development: { type: 'boolean' },
  },
} as const;

const DEFAULT_OAUTH_SETTINGS: OAuthSettings = {
  providers: {},
  loginRedirectURLs: [],
  signupRedirectURLs: [],
};

/** `oauth`: sign-ups land where sign-ins do unless they have their own URLs. */
export const oauthSettingsPart: SettingsPart<'oauth', OAuthConfig, OAuthSettings> = {
  key: 'oauth',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      providers: {
        type: 'object',
        propertyNames: { enum: OAUTH_PROVIDERS },
        additionalProperties: oauthProviderSchema,
      },
      loginRedirectURLs: redirectUrlsSchema,
      signupRedirectURLs: redirectUrlsSchema,
    },
  },
  defaults: DEFAULT_OAUTH_SETTINGS,
  resolve(config) {
    const d = DEFAULT_OAUTH_SETTINGS;
    return {
      providers: config?.providers ?? d.providers,
      loginRedirectURLs: config?.loginRedirectURLs ?? d.loginRedirectURLs,
      signupRedirectURLs:
        config?.signupRedirectURLs ?? config?.loginRedirectURLs ?? d.signupRedirectURLs,
    };
  },
};
