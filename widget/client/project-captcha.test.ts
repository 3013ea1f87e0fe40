import { expect } from '@open-wc/testing';
import { CaptchaRequiredError } from './errors.js';
import { apiErrorBody, authenticateBody, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, type TestClient } from './testing/test-client.js';

const captchaBody = apiErrorBody(403, 'captcha_required', 'Captcha required');

/**
 * A stand-in of Turnstile's browser API (`render`, `execute`, `remove`) that answers each
 * executed widget with `answer(params)` through its callbacks, and records what it was given.
 */
function standInTurnstile(answer: (params: Record<string, unknown>) => string | Error) {
  const rendered: Array<Record<string, unknown>> = [];
  const live = new Map<string, Record<string, unknown>>();
  window.turnstile = {
    render(container, params) {
      expect(container.isConnected, 'the container is in the page').to.equal(true);
      rendered.push(params);
      const id = `widget-${rendered.length}`;
      live.set(id, params);
      return id;
    },
    execute(id) {
      const params = live.get(id);
      if (!params) return;
      const result = answer(params);
      setTimeout(() => {
        if (result instanceof Error) (params['error-callback'] as (code: string) => void)('300010');
        else (params.callback as (token: string) => void)(result);
      });
    },
    remove(id) {
      live.delete(id);
    },
  };
  return { rendered, live };
}

function captchaProject(test: TestClient, settings: Record<string, unknown>): void {
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ project_name: 'Party', captcha_settings: settings }),
  });
}

/** Answers the first call to `path` with captcha_required and the next with `json`. */
function refuseFirst(test: TestClient, path: string, json: Record<string, unknown>): void {
  let calls = 0;
  test.api.on('POST', path, () => {
    calls += 1;
    return calls === 1 ? { status: 403, json: captchaBody } : { json };
  });
}

/** Answers the first SMS send with captcha_required and the next with success. */
function refuseFirstSend(test: TestClient): void {
  refuseFirst(
    test,
    '/otps/sms/login_or_create',
    success({ user_id: 'user-1', method_id: 'phone-1' }),
  );
}

afterEach(async () => {
  delete window.turnstile;
  await cleanUpClients();
});

describe('the project’s captcha (Turnstile)', () => {
  it('retries a captcha_required send with a fresh Turnstile token, action LOGIN', async () => {
    const turnstile = standInTurnstile((params) => `token-for-${String(params.sitekey)}`);
    const test = createTestClient();
    captchaProject(test, { enabled: true, siteKey: '0x4AAA-site', provider: 'turnstile' });
    refuseFirstSend(test);
    const response = await test.client.otps.sms.loginOrCreate('+14155550100');
    expect(response.method_id).to.equal('phone-1');
    const sends = test.api.requests.filter((request) => request.method === 'POST');
    expect(sends.map((request) => request.body)).to.deep.equal([
      { phone_number: '+14155550100' },
      { phone_number: '+14155550100', captcha_token: 'token-for-0x4AAA-site' },
    ]);
    expect(turnstile.rendered).to.have.length(1);
    expect(turnstile.rendered[0]).to.include({
      sitekey: '0x4AAA-site',
      action: 'LOGIN',
      execution: 'execute',
    });
    expect(turnstile.live.size, 'the used widget is removed').to.equal(0);

    // The next refusal gets a new widget and a new token.
    refuseFirstSend(test);
    await test.client.otps.sms.loginOrCreate('+14155550100');
    expect(turnstile.rendered).to.have.length(2);
  });

  it('retries the credential checks the server guards too: user search, password reset', async () => {
    standInTurnstile(() => 'fresh-token');
    const test = createTestClient();
    captchaProject(test, { enabled: true, siteKey: '0x4AAA-site', provider: 'turnstile' });
    refuseFirst(test, '/users/search', success({ user_type: 'password' }));
    refuseFirst(test, '/passwords/existing_password/reset', authenticateBody());
    const search = await test.client.user.search('ada@example.com');
    expect(search.user_type).to.equal('password');
    const reset = { email: 'ada@example.com', existing_password: 'old-1', new_password: 'new-2' };
    await test.client.passwords.resetByExistingPassword(reset);
    const calls = test.api.requests.filter((request) => request.method === 'POST');
    expect(calls.map((request) => [request.path, request.body])).to.deep.equal([
      ['/users/search', { email: 'ada@example.com' }],
      ['/users/search', { email: 'ada@example.com', captcha_token: 'fresh-token' }],
      ['/passwords/existing_password/reset', reset],
      ['/passwords/existing_password/reset', { ...reset, captcha_token: 'fresh-token' }],
    ]);
  });

  it('fails with "Unable to query captcha..." when the challenge fails', async () => {
    standInTurnstile(() => new Error('challenge failed'));
    const test = createTestClient();
    captchaProject(test, { enabled: true, siteKey: '0x4AAA-site', provider: 'turnstile' });
    test.api.on('POST', '/otps/sms/login_or_create', { status: 403, json: captchaBody });
    const error = await test.client.otps.sms.loginOrCreate('+14155550100').catch((e) => e);
    expect(error).to.be.instanceOf(CaptchaRequiredError);
    expect((error as Error).message).to.equal('Unable to query captcha and/or dfp telemetry ID');
    expect(test.api.requests.filter((request) => request.method === 'POST')).to.have.length(1);
  });

  it('fails the same way when the script cannot load, and for a provider it does not know', async () => {
    for (const settings of [
      { enabled: true, siteKey: 'site', scriptUrl: 'http://127.0.0.1:9/turnstile/v0/api.js' },
      { enabled: true, siteKey: 'site', provider: 'recaptcha-enterprise' },
    ]) {
      const test = createTestClient();
      captchaProject(test, settings);
      test.api.on('POST', '/otps/sms/login_or_create', { status: 403, json: captchaBody });
      const error = await test.client.otps.sms.loginOrCreate('+14155550100').catch((e) => e);
      expect((error as Error).message).to.equal('Unable to query captcha and/or dfp telemetry ID');
    }
    expect(window.turnstile).to.equal(undefined);
  });
});
