/**
 * The identity-provider settings of a project (`idp` in `velvet.config.json`): the applications
 * (OAuth clients, relying parties) that may sign their users in with Velvet.
 */
import type { SettingsPart } from '../../projects/settings-part.js';

/** The scopes every client may ask for; any other must be listed in the client's `scopes`. */
export const STANDARD_SCOPES = [
  'openid',
  'profile',
  'email',
  'phone',
  'full_access',
  'offline_access',
] as const;

/** One registered application. */
export interface IdpClient {
  /** The `client_id` the application sends. */
  clientId: string;
  /** The name the consent screen shows ('The App' when unset). */
  clientName: string;
  /** A sentence about the application, for the connected apps list. */
  clientDescription: string;
  /** Public (a browser or mobile app: PKCE, no secret) or confidential (a server with a secret). */
  type: 'public' | 'confidential';
  /** Confidential clients: the SHA-256 of the client secret, hex (the secret itself is never stored). */
  clientSecretSha256?: string;
  /** The only URLs a code may be sent to (exact match). */
  redirectUris: string[];
  /** The only URLs a logout may return to (exact match). */
  postLogoutRedirectUris: string[];
  /**
   * More origins whose pages may call the token and userinfo endpoints (CORS), beside those of
   * `redirectUris`: a browser application that receives its code on one origin and runs on another.
   */
  allowedOrigins?: string[];
  /** The scopes the application may be granted. */
  scopes: string[];
  /** A first-party application: the user is never asked for consent. */
  skipConsent: boolean;
  /**
   * How its ID tokens and access tokens are signed (OIDC Dynamic Client Registration's
   * `id_token_signed_response_alg`): RS256 unless it asks for ES256, as OIDC Core 15.1 expects.
   */
  idTokenSignedResponseAlg: 'RS256' | 'ES256';
}

/** The project's identity-provider settings. */
export interface IdpSettings {
  clients: IdpClient[];
}

/** A client as the config file describes it. */
export type IdpClientConfig = Partial<Omit<IdpClient, 'clientId' | 'type' | 'redirectUris'>> &
  Pick<IdpClient, 'clientId' | 'type' | 'redirectUris'>;

/** The settings as the config file describes them. */
export interface IdpConfig {
  clients?: IdpClientConfig[];
}

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    /** Velvet as an OpenID Connect provider: the registered applications (`server/products/idp/`). */
    idp: IdpSettings;
  }
  interface ProjectConfig {
    idp?: IdpConfig;
  }
}

const exactUrls = {
  type: 'array',
  items: { type: 'string', pattern: '^https?://[^\\s#]+$', maxLength: 2048 },
  uniqueItems: true,
  maxItems: 20,
} as const;

/** JSON schema of `idp` in the config file. */
const idpConfigSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    clients: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['clientId', 'type', 'redirectUris'],
        properties: {
          clientId: { type: 'string', pattern: '^[A-Za-z0-9._~-]{1,128}$' },
          clientName: { type: 'string', minLength: 1, maxLength: 100 },
          clientDescription: { type: 'string', maxLength: 500 },
          type: { enum: ['public', 'confidential'] },
          clientSecretSha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
          redirectUris: { ...exactUrls, minItems: 1 },
          postLogoutRedirectUris: exactUrls,
          allowedOrigins: {
            type: 'array',
            items: { type: 'string', pattern: '^https?://[^/?#\\s@]+$', maxLength: 300 },
            uniqueItems: true,
            maxItems: 20,
          },
          scopes: {
            type: 'array',
            items: { type: 'string', pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,64}$' },
            uniqueItems: true,
            maxItems: 50,
          },
          skipConsent: { type: 'boolean' },
          idTokenSignedResponseAlg: { enum: ['RS256', 'ES256'] },
        },
        if: { properties: { type: { const: 'confidential' } } },
        // biome-ignore lint/suspicious/noThenProperty: JSON schema's keyword.
        then: { required: ['clientSecretSha256'] },
      },
    },
  },
} as const;

/** `idp`: each client over the defaults; no clients, so the provider answers nobody, when none. */
export const idpSettingsPart: SettingsPart<'idp', IdpConfig, IdpSettings> = {
  key: 'idp',
  schema: idpConfigSchema,
  defaults: { clients: [] },
  resolve(config) {
    return {
      clients: (config?.clients ?? []).map((client) => ({
        clientId: client.clientId,
        clientName: client.clientName ?? 'The App',
        clientDescription: client.clientDescription ?? '',
        type: client.type,
        ...(client.clientSecretSha256 ? { clientSecretSha256: client.clientSecretSha256 } : {}),
        redirectUris: client.redirectUris,
        postLogoutRedirectUris: client.postLogoutRedirectUris ?? [],
        ...(client.allowedOrigins?.length ? { allowedOrigins: client.allowedOrigins } : {}),
        scopes: client.scopes ?? ['openid', 'profile', 'email', 'phone', 'offline_access'],
        skipConsent: client.skipConsent ?? false,
        idTokenSignedResponseAlg: client.idTokenSignedResponseAlg ?? 'RS256',
      })),
    };
  },
};
