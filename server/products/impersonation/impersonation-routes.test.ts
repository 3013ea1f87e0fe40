import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ImpersonationError, mintImpersonationToken } from '../../cli/impersonation.js';
import type { Project } from '../../projects/projects-repository.js';
import { assertApiError } from '../../test/api-assertions.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';
import { hashImpersonationToken } from './impersonation-tokens.js';

const OTHER_TOKEN = 'public-token-test-00000000-0000-4000-8000-otherproject';

describe('impersonation', () => {
  let server: TestServer;
  let project: Project;
  before(async () => {
    server = await startTestServer({
      extraProjects: [{ name: 'Other party', publicToken: OTHER_TOKEN }],
    });
    const found = await server.store.projects.findByPublicToken(server.project.publicToken);
    if (!found) throw new Error('no project');
    project = found;
  });
  after(() => server.close());

  const authenticate = (impersonation_token: string, publicToken?: string) =>
    server.api('/impersonation/authenticate', {
      body: { impersonation_token },
      ...(publicToken ? { publicToken } : {}),
    });

  test('a token minted on the host signs in once as the user, marked as impersonated', async () => {
    const guest = await signInBySms(server, '+14155550951');
    const minted = await mintImpersonationToken(
      server.store,
      project,
      '+1 415 555 0951',
      'support@party.example',
      server.clock.now(),
    );
    assert.equal(minted.userId, guest.user_id);
    const row = await server.store.db
      .selectFrom('impersonation_tokens')
      .selectAll()
      .executeTakeFirstOrThrow();
    assert.equal(row.token_hash, hashImpersonationToken(minted.token), 'only the hash is stored');
    assert.ok(!JSON.stringify(row).includes(minted.token));

    const answer = await authenticate(minted.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.user_id, guest.user_id);
    const [factor] = answer.body.session.authentication_factors;
    assert.equal(factor.type, 'impersonated');
    assert.equal(factor.delivery_method, 'impersonation');
    assert.deepEqual(factor.impersonated_factor, {
      impersonator_id: 'support@party.example',
      impersonator_email_address: 'support@party.example',
    });
    const lasts = Date.parse(answer.body.session.expires_at) - server.clock.now();
    assert.ok(lasts <= 60 * 60_000, 'an impersonated session lasts at most an hour');
    assertApiError(await authenticate(minted.token), 404, 'impersonation_token_not_found');
  });

  test('expired, foreign, unknown tokens and bad bodies are refused', async () => {
    const guest = await signInBySms(server, '+14155550952');
    const late = await mintImpersonationToken(
      server.store,
      project,
      guest.user_id,
      'ops',
      server.clock.now(),
    );
    server.clock.advance(5 * 60_000 + 1);
    assertApiError(await authenticate(late.token), 401, 'impersonation_token_expired');
    const fresh = await mintImpersonationToken(
      server.store,
      project,
      guest.user_id,
      'ops',
      server.clock.now(),
    );
    assertApiError(
      await authenticate(fresh.token, OTHER_TOKEN),
      404,
      'impersonation_token_not_found',
    );
    assert.equal(
      (await authenticate(fresh.token)).status,
      200,
      'the other project’s try did not spend it',
    );
    assertApiError(await authenticate('made-up-token'), 404, 'impersonation_token_not_found');
    assertApiError(
      await server.api('/impersonation/authenticate', { body: {} }),
      400,
      'schema_error',
    );
    assertApiError(
      await server.api('/impersonation/authenticate', { body: { impersonation_token: 42 } }),
      400,
      'schema_error',
    );
  });

  test('the command names an unknown user clearly and needs an impersonator', async () => {
    await assert.rejects(
      mintImpersonationToken(
        server.store,
        project,
        'nobody@example.com',
        'ops',
        server.clock.now(),
      ),
      (error: unknown) =>
        error instanceof ImpersonationError && /No user of Velvet tests/.test(error.message),
    );
    await assert.rejects(
      mintImpersonationToken(server.store, project, 'user-test-x', ' ', server.clock.now()),
      ImpersonationError,
    );
  });
});
