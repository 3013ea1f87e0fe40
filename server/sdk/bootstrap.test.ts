import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { serverProducts } from '../products/registry.js';
import type { Project } from '../projects/projects-repository.js';
import { assertApiError } from '../test/api-assertions.js';
import {
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';
import { bootstrapBody } from './bootstrap.js';

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
    // Stytch's SDK logs an RBAC error for a null policy; an empty one is what it parses.
    assert.deepEqual(answer.body.rbac_policy, { roles: [], resources: [], scopes: [] });
    assert.equal(answer.body.cname_domain, null, 'OAuth starts go to the API itself');
    assert.equal(answer.body.disable_sdk_watermark, true);
    assert.ok(
      'rbac_policy' in answer.body &&
        'slug_pattern' in answer.body &&
        'cname_domain' in answer.body,
    );
  });

  test('answers in the SDK envelope: the fields under data, request id and status beside it', async () => {
    const answer = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`);
    assert.deepEqual(Object.keys(answer.raw).sort(), ['data', 'request_id', 'status_code']);
    assert.match(answer.raw.request_id, /^request-id-/);
    assert.equal(answer.raw.data.request_id, answer.raw.request_id);
    assert.equal(answer.raw.data.status_code, 200);
    assert.equal(answer.raw.data.project_name, 'Velvet tests');
  });

  test('serves the countries text messages may go to', async () => {
    const answer = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`);
    assert.deepEqual(answer.body.sms_allowed_countries, ['US', 'CA']);
  });

  test('tells a page on any origin, with CORS, whether its origin is authorized and how to fix it', async () => {
    const path = `/sdk/v1/projects/bootstrap/${TEST_PUBLIC_TOKEN}`;
    const preflight = await fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-sdk-client',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://elsewhere.example');
    assert.equal(preflight.headers.get('access-control-allow-credentials'), 'true');

    const refused = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    assert.equal(refused.status, 200);
    assert.equal(refused.headers.get('access-control-allow-origin'), 'https://elsewhere.example');
    assert.equal(refused.body.origin_allowed, false);
    assert.match(
      refused.body.origin_message,
      /https:\/\/elsewhere\.example, is not authorized for this project.*Add https:\/\/elsewhere\.example to the project's authorizedOrigins.*VELVET_DEV_ORIGINS=https:\/\/elsewhere\.example/,
    );

    const listed = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`, {
      headers: { origin: TEST_ORIGIN },
    });
    assert.equal(listed.body.origin_allowed, true);
    assert.equal(listed.body.origin_message, null);

    // Only bootstrap opens up: other routes still refuse the preflight of an unlisted origin.
    const other = await fetch(`${server.url}/sdk/v1/users/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    assert.equal(other.headers.get('access-control-allow-origin'), null);
  });

  test('carries each registered product’s fields, as the product declares them', async () => {
    const answer = await server.api(`/projects/bootstrap/${TEST_PUBLIC_TOKEN}`);
    const project = await server.store.projects.findByPublicToken(TEST_PUBLIC_TOKEN);
    assert.ok(project);
    const declared = serverProducts.map((product) => product.bootstrap?.(project) ?? {});
    assert.ok(
      declared.some((fields) => 'otp_methods' in fields),
      'otp declares its methods',
    );
    for (const fields of declared) {
      for (const [name, value] of Object.entries(fields)) {
        assert.deepEqual(answer.body[name], value, name);
      }
    }
  });

  test('a field comes from a product only through its declaration', () => {
    const project = { name: 'Planted', settings: { emailDomains: [], products: [] } };
    const body = bootstrapBody(project as unknown as Project, [
      { bootstrap: () => ({ planted_field: 'from the product' }) },
      {},
    ]);
    assert.equal(body.planted_field, 'from the product');
    assert.equal(body.project_name, 'Planted');
    assert.equal('otp_methods' in body, false, 'no product given, no product field');
  });

  test('an unknown token is a 401 API error', async () => {
    assertApiError(
      await server.api('/projects/bootstrap/public-token-test-unknown'),
      401,
      'invalid_public_token',
    );
  });
});
