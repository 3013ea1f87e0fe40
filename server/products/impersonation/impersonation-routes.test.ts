import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ImpersonationError, mintImpersonationToken } from '../../cli/impersonation.js';
import type { Project } from '../../projects/projects-repository.js';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
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

  /** A guest signed in by SMS, and a session impersonating them. */
  async function impersonated(phone: string) {
    const guest = await signInBySms(server, phone);
    const minted = await mintImpersonationToken(
      server.store,
      project,
      guest.user_id,
      'support@party.example',
      server.clock.now(),
    );
    const answer = await authenticate(minted.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return { guest, token: answer.body.session_token as string, session: answer.body.session };
  }

  test('an impersonated session asking sessions/authenticate for a week still ends an hour after it started', async () => {
    const { token, session } = await impersonated('+14155550953');
    const ends = Date.parse(session.started_at) + 60 * 60_000;
    server.clock.advance(10 * 60_000);
    const extended = await server.api('/sessions/authenticate', {
      body: { session_duration_minutes: 7 * 24 * 60 },
      secret: token,
    });
    assert.equal(extended.status, 200, JSON.stringify(extended.body));
    assert.equal(Date.parse(extended.body.session.expires_at), ends);
    const row = await server.store.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('session_id', '=', session.session_id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.expires_at), ends, 'the stored session ends within the hour too');
    server.clock.advance(50 * 60_000);
    assertApiError(
      await server.api('/sessions/authenticate', {
        body: { session_duration_minutes: 60 },
        secret: token,
      }),
      401,
      'session_not_found',
    );
  });

  test('an impersonated session cannot add a phone or an authenticator app, remove a way to sign in, or change the password', async () => {
    const { guest, token } = await impersonated('+14155550954');
    const rows = await rowsOf(server.store);
    const attempts: Array<{ method: 'POST' | 'DELETE'; path: string; body?: unknown }> = [
      { method: 'POST', path: '/otps/sms/send/secondary', body: { phone_number: '+14155550955' } },
      { method: 'POST', path: '/totps', body: {} },
      { method: 'POST', path: '/webauthn/register/start', body: {} },
      {
        method: 'POST',
        path: '/magic_links/email/send/secondary',
        body: { email: 'support@else.example' },
      },
      { method: 'DELETE', path: `/users/phone_numbers/${guest.user.phone_numbers[0].phone_id}` },
      { method: 'POST', path: '/passwords/session/reset', body: { password: 'a-Long-7-pass' } },
    ];
    for (const attempt of attempts) {
      assertApiError(
        await server.api(attempt.path, {
          method: attempt.method,
          ...(attempt.body === undefined ? {} : { body: attempt.body }),
          secret: token,
        }),
        403,
        'unauthorized_action',
      );
    }
    assert.deepEqual(await rowsOf(server.store), rows, 'nothing sent, added or removed');
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
