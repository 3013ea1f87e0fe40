import { expect } from '@open-wc/testing';
import { NoCurrentSessionError } from './errors.js';
import { makeUser, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn } from './testing/test-client.js';

describe('UsersClient', () => {
  afterEach(cleanUpClients);

  it('fetches the flat user from GET /users/me and updates the session', async () => {
    const test = createTestClient();
    await signIn(test);
    const users: unknown[] = [];
    test.client.user.onChange((user) => users.push(user));
    const fresh = makeUser({ trusted_metadata: { invited: false } });
    test.api.on('GET', '/users/me', { json: success({ ...fresh }) });

    const response = await test.client.user.get();

    expect(response.user_id).to.equal('user-test-1');
    expect(test.client.user.getSync()).to.deep.equal(fresh);
    expect(users).to.deep.equal([fresh]);
    expect(test.client.session.status).to.equal('signed_in');
  });

  it('updates untrusted metadata with PUT /users/me', async () => {
    const test = createTestClient();
    await signIn(test);
    const updated = makeUser({ untrusted_metadata: { plus_one: true } });
    test.api.on('PUT', '/users/me', { json: success({ user_id: 'user-test-1', user: updated }) });

    await test.client.user.update({ untrusted_metadata: { plus_one: true } });

    expect(test.api.requestsTo('/users/me')[0]?.body).to.deep.equal({
      untrusted_metadata: { plus_one: true },
    });
    expect(test.client.user.getSync()?.untrusted_metadata).to.deep.equal({ plus_one: true });
  });

  it('deletes an email and a phone number by id', async () => {
    const test = createTestClient();
    await signIn(test);
    test.api.on('DELETE', '/users/emails/email-test-1', {
      json: success({ user_id: 'user-test-1', user: makeUser({ emails: [] }) }),
    });
    test.api.on('DELETE', '/users/phone_numbers/phone-number-test-1', {
      json: success({ user_id: 'user-test-1', user: makeUser({ emails: [], phone_numbers: [] }) }),
    });
    await test.client.user.deleteEmail('email-test-1');
    await test.client.user.deletePhoneNumber('phone-number-test-1');
    expect(
      test.api.requests.slice(1).map((request) => [request.method, request.path]),
    ).to.deep.equal([
      ['DELETE', '/users/emails/email-test-1'],
      ['DELETE', '/users/phone_numbers/phone-number-test-1'],
    ]);
    expect(test.client.user.getSync()?.phone_numbers).to.deep.equal([]);
  });

  it('searches a user by email', async () => {
    const test = createTestClient();
    test.api.on('POST', '/users/search', { json: success({ user_type: 'passwordless' }) });
    const result = await test.client.user.search('ada@example.com');
    expect(result.user_type).to.equal('passwordless');
    expect(test.api.requests[0]?.body).to.deep.equal({ email: 'ada@example.com' });
  });

  it('throws NoCurrentSessionError without a session and sends nothing', async () => {
    const test = createTestClient();
    for (const call of [
      () => test.client.user.get(),
      () => test.client.user.update({ untrusted_metadata: {} }),
      () => test.client.user.deleteEmail('email-test-1'),
    ]) {
      let thrown: unknown = null;
      await call().catch((error: unknown) => {
        thrown = error;
      });
      expect(thrown).to.be.instanceOf(NoCurrentSessionError);
      expect((thrown as NoCurrentSessionError).error_type).to.equal('no_current_session');
    }
    expect(test.api.requests).to.have.length(0);
  });
});
