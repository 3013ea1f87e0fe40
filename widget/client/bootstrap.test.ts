import { expect } from '@open-wc/testing';
import { FALLBACK_BOOTSTRAP } from './bootstrap.js';
import { FakeApi } from './testing/fake-api.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, uniqueToken } from './testing/test-client.js';

const SERVER_BOOTSTRAP = {
  project_name: 'Velvet Party',
  disable_sdk_watermark: true,
  captcha_settings: { enabled: true },
  cname_domain: 'id.velvet.test',
  email_domains: ['velvet.test'],
  pkce_required_for_email_magic_links: true,
  pkce_required_for_password_resets: false,
  pkce_required_for_oauth: true,
  pkce_required_for_sso: false,
  slug_pattern: '^[a-z-]+$',
  create_organization_enabled: false,
  password_config: { luds_complexity: 3, luds_minimum_count: 10 },
  dfp_protected_auth_enabled: true,
  dfp_protected_auth_mode: 'OBSERVATION',
  rbac_policy: null,
  siwe_required_for_crypto_wallets: false,
  vertical: 'CONSUMER',
  sms_allowed_countries: ['US', 'CA'],
  origin_allowed: true,
  origin_message: null,
};

describe('BootstrapClient', () => {
  afterEach(cleanUpClients);

  it('falls back to the default config synchronously when nothing is cached', () => {
    const { client, api } = createTestClient();
    const data = client.bootstrap.getSync();
    expect(data).to.equal(FALLBACK_BOOTSTRAP);
    expect(data.emailDomains).to.have.length(1);
    const flags = Object.entries(data).filter(([, value]) => typeof value === 'boolean');
    expect(flags.length).to.be.greaterThan(5);
    expect(flags.every(([, value]) => value === false)).to.equal(true);
    expect(data.captchaSettings.enabled).to.equal(false);
    expect(api.requests).to.have.length(0);
  });

  it('reads /projects/bootstrap/{public_token}, maps it to camelCase, caches it', async () => {
    const test = createTestClient();
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
      json: success(SERVER_BOOTSTRAP),
    });

    const data = await test.client.bootstrap.getAsync();

    expect(data).to.deep.equal({
      projectName: 'Velvet Party',
      displayWatermark: false,
      captchaSettings: { enabled: true },
      cnameDomain: 'id.velvet.test',
      emailDomains: ['velvet.test'],
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForPasswordResets: false,
      pkceRequiredForOAuth: true,
      pkceRequiredForSso: false,
      slugPattern: '^[a-z-]+$',
      createOrganizationEnabled: false,
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
      dfpProtectedAuthEnabled: true,
      dfpProtectedAuthMode: 'OBSERVATION',
      rbacPolicy: null,
      siweRequiredForCryptoWallets: false,
      vertical: 'CONSUMER',
      smsAllowedCountries: ['US', 'CA'],
      originNotAllowed: null,
    });
    expect(test.client.bootstrap.getSync()).to.deep.equal(data);
    await test.client.bootstrap.getAsync();
    expect(test.api.requests).to.have.length(1);
  });

  it('says why the page’s origin may not use the project when the server says it may not', async () => {
    const test = createTestClient();
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
      json: success({
        ...SERVER_BOOTSTRAP,
        origin_allowed: false,
        origin_message: 'This page’s origin, https://x.test, is not authorized. Add it.',
      }),
    });
    const data = await test.client.bootstrap.getAsync();
    expect(data.originNotAllowed).to.equal(
      'This page’s origin, https://x.test, is not authorized. Add it.',
    );
  });

  it('serves the cache synchronously on the next load, then the server', async () => {
    const publicToken = uniqueToken();
    const first = createTestClient({ publicToken });
    first.api.on('GET', `/projects/bootstrap/${publicToken}`, { json: success(SERVER_BOOTSTRAP) });
    await first.client.bootstrap.getAsync();

    const second = createTestClient({ publicToken, api: new FakeApi() });
    second.api.on('GET', `/projects/bootstrap/${publicToken}`, {
      json: success({ ...SERVER_BOOTSTRAP, project_name: 'Renamed Party' }),
    });
    expect(second.client.bootstrap.getSync().projectName).to.equal('Velvet Party');
    expect(second.api.requests).to.have.length(0);

    expect((await second.client.bootstrap.getAsync()).projectName).to.equal('Renamed Party');
    expect(second.client.bootstrap.getSync().projectName).to.equal('Renamed Party');
  });

  it('resolves to the fallback config when the server fails', async () => {
    const test = createTestClient();
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { networkError: true });
    expect(await test.client.bootstrap.getAsync()).to.equal(FALLBACK_BOOTSTRAP);

    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
      status: 401,
      json: {
        status_code: 401,
        request_id: 'request-id-test-b',
        error_type: 'invalid_public_token',
        error_message: 'The public token is not valid for any project.',
        error_url: 'https://velvet.test/docs/errors#invalid_public_token',
      },
    });
    expect(await test.client.bootstrap.refresh()).to.equal(FALLBACK_BOOTSTRAP);
  });

  it('resolves to the fallback even with a cache, and keeps the cache for next time', async () => {
    const test = createTestClient();
    const path = `/projects/bootstrap/${test.publicToken}`;
    test.api.on('GET', path, { json: success(SERVER_BOOTSTRAP) });
    await test.client.bootstrap.getAsync();

    test.api.on('GET', path, { status: 503, text: 'Service Unavailable' });
    expect(await test.client.bootstrap.refresh()).to.equal(FALLBACK_BOOTSTRAP);
    expect(test.client.bootstrap.getSync().projectName).to.equal('Velvet Party');
  });
});
