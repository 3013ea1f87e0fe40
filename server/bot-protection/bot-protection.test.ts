import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CaptchaMode } from '../projects/project-settings.js';
import { assertApiError } from '../test/api-assertions.js';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test/test-server.js';
import { startTurnstilePeer, type TurnstilePeer } from './turnstile-peer.js';

const SITE_KEY = '0x4AAAAAAAvelvetTestSiteKey';
const SECRET_KEY = '0x4AAAAAAAvelvetTestSecretKey-never-sent-to-browsers';
const ORIGIN_HOST = new URL(TEST_ORIGIN).hostname;

/** A server whose test project verifies Turnstile tokens with `peer` in `mode`. */
function protectedServer(peer: TurnstilePeer, mode: CaptchaMode, logLine?: (line: string) => void) {
  return startTestServer({
    project: {
      products: ['otp', 'emailMagicLinks', 'passwords'],
      emailMagicLinks: { loginRedirectURLs: [`${TEST_ORIGIN}/signed-in`] },
      botProtection: {
        captcha: {
          provider: 'turnstile',
          siteKey: SITE_KEY,
          secretKey: SECRET_KEY,
          mode,
          verifyUrl: peer.verifyUrl,
        },
      },
    },
    ...(logLine ? { logLine } : {}),
  });
}

/** The bot-protection records the server logged. */
function records(lines: string[]): Array<Record<string, unknown>> {
  return lines
    .map((line) => JSON.parse(line) as { bot_protection?: Record<string, unknown> })
    .flatMap((entry) => (entry.bot_protection ? [entry.bot_protection] : []));
}

describe('bot protection in DECISIONING mode (Turnstile)', () => {
  let peer: TurnstilePeer;
  let server: TestServer;
  before(async () => {
    peer = await startTurnstilePeer({ siteKey: SITE_KEY, secretKey: SECRET_KEY });
    server = await protectedServer(peer, 'DECISIONING');
  });
  after(async () => {
    await server.close();
    await peer.close();
  });

  test('bootstrap serves the site key as Stytch does, and never the secret or the mode', async () => {
    const answer = await server.api(`/projects/bootstrap/${server.project.publicToken}`, {
      method: 'GET',
    });
    assert.deepEqual(answer.body.captcha_settings, {
      enabled: true,
      siteKey: SITE_KEY,
      provider: 'turnstile',
    });
    assert.equal(answer.body.dfp_protected_auth_enabled, false);
    assert.doesNotMatch(JSON.stringify(answer.raw), /SecretKey|DECISIONING/);
  });

  test('a send without a token is refused with captcha_required, and nothing is sent', async () => {
    const answer = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550140' },
    });
    assertApiError(answer, 403, 'captcha_required');
    assert.equal(answer.body.error_message, 'Captcha required');
    assert.equal(server.outbox.list({ to: '+14155550140' }).length, 0);
    assert.equal(peer.verifications.length, 0, 'no token, no call to the provider');
  });

  test('a valid token lets the send through, after one siteverify call in Turnstile’s format', async () => {
    const token = peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' });
    const before = peer.verifications.length;
    const answer = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550141', captcha_token: token, dfp_telemetry_id: 'ignored' },
    });
    assert.equal(answer.status, 200);
    assert.equal(server.outbox.list({ to: '+14155550141' }).length, 1);
    const call = peer.verifications.slice(before);
    assert.equal(call.length, 1);
    assert.equal(call[0]?.secret, SECRET_KEY);
    assert.equal(call[0]?.response, token);
    assert.equal(call[0]?.remoteip, '127.0.0.1');
    assert.match(String(call[0]?.idempotency_key), /^[0-9a-f-]{36}$/);
  });

  test('a bad, reused, foreign or wrong-action token is refused with captcha_failed', async () => {
    const reused = peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' });
    const first = await server.api('/magic_links/email/login_or_create', {
      body: { email: 'ada@example.com', captcha_token: reused },
    });
    assert.equal(first.status, 200);
    const cases = {
      forged: 'not-a-token-the-provider-made',
      reused,
      'made on another site': peer.issue({ hostname: 'evil.example', action: 'LOGIN' }),
      'made for another action': peer.issue({ hostname: ORIGIN_HOST, action: 'signup' }),
    };
    for (const [what, token] of Object.entries(cases)) {
      const answer = await server.api('/magic_links/email/login_or_create', {
        body: { email: 'grace@example.com', captcha_token: token },
      });
      assertApiError(answer, 429, 'captcha_failed');
      assert.equal(answer.body.error_message, 'Captcha failed', what);
    }
  });

  test('password sign-in and reset starts are protected; the passcode check is not', async () => {
    for (const path of ['/passwords', '/passwords/authenticate', '/passwords/email/reset/start']) {
      const answer = await server.api(path, {
        body: { email: 'ada@example.com', password: 'violet-Harbor-7-quietly-juggles' },
      });
      assertApiError(answer, 403, 'captcha_required');
    }
    const check = await server.api('/otps/authenticate', {
      body: { token: '123456', method_id: 'phone-number-test-unknown' },
    });
    assert.notEqual(check.body.error_type, 'captcha_required');
  });

  test('an attacker tries passwords through existing_password/reset without a captcha: refused before the check', async () => {
    const email = 'reset-owner@example.com';
    const password = 'violet-Harbor-7-quietly-juggles';
    const created = await server.api('/passwords', {
      body: {
        email,
        password,
        captcha_token: peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' }),
      },
    });
    assert.equal(created.status, 200);
    const tries = { right: password, wrong: `${password}!` };
    for (const [what, existing] of Object.entries(tries)) {
      const answer = await server.api('/passwords/existing_password/reset', {
        body: { email, existing_password: existing, new_password: 'amber-Lantern-9-softly-hums' },
      });
      assertApiError(answer, 403, 'captcha_required');
      assert.equal(answer.body.error_message, 'Captcha required', what);
    }
    const signIn = await server.api('/passwords/authenticate', {
      body: {
        email,
        password,
        captcha_token: peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' }),
      },
    });
    assert.equal(signIn.status, 200, 'the password was not changed');
  });

  test('an attacker asks users/search which addresses have accounts without a captcha: refused', async () => {
    for (const email of ['ada@example.com', 'nobody-here@example.com']) {
      const answer = await server.api('/users/search', { body: { email } });
      assertApiError(answer, 403, 'captcha_required');
    }
    const token = peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' });
    const answer = await server.api('/users/search', {
      body: { email: 'nobody-here@example.com', captcha_token: token },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.user_type, 'new');
  });

  test('a token longer than Turnstile’s 2048 characters fails without asking Turnstile', async () => {
    const before = peer.verifications.length;
    const answer = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550142', captcha_token: 'x'.repeat(2049) },
    });
    assertApiError(answer, 429, 'captcha_failed');
    assert.equal(peer.verifications.length, before);
    const tooLong = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550142', captcha_token: 'x'.repeat(4097) },
    });
    assertApiError(tooLong, 400, 'schema_error');
  });
});

