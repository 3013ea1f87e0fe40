/**
 * Malformed text is refused before any route reads it (`well-formed-text.ts`): a NUL character,
 * an unpaired surrogate or bytes that are not UTF-8, in a body field, a path parameter or a query,
 * are a 400 with the API error body on both databases (PostgreSQL's text cannot hold a NUL: each
 * request below was a 500 there), and the refusal writes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { rowsOf, SIGN_IN_TABLES } from '../test/database-rows.js';
import {
  basicAuth,
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

const CLIENT = 'party-planner';
const CALLBACK = 'https://planner.example/callback';
/** Everything a refused request could have written. */
const TABLES = [...SIGN_IN_TABLES, 'idp_grants', 'idp_codes', 'idp_tokens'] as const;

let server: TestServer;
let sessionToken: string;
before(async () => {
  server = await startTestServer({
    project: {
      products: ['otp', 'passkeys'],
      idp: {
        clients: [{ clientId: CLIENT, type: 'public', redirectUris: [CALLBACK] }],
      },
    },
  });
  sessionToken = (await signInBySms(server, '+14155552671')).session_token;
});
after(() => server.close());

/** Asserts that `answer` is the schema error naming `path`, and that nothing was written. */
async function assertRefused(
  send: () => Promise<{ status: number; body: unknown }>,
  path: string,
): Promise<void> {
  const before = await rowsOf(server.store, TABLES);
  const answer = await send();
  assertApiError(answer as Parameters<typeof assertApiError>[0], 400, 'schema_error');
  const problems = (answer.body as { errors: { path: string }[] }).errors.map((p) => p.path);
  assert.deepEqual(problems, [path]);
  assert.deepEqual(await rowsOf(server.store, TABLES), before);
}

/** A raw request: bytes in the body exactly as given. */
async function raw(path: string, init: RequestInit) {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, body };
}

test('a NUL in the nonce of an authorization is refused, and no code or grant is written', async () => {
  await assertRefused(
    () =>
      server.api('/oauth/authorize', {
        secret: sessionToken,
        body: {
          client_id: CLIENT,
          redirect_uri: CALLBACK,
          response_type: 'code',
          scopes: ['openid'],
          consent_granted: true,
          nonce: 'nonce\u0000',
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        },
      }),
    'body.nonce',
  );
});

test('a NUL in the user_agent of a passkey registration is refused, and no challenge is written', async () => {
  await assertRefused(
    () =>
      server.api('/webauthn/register/start', {
        secret: sessionToken,
        headers: { origin: TEST_ORIGIN },
        body: { domain: new URL(TEST_ORIGIN).hostname, user_agent: 'Firefox\u0000' },
      }),
    'body.user_agent',
  );
});

test('a NUL in the new name of a passkey is refused', async () => {
  await assertRefused(
    () =>
      server.api('/webauthn/update/webauthn-registration-test-x', {
        method: 'PUT',
        secret: sessionToken,
        body: { name: 'My key\u0000' },
      }),
    'body.name',
  );
});

test('a NUL in a path id is refused', async () => {
  await assertRefused(
    () =>
      server.api('/users/connected_apps/party%00planner/revoke', {
        method: 'POST',
        secret: sessionToken,
        body: {},
      }),
    'params.id',
  );
});

test('a NUL in the ?to= of the outbox is refused', async () => {
  await assertRefused(() => raw('/dev/outbox?to=%2B1415%00', {}), 'query.to');
});

test('percent-encoding in a query that is not UTF-8 is refused', async () => {
  await assertRefused(() => raw('/dev/outbox?to=%C0%AF', {}), 'query');
});

test('a NUL in an object key of a body is refused, and the metadata stays as it was', async () => {
  await assertRefused(
    () =>
      server.api('/users/me', {
        method: 'PUT',
        secret: sessionToken,
        body: { untrusted_metadata: { 'theme\u0000': 'dark' } },
      }),
    'body.untrusted_metadata',
  );
});

test('an unpaired surrogate in a body field is refused rather than stored as U+FFFD', async () => {
  await assertRefused(
    () =>
      server.api('/users/me', {
        method: 'PUT',
        secret: sessionToken,
        // JSON.stringify writes the lone surrogate as the escape `\ud800`.
        body: { untrusted_metadata: { theme: 'dark\ud800' } },
      }),
    'body.untrusted_metadata.theme',
  );
});

test('bytes that are not UTF-8 in a body are refused rather than stored as U+FFFD', async () => {
  await assertRefused(
    () =>
      raw('/sdk/v1/users/me', {
        method: 'PUT',
        headers: {
          authorization: basicAuth(TEST_PUBLIC_TOKEN, sessionToken),
          'content-type': 'application/json',
        },
        body: Buffer.concat([
          Buffer.from('{"untrusted_metadata":{"theme":"'),
          Buffer.from([0xff, 0xc0, 0xaf]),
          Buffer.from('"}}'),
        ]),
      }),
    'body',
  );
});

test('a compressed body or one in another charset is refused as unsupported_media_type', async () => {
  const refused: Record<string, string>[] = [
    { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    { 'content-type': 'application/json; charset=utf-16' },
  ];
  for (const headers of refused) {
    const before = await rowsOf(server.store, TABLES);
    const answer = await raw('/sdk/v1/users/me', {
      method: 'PUT',
      headers: { authorization: basicAuth(TEST_PUBLIC_TOKEN, sessionToken), ...headers },
      body: JSON.stringify({ untrusted_metadata: { theme: 'dark' } }),
    });
    assertApiError(answer, 415, 'unsupported_media_type');
    assert.deepEqual(await rowsOf(server.store, TABLES), before);
  }
});

test('well-formed text in every language is accepted as sent', async () => {
  const theme = 'nuit étoilée 🌙 ليلة \ufffd';
  const answer = await server.api('/users/me', {
    method: 'PUT',
    secret: sessionToken,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: { untrusted_metadata: { theme } },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.untrusted_metadata.theme, theme);
});
