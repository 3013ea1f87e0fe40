/**
 * A real OpenID Connect provider on loopback for tests: `oidc-provider` (the certified Node
 * implementation) with its own login and consent pages. Any login name signs in; the account's
 * email is `<login>@<emailDomain>`, verified unless the login starts with `unverified`.
 * Google-, Microsoft- and Apple-shaped providers (and the other OpenID Connect ones) are pointed
 * at it through `issuer`. The client `<clientId>` sends its secret in the body, `<clientId>-basic`
 * by Basic auth.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A running peer. */
export interface OidcPeer {
  /** The issuer (`http://127.0.0.1:PORT`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** What the peer is set up with. */
export interface OidcPeerOptions {
  /** The redirect URIs the client may use (the Velvet callbacks). */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** The domain of the accounts' emails. */
  emailDomain?: string;
  /** A fixed port (the e2e server's config names it before the peer starts). */
  port?: number;
}

/** Starts the peer on 127.0.0.1. */
export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'velvet-test-client';
  const clientSecret = options.clientSecret ?? 'velvet-test-secret-0123456789abcdef';
  const domain = options.emailDomain ?? 'oidc.test';
  const provider = new Provider(issuer, {
    // The client, and the same app for providers whose secret goes by Basic auth (`<id>-basic`).
    clients: (['client_secret_post', 'client_secret_basic'] as const).map((method) => ({
      client_id: method === 'client_secret_post' ? clientId : `${clientId}-basic`,
      client_secret: clientSecret,
      redirect_uris: options.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: method,
    })),
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: `${sub}@${domain}`.toLowerCase(),
            email_verified: !sub.startsWith('unverified'),
            given_name: sub,
            family_name: 'Tester',
            name: `${sub} Tester`,
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'locale'],
    },
    // Google puts the email in the ID token itself.
    conformIdTokenClaims: false,
    // Twitch asks for its email claims with the `claims` parameter.
    features: { devInteractions: { enabled: true }, claimsParameter: { enabled: true } },
    cookies: { keys: ['velvet-oidc-peer-cookie-key-0123456789'] },
    pkce: { required: () => false },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
  });
  // oidc-provider warns about its development keys and interactions: expected here.
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
