import { expect } from '@open-wc/testing';
import {
  ApiError,
  ApiUnreachableError,
  CaptchaRequiredError,
  SchemaError,
  VelvetError,
} from './errors.js';
import { HttpClient } from './http-client.js';
import { FakeApi } from './testing/fake-api.js';
import { apiErrorBody, makeUser, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn } from './testing/test-client.js';

/** Runs `call` and returns what it threw (fails the test if it did not throw). */
async function caught(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

function decodeBase64Json(value: string | null): Record<string, unknown> {
  return JSON.parse(atob(value ?? '')) as Record<string, unknown>;
}

describe('HttpClient', () => {
  afterEach(cleanUpClients);

  describe('request shape', () => {
    it('sends Basic public_token:public_token while signed out', async () => {
      const test = createTestClient();
      test.api.on('POST', '/otps/sms/login_or_create', {
        json: success({ user_id: 'user-1', method_id: 'phone-1', phone_id: 'phone-1' }),
      });
      await test.client.otps.sms.loginOrCreate('+14155550100', { expiration_minutes: 10 });

      const [request] = test.api.requests;
      const expected = `Basic ${btoa(`${test.publicToken}:${test.publicToken}`)}`;
      expect(request?.headers.get('Authorization')).to.equal(expected);
    });

    it('sends Basic public_token:session_token once signed in', async () => {
      const test = createTestClient();
      await signIn(test, 'session-token-abc');
      test.api.on('GET', '/users/me', { json: success({ ...makeUser() }) });
      await test.client.user.get();

      const request = test.api.requestsTo('/users/me')[0];
      const expected = `Basic ${btoa(`${test.publicToken}:session-token-abc`)}`;
      expect(request?.headers.get('Authorization')).to.equal(expected);
    });

    it('sends JSON with credentials to {origin}/sdk/v1 and a telemetry header', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { json: success({ user_type: 'new' }) });
      await test.client.user.search('ada@example.com');

      const [request] = test.api.requests;
      expect(request?.url).to.equal(`${location.origin}/sdk/v1/users/search`);
      expect(request?.method).to.equal('POST');
      expect(request?.credentials).to.equal('include');
      expect(request?.headers.get('Content-Type')).to.equal('application/json');
      expect(request?.body).to.deep.equal({ email: 'ada@example.com' });

      const blob = decodeBase64Json(request?.headers.get('X-SDK-Client') ?? null);
      expect(blob.event_id).to.match(/^event-id-[0-9a-f-]{36}$/);
      expect(blob.app_session_id).to.match(/^app-session-id-/);
      expect(blob.persistent_id).to.match(/^persistent-id-/);
      expect(blob.client_sent_at).to.equal('2025-07-26T18:00:00.000Z');
      expect(blob.timezone).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(blob.app).to.deep.equal({ identifier: location.host });
      expect(blob.sdk).to.deep.equal({ identifier: 'velvet-js', version: '5.25.1' });
    });

    it('gives every request its own event_id', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { json: success({ user_type: 'new' }) });
      await test.client.user.search('a@example.com');
      await test.client.user.search('b@example.com');
      const ids = test.api.requests.map(
        (request) => decodeBase64Json(request.headers.get('X-SDK-Client')).event_id,
      );
      expect(ids[0]).to.not.equal(ids[1]);
    });

    it('uses apiBase when given', async () => {
      const test = createTestClient({ apiBase: 'https://id.velvet.test/' });
      test.api.on('POST', '/users/search', { json: success({ user_type: 'password' }) });
      await test.client.user.search('ada@example.com');
      expect(test.api.requests[0]?.url).to.equal('https://id.velvet.test/sdk/v1/users/search');
    });
  });

  describe('errors', () => {
    it('maps a network failure to "Unable to contact our servers."', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { networkError: true });
      const error = await caught(() => test.client.user.search('ada@example.com'));
      expect(error).to.be.instanceOf(ApiUnreachableError);
      expect(error).to.be.instanceOf(VelvetError);
      expect((error as ApiUnreachableError).message).to.equal('Unable to contact our servers.');
      expect((error as ApiUnreachableError).error_type).to.equal('api_unreachable');
    });

    it('maps a success that is not JSON to "Invalid JSON response from our servers."', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { text: '<html>ok</html>', contentType: 'text/html' });
      const error = await caught(() => test.client.user.search('ada@example.com'));
      expect(error).to.be.instanceOf(ApiUnreachableError);
      expect((error as Error).message).to.equal('Invalid JSON response from our servers.');
    });

    it('maps JSON without the expected fields to "Invalid response..."', async () => {
      const test = createTestClient();
      test.api.on('POST', '/otps/sms/send/primary', { json: success({ phone_id: 'phone-1' }) });
      const error = await caught(() => test.client.otps.sms.send('+14155550100'));
      expect(error).to.be.instanceOf(ApiUnreachableError);
      expect((error as Error).message).to.equal('Invalid response from our servers.');
    });

    it('maps a JSON array body to "Invalid response from our servers."', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { json: ['new'] });
      const error = await caught(() => test.client.user.search('ada@example.com'));
      expect((error as Error).message).to.equal('Invalid response from our servers.');
    });

    it('maps a non-JSON error page to "Invalid response from our servers."', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { status: 502, text: 'Bad Gateway' });
      const error = await caught(() => test.client.user.search('ada@example.com'));
      expect(error).to.be.instanceOf(ApiUnreachableError);
      expect((error as Error).message).to.equal('Invalid response from our servers.');
    });

    it('maps a 400 schema_error to SchemaError listing each path and message', async () => {
      const test = createTestClient();
      test.api.on('POST', '/otps/sms/login_or_create', {
        status: 400,
        json: {
          ...apiErrorBody(400, 'schema_error', 'Request does not match the expected schema.'),
          errors: [
            { path: 'phone_number', message: 'must be a string' },
            { path: 'expiration_minutes', message: 'must be at most 60' },
          ],
        },
      });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect(error).to.be.instanceOf(SchemaError);
      const schemaError = error as SchemaError;
      expect(schemaError.status_code).to.equal(400);
      expect(schemaError.error_type).to.equal('schema_error');
      expect(schemaError.request_id).to.match(/^request-id-test-/);
      expect(schemaError.errors).to.deep.equal([
        { path: 'phone_number', message: 'must be a string' },
        { path: 'expiration_minutes', message: 'must be at most 60' },
      ]);
      expect(schemaError.message).to.contain('phone_number: must be a string');
      expect(schemaError.message).to.contain('expiration_minutes: must be at most 60');
    });

    it('maps any other error body to ApiError with every field', async () => {
      const test = createTestClient();
      const body = apiErrorBody(429, 'otp_send_rate_limited', 'Too many passcodes were requested.');
      test.api.on('POST', '/otps/sms/login_or_create', { status: 429, json: body });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect(error).to.be.instanceOf(ApiError);
      expect(error).to.be.instanceOf(VelvetError);
      const apiError = error as ApiError;
      expect(apiError.status_code).to.equal(429);
      expect(apiError.error_type).to.equal('otp_send_rate_limited');
      expect(apiError.error_message).to.equal('Too many passcodes were requested.');
      expect(apiError.error_url).to.equal(body.error_url);
      expect(apiError.request_id).to.equal(body.request_id);
      expect(apiError.message).to.equal('Too many passcodes were requested.');
    });

    it('maps an error status with JSON but no error_type to an invalid response', async () => {
      const test = createTestClient();
      test.api.on('POST', '/users/search', { status: 500, json: { oops: true } });
      const error = await caught(() => test.client.user.search('ada@example.com'));
      expect((error as Error).message).to.equal('Invalid response from our servers.');
    });

    it('destroys the session when a signed-in call fails with an unrecoverable type', async () => {
      const test = createTestClient();
      await signIn(test);
      test.api.on('GET', '/users/me', {
        status: 401,
        json: apiErrorBody(401, 'session_not_found', 'The session could not be found.'),
      });
      const error = await caught(() => test.client.user.get());
      expect(error).to.be.instanceOf(ApiError);
      expect(test.client.session.status).to.equal('destroyed');
      expect(test.client.session.getSync()).to.equal(null);
    });
  });

  describe('captcha required', () => {
    const captchaBody = apiErrorBody(403, 'captcha_required', 'Captcha required.');

    it('retries once with a fresh dfp telemetry id and captcha token', async () => {
      const test = createTestClient({
        captchaProvider: {
          getDfpTelemetryId: async () => 'dfp-telemetry-1',
          getCaptchaToken: async () => 'captcha-token-1',
        },
      });
      let calls = 0;
      test.api.on('POST', '/otps/sms/login_or_create', () => {
        calls += 1;
        return calls === 1
          ? { status: 403, json: captchaBody }
          : { json: success({ user_id: 'user-1', method_id: 'phone-1' }) };
      });
      const response = await test.client.otps.sms.loginOrCreate('+14155550100');
      expect(response.method_id).to.equal('phone-1');
      expect(test.api.requests).to.have.length(2);
      expect(test.api.requests[1]?.body).to.deep.equal({
        phone_number: '+14155550100',
        dfp_telemetry_id: 'dfp-telemetry-1',
        captcha_token: 'captcha-token-1',
      });
    });

    it('also recognises a plain-text "Captcha required" answer', async () => {
      const test = createTestClient();
      test.api.on('POST', '/otps/sms/login_or_create', { status: 403, text: 'Captcha required' });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect(error).to.be.instanceOf(CaptchaRequiredError);
    });

    it('fails with "Unable to query captcha..." when the project has no captcha', async () => {
      const test = createTestClient();
      test.api.on('POST', '/otps/sms/login_or_create', { status: 403, json: captchaBody });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect(error).to.be.instanceOf(CaptchaRequiredError);
      expect((error as Error).message).to.equal('Unable to query captcha and/or dfp telemetry ID');
      expect(test.api.requests.filter((r) => r.method === 'POST')).to.have.length(1);
    });

    it('retries with the captcha token alone from a provider without fingerprinting', async () => {
      const test = createTestClient({
        captchaProvider: { getCaptchaToken: async () => 'captcha-token-2' },
      });
      let calls = 0;
      test.api.on('POST', '/otps/sms/login_or_create', () => {
        calls += 1;
        return calls === 1
          ? { status: 403, json: captchaBody }
          : { json: success({ user_id: 'user-1', method_id: 'phone-1' }) };
      });
      await test.client.otps.sms.loginOrCreate('+14155550100');
      expect(test.api.requests[1]?.body).to.deep.equal({
        phone_number: '+14155550100',
        captcha_token: 'captcha-token-2',
      });
    });

    it('fails with the same text when the provider cannot deliver', async () => {
      const test = createTestClient({
        captchaProvider: {
          getDfpTelemetryId: async () => 'dfp-telemetry-1',
          getCaptchaToken: () => Promise.reject(new Error('captcha script blocked')),
        },
      });
      test.api.on('POST', '/otps/sms/login_or_create', { status: 403, json: captchaBody });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect((error as Error).message).to.equal('Unable to query captcha and/or dfp telemetry ID');
      expect(test.api.requests).to.have.length(1);
    });

    it('does not retry a second time', async () => {
      const test = createTestClient({
        captchaProvider: {
          getDfpTelemetryId: async () => 'dfp-telemetry-1',
          getCaptchaToken: async () => 'captcha-token-1',
        },
      });
      test.api.on('POST', '/otps/sms/login_or_create', { status: 403, json: captchaBody });
      const error = await caught(() => test.client.otps.sms.loginOrCreate('+14155550100'));
      expect(error).to.be.instanceOf(ApiError);
      expect((error as ApiError).error_type).to.equal('captcha_required');
      expect(test.api.requests).to.have.length(2);
    });
  });

  it('builds the Authorization header from the tokens it is given', () => {
    const http = new HttpClient({
      publicToken: 'public-token-live-1',
      apiBase: 'https://id.velvet.test',
      fetch: new FakeApi().fetch,
    });
    expect(http.baseUrl).to.equal('https://id.velvet.test/sdk/v1');
    expect(http.authorizationHeader(null)).to.equal(
      `Basic ${btoa('public-token-live-1:public-token-live-1')}`,
    );
    expect(http.authorizationHeader('session-token-9')).to.equal(
      `Basic ${btoa('public-token-live-1:session-token-9')}`,
    );
  });
});
