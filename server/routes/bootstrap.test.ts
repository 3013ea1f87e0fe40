import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertApiError } from '../test/api-assertions.js';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../test/test-server.js';

describe('GET /projects/bootstrap/{public_token}', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ project: { emailDomains: ['velvet.test'] } });
  });
  after(() => server.close());

  test('returns the project’s public configuration with every spec field', async () => {
    const answer = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`);
    assert.equal(answer.status, 200);
    assert.equal(answer.body.project_name, 'Velvet tests');
    assert.deepEqual(answer.body.email_domains, ['velvet.test']);
    assert.deepEqual(answer.body.captcha_settings, { enabled: false });
    assert.deepEqual(answer.body.password_config, { luds_complexity: 3, luds_minimum_count: 8 });
    for (const flag of [
      'pkce_required_for_email_magic_links',
      'pkce_required_for_password_resets',
      'pkce_required_for_oauth',
      'pkce_required_for_sso',
      'create_organization_enabled',
      'dfp_protected_auth_enabled',
      'siwe_required_for_crypto_wallets',
    ]) {
      assert.equal(answer.body[flag], false, flag);
    }
    assert.equal(answer.body.vertical, 'CONSUMER');
    assert.ok(
      'rbac_policy' in answer.body &&
        'slug_pattern' in answer.body &&
        'cname_domain' in answer.body,
    );
  });

  test('an unknown token is a 401 API error', async () => {
    assertApiError(
      await server.api('/projects/bootstrap/public-token-test-unknown'),
      401,
      'invalid_public_token',
    );
  });
});
