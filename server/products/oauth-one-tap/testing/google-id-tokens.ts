/**
 * Google's side of One Tap for tests, on loopback: a signing key made with `jose`, its JWK Set
 * served over HTTP as Google serves `oauth2/v3/certs`, and ID tokens shaped as Google's (RS256,
 * `iss`, `aud`, `sub`, `email`, `email_verified`, `nonce`, `iat`, `exp`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** The claims of a test ID token; any may be overridden (or removed with `undefined`). */
export interface IdTokenClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  nonce?: string;
  given_name?: string;
  family_name?: string;
}

/** A running stand-in. */
export interface GoogleStandIn {
  /** Where its JWK Set is (`jwksUri` of the project's Google provider). */
  jwksUri: string;
  /** Signs an ID token with its key (or with `otherKey`, one it does not publish). */
  idToken(
    claims: IdTokenClaims,
    options?: { otherKey?: boolean; expiresInSeconds?: number; now?: number },
  ): Promise<string>;
  close(): Promise<void>;
}

/** Starts the stand-in; `issuer` and `audience` are what its tokens say unless overridden. */
export async function startGoogleStandIn(defaults: {
  issuer: string;
  audience: string;
}): Promise<GoogleStandIn> {
  const kid = `velvet-test-${Math.random().toString(36).slice(2, 10)}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUri: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    async idToken(claims, options = {}) {
      const now = Math.floor((options.now ?? Date.now()) / 1000);
      const payload: JWTPayload = {
        iss: defaults.issuer,
        aud: defaults.audience,
        iat: now,
        exp: now + (options.expiresInSeconds ?? 3600),
        email_verified: true,
        ...claims,
      };
      for (const [key, value] of Object.entries(payload)) {
        if (value === undefined) delete payload[key];
      }
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(options.otherKey ? other.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
