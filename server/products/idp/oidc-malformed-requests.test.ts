/**
 * The standard endpoints refuse a request they cannot read as RFC 6749 does: 400 with
 * `{"error":"invalid_request","error_description":…}` (userinfo with RFC 6750's Bearer challenge
 * too), never the 500 a body Fastify refused before the route used to get.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BODY_LIMIT_BYTES } from '../../app.js';
import { rowsOf } from '../../test/database-rows.js';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../../test/test-server.js';

const CLIENT = 'party-planner';
const TABLES = ['idp_grants', 'idp_codes', 'idp_tokens', 'rate_limits'] as const;

let server: TestServer;
before(async () => {
  server = await startTestServer({
    project: {
      idp: {
        clients: [
          { clientId: CLIENT, type: 'public', redirectUris: ['https://planner.example/callback'] },
        ],
      },
    },
  });
});
after(() => server.close());

const form = 'application/x-www-form-urlencoded';
const tokenForm = `grant_type=authorization_code&client_id=${CLIENT}&code=x&code_verifier=y`;

/** Malformed bodies the issue found answered with 500, and their neighbours. */
const MALFORMED: ReadonlyArray<{ name: string; headers: Record<string, string>; body: Buffer }> = [
  { name: 'bad JSON', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"a":') },
  { name: 'empty JSON', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0) },
  {
    name: 'an oversized form',
    headers: { 'content-type': form },
    body: Buffer.from(`${tokenForm}&pad=${'x'.repeat(BODY_LIMIT_BYTES)}`),
  },
  {
    name: 'an unsupported charset',
    headers: { 'content-type': `${form}; charset=utf-16` },
    body: Buffer.from(tokenForm, 'utf16le'),
  },
  {
    name: 'a gzip body',
    headers: { 'content-type': form, 'content-encoding': 'gzip' },
    body: gzipSync(tokenForm),
  },
  {
    name: 'a NUL in a form field',
    headers: { 'content-type': form },
    body: Buffer.from(`${tokenForm}%00`),
  },
  {
    name: 'a form that is not UTF-8',
    headers: { 'content-type': form },
    body: Buffer.from(`${tokenForm}%C0%AF`),
  },
];

/** Sends `body` to `/oauth/{public_token}{path}` and reads the JSON answer. */
async function send(path: string, headers: Record<string, string>, body: Buffer) {
  const response = await fetch(`${server.url}/oauth/${TEST_PUBLIC_TOKEN}${path}`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

for (const { name, headers, body } of MALFORMED) {
  test(`the token endpoint answers ${name} with invalid_request (400), writing nothing`, async () => {
    const before = await rowsOf(server.store, TABLES);
    const answer = await send('/token', headers, body);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.error, 'invalid_request');
    assert.match(answer.body.error_description, /^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await rowsOf(server.store, TABLES), before);
  });

  test(`userinfo answers ${name} with invalid_request (400) and a Bearer challenge`, async () => {
    const answer = await send('/userinfo', { ...headers, authorization: 'Bearer x' }, body);
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.error, 'invalid_request');
    assert.equal(answer.headers.get('www-authenticate'), 'Bearer error="invalid_request"');
  });
}
