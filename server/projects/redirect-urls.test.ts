import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ErrorCodes, type ErrorType } from '../http/api-error.js';
import { assertApiError } from '../test/api-assertions.js';
import { rowsOf } from '../test/database-rows.js';
import {
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

const LISTED = 'http://app.velvet.test/signed-in';
const UNLISTED = 'https://evil.example/steal';

/** The one message every product answers an unlisted redirect URL with. */
function refusalMessage(type: ErrorType, url: string): string {
  return `${ErrorCodes[type].message.replace(/\.$/, '')}: ${url}`;
}

describe('the redirect allow-list, one rule for every product', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        products: ['oauth', 'emailMagicLinks', 'passwords'],
        oauth: {
          providers: { google: { clientId: 'velvet-google-client', clientSecret: 'secret' } },
          loginRedirectURLs: [LISTED],
          signupRedirectURLs: [LISTED],
        },
        emailMagicLinks: { loginRedirectURLs: [LISTED], signupRedirectURLs: [LISTED] },
        passwords: { resetRedirectUrls: [LISTED] },
      },
    });
  });
  after(() => server.close());

  const refusals: { name: string; type: ErrorType; path: string; body: Record<string, unknown> }[] =
    [
      {
        name: 'a magic link to an unlisted URL',
        type: 'no_match_for_provided_magic_link_url',
        path: '/magic_links/email/login_or_create',
        body: { email: 'eve@example.com', login_magic_link_url: UNLISTED },
      },
      {
        name: 'a password reset link to an unlisted URL',
        type: 'reset_redirect_url_not_allowed',
        path: '/passwords/email/reset/start',
        body: { email: 'eve@example.com', reset_password_redirect_url: UNLISTED },
      },
      {
        name: 'a One Tap landing on an unlisted URL',
        type: 'no_match_for_provided_oauth_url',
        path: '/oauth/google/onetap/submit',
        body: {
          id_token: 'a.b.c',
          oauth_callback_id: 'oauth-callback-test-x',
          pkce_code_challenge: 'x'.repeat(43),
          signup_redirect_url: UNLISTED,
        },
      },
    ];

  for (const refusal of refusals) {
    test(`${refusal.name} is refused with its one message, naming the URL, and writes nothing`, async () => {
      const before = await rowsOf(server.store);
      const answer = await server.api(refusal.path, {
        body: refusal.body,
        headers: { origin: TEST_ORIGIN },
      });
      assertApiError(answer, 400, refusal.type);
      assert.equal(answer.body.error_message, refusalMessage(refusal.type, UNLISTED));
      assert.deepEqual(await rowsOf(server.store), before);
    });
  }

  test('an OAuth sign-in started for an unlisted URL is refused with the same message', async () => {
    const url = new URL(`${server.url}/sdk/v1/public/oauth/google/start`);
    url.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
    url.searchParams.set('code_challenge', 'x'.repeat(43));
    url.searchParams.set('login_redirect_url', UNLISTED);
    const before = await rowsOf(server.store);
    const page = await fetch(url, { redirect: 'manual' });
    const html = await page.text();
    assert.equal(page.status, 400);
    assert.ok(html.includes('no_match_for_provided_oauth_url'), html.slice(0, 300));
    assert.deepEqual(await rowsOf(server.store), before);
  });
});
