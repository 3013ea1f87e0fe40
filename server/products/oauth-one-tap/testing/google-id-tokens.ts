/**
 * Google's side of One Tap for tests, on loopback: a signing key made with `jose`, its JWK Set
 * served over HTTP as Google serves `oauth2/v3/certs`, and ID tokens shaped as Google's (RS256,
 * `iss`, `aud`, `sub`, `email`, `email_verified`, `nonce`, `iat`, `exp`). For browsers it also
 * serves the stand-in of Google's script (`/gsi/client`, `server/dev-identity/gsi-client.js`), `/gsi/setup.js` which points that stand-in at `/gsi/issue`, and `/gsi/issue`,
 * which signs a token for the account, nonce and client id the prompt was initialized with.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** The claims of a test ID token; any may be overridden (or removed with `undefined`). */
export interface IdTokenClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  nonce?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** A running stand-in. */
export interface GoogleStandIn {
  /** Where its JWK Set is (`jwksUri` of the project's Google provider). */
  jwksUri: string;
  /** Its origin (`/gsi/setup.js` and `/gsi/client` are the scripts a page loads). */
  origin: string;
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
  /** The Google account the browser stand-in offers. */
  account?: { email: string; name: string; subject: string };
}): Promise<GoogleStandIn> {
  const account = defaults.account ?? {
    email: 'guest@gmail.test',
    name: 'Guest',
    subject: '100000000000000000001',
  };
  const kid = `velvet-test-${Math.random().toString(36).slice(2, 10)}`;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let origin = '';
  const server: Server = createServer((request, response) => {
    if (request.url === '/oauth2/v3/certs') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (request.url === '/gsi/client' || request.url === '/gsi/setup.js') {
      const body =
        request.url === '/gsi/client'
          ? GSI_CLIENT_SOURCE
          : `window.velvetGoogleStandIn = { account: ${JSON.stringify({ email: account.email, name: account.name })},\n` +
            `  issueIdToken: (request) => fetch(${JSON.stringify(`${origin}/gsi/issue`)}, ` +
            "{ method: 'POST', body: JSON.stringify(request) }).then((answer) => answer.text()) };\n";
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(body);
      return;
    }
    if (request.url === '/gsi/issue' && request.method === 'POST') {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      request.on('end', () => {
        const asked = JSON.parse(text) as { nonce: string; clientId: string };
        void standIn
          .idToken({
            aud: asked.clientId,
            nonce: asked.nonce,
            sub: account.subject,
            email: account.email,
            name: account.name,
          })
          .then((token) => {
            response.writeHead(200, {
              'content-type': 'text/plain',
              'access-control-allow-origin': '*',
            });
            response.end(token);
          });
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const standIn: GoogleStandIn = {
    jwksUri: `${origin}/oauth2/v3/certs`,
    origin,
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
  return standIn;
}

/** The browser stand-in of `accounts.google.com/gsi/client`. */
const GSI_CLIENT_SOURCE = readFileSync(
  join(import.meta.dirname, '../../../dev-identity/gsi-client.js'),
  'utf8',
);
