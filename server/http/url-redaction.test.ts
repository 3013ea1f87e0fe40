import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl, redactUrlsIn } from './url-redaction.js';

test('a URL without a query is returned as it is', () => {
  const url = '/sdk/v1/sessions/authenticate';
  assert.equal(redactUrl(url), url);
  assert.equal(
    redactUrlsIn('request failed at /sdk/v1/users/me'),
    'request failed at /sdk/v1/users/me',
  );
});

test('a landing URL keeps its token type and hides its token', () => {
  assert.equal(
    redactUrl('/?stytch_token_type=magic_links&token=B7fjP-Co0r7x0XnDq8hIduUMjGIHTlf7JZ4UJC9bI5U'),
    '/?stytch_token_type=magic_links&token=[redacted]',
  );
});

test('an OAuth callback hides its code and state and keeps the issuer and error', () => {
  assert.equal(
    redactUrl('/sdk/v1/public/oauth/google/callback?code=abc&state=def&iss=https%3A%2F%2Fa.test'),
    '/sdk/v1/public/oauth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fa.test',
  );
  assert.equal(
    redactUrl('/callback?error=access_denied&state=def'),
    '/callback?error=access_denied&state=[redacted]',
  );
});

test('an authorization request keeps its options and hides PKCE, state, nonce and hints', () => {
  const url =
    '/oauth/pt/authorize?client_id=planner&redirect_uri=https%3A%2F%2Fp.test%2Fcb&response_type=code' +
    '&scope=openid+phone&state=s1&nonce=n1&code_challenge=c1&code_challenge_method=S256' +
    '&login_hint=guest%40example.com&id_token_hint=eyJ.x.y&prompt=login';
  assert.equal(
    redactUrl(url),
    '/oauth/pt/authorize?client_id=planner&redirect_uri=https%3A%2F%2Fp.test%2Fcb&response_type=code' +
      '&scope=openid+phone&state=[redacted]&nonce=[redacted]&code_challenge=[redacted]' +
      '&code_challenge_method=S256&login_hint=[redacted]&id_token_hint=[redacted]&prompt=login',
  );
});

test('an unknown parameter is hidden: the list names what is harmless, not what is secret', () => {
  assert.equal(
    redactUrl(
      '/start?public_token=pt&provider_login_hint=a%40b.c&oauth_attach_token=x&new_thing=y',
    ),
    '/start?public_token=pt&provider_login_hint=[redacted]&oauth_attach_token=[redacted]&new_thing=[redacted]',
  );
  assert.equal(redactUrl('/dev/outbox?to=%2B14155552671'), '/dev/outbox?to=[redacted]');
});

test('a percent-encoded name is matched by what it means, so it cannot slip a value through', () => {
  assert.equal(redactUrl('/x?%74oken=secret'), '/x?%74oken=[redacted]');
  assert.equal(redactUrl('/x?public%5Ftoken=pt'), '/x?public%5Ftoken=pt');
});

test('bare entries, empty pairs and a fragment', () => {
  assert.equal(redactUrl('/x?B7fjP-Co0r7x0X&&token='), '/x?[redacted]&&token=[redacted]');
  assert.equal(redactUrl('/x?prompt&scope=openid'), '/x?prompt&scope=openid');
  assert.equal(redactUrl('/x?token=a#token=b'), '/x?token=[redacted]#[redacted]');
});

test('URLs inside text have their queries redacted, the rest of the text kept', () => {
  assert.equal(
    redactUrlsIn(
      'Reply was already sent, did you forget to "return reply" in the "/x?code=123456&scope=openid" (GET) route?',
    ),
    'Reply was already sent, did you forget to "return reply" in the "/x?code=[redacted]&scope=openid" (GET) route?',
  );
  assert.equal(
    redactUrlsIn('fetch https://a.test/cb?token=t1 failed; then https://b.test/?state=s2'),
    'fetch https://a.test/cb?token=[redacted] failed; then https://b.test/?state=[redacted]',
  );
});
