import { expect } from '@open-wc/testing';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn, uniqueToken } from './testing/test-client.js';
import { VelvetClient } from './velvet-client.js';

const REFRESH_INTERVAL_MS = 180_000;

describe('VelvetClient', () => {
  afterEach(cleanUpClients);

  it('exposes otps, session, user, bootstrap and telemetry', () => {
    const { client, publicToken } = createTestClient();
    expect(client.publicToken).to.equal(publicToken);
    expect(client.otps.sms).to.be.an('object');
    expect(client.otps.whatsapp).to.be.an('object');
    expect(client.otps.email).to.be.an('object');
    expect(client.session.status).to.equal('signed_out');
    expect(client.user.getSync()).to.equal(null);
    expect(client.bootstrap.getSync().emailDomains).to.have.length(1);
    expect(client.telemetry.createHeader()).to.be.a('string');
  });

  it('only warns about a public token without the public-token- prefix', () => {
    const odd = createTestClient({ publicToken: `live-${uniqueToken()}` });
    expect(odd.logger.warnings.some((warning) => warning.includes("'public-token-'"))).to.equal(
      true,
    );
    expect(odd.client.session.status).to.equal('signed_out');

    const good = createTestClient();
    expect(good.logger.warnings).to.deep.equal([]);
  });

  it('warns once about a second client for the same project', () => {
    // Each test file runs in its own page; this is the first duplicate in this one.
    const publicToken = uniqueToken();
    const first = createTestClient({ publicToken });
    const second = createTestClient({ publicToken });
    const third = createTestClient({ publicToken });
    const duplicates = (test: { logger: { warnings: string[] } }) =>
      test.logger.warnings.filter((warning) => warning.includes('More than one VelvetClient'));
    expect(duplicates(first)).to.have.length(0);
    expect(duplicates(second)).to.have.length(1);
    expect(duplicates(third)).to.have.length(0);
  });

  it('warns about an invalid custom domain and uses the page origin', async () => {
    const test = createTestClient({ apiBase: 'not a url' });
    expect(test.logger.warnings.some((warning) => warning.includes('not a url'))).to.equal(true);
    test.api.on('POST', '/users/search', {
      json: success({ user_type: 'new' }),
    });
    await test.client.user.search('ada@example.com');
    expect(test.api.requests[0]?.url).to.equal(`${location.origin}/sdk/v1/users/search`);
  });

  it('stops background refresh when disposed, keeping the stored session', async () => {
    const test = createTestClient();
    await signIn(test);
    await test.client.dispose();
    await test.clock.tick(2 * REFRESH_INTERVAL_MS);
    expect(test.api.requestsTo('/sessions/authenticate')).to.have.length(0);
    const again = createTestClient({ publicToken: test.publicToken });
    expect(again.client.session.status).to.equal('signed_in');
  });

  it('rejects a public token that is not a string', () => {
    expect(() => new VelvetClient(42 as unknown as string)).to.throw(
      'public_token must be a string',
    );
  });
});