describe('bot protection in OBSERVATION mode (Turnstile)', () => {
  let peer: TurnstilePeer;
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    peer = await startTurnstilePeer({ siteKey: SITE_KEY, secretKey: SECRET_KEY });
    server = await protectedServer(peer, 'OBSERVATION', (line) => lines.push(line));
  });
  after(async () => {
    await server.close();
    await peer.close();
  });

  test('every request goes through, and each verdict is logged without the token', async () => {
    const good = peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' });
    const bodies = [
      { phone_number: '+14155550150' },
      { phone_number: '+14155550151', captcha_token: 'forged-token' },
      { phone_number: '+14155550152', captcha_token: good },
    ];
    for (const body of bodies) {
      const answer = await server.api('/otps/sms/login_or_create', { body });
      assert.equal(answer.status, 200);
    }
    for (const number of ['+14155550150', '+14155550151', '+14155550152']) {
      assert.equal(server.outbox.list({ to: number }).length, 1, number);
    }
    const logged = records(lines);
    assert.deepEqual(
      logged.map(({ outcome, error_codes }) => ({ outcome, error_codes })),
      [
        { outcome: 'missing', error_codes: ['missing-input-response'] },
        { outcome: 'failed', error_codes: ['invalid-input-response'] },
        { outcome: 'passed', error_codes: [] },
      ],
    );
    assert.ok(logged.every((record) => record.mode === 'OBSERVATION'));
    assert.ok(logged.every((record) => String(record.route).endsWith('/otps/sms/login_or_create')));
    assert.ok(!lines.some((line) => line.includes(good) || line.includes('forged-token')));
  });
});

describe('bot protection when the provider cannot be reached', () => {
  test('DECISIONING fails closed with captcha_failed', async () => {
    const peer = await startTurnstilePeer({ siteKey: SITE_KEY, secretKey: SECRET_KEY });
    const server = await protectedServer(peer, 'DECISIONING');
    const token = peer.issue({ hostname: ORIGIN_HOST, action: 'LOGIN' });
    await peer.close();
    try {
      const answer = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: '+14155550160', captcha_token: token },
      });
      assertApiError(answer, 429, 'captcha_failed');
      assert.equal(server.outbox.list({ to: '+14155550160' }).length, 0);
    } finally {
      await server.close();
    }
  });

  test('a project without a captcha ignores tokens and serves captcha_settings disabled', async () => {
    const server = await startTestServer();
    try {
      const boot = await server.api(`/projects/bootstrap/${server.project.publicToken}`, {
        method: 'GET',
      });
      assert.deepEqual(boot.body.captcha_settings, { enabled: false });
      // A token the project has no provider to check: it is ignored, not refused.
      const answer = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: '+14155550161', captcha_token: 'a-token-nobody-checks' },
      });
      assert.equal(answer.status, 200);
      assert.equal(server.outbox.list({ to: '+14155550161' }).length, 1, 'the passcode is sent');
    } finally {
      await server.close();
    }
  });
});
