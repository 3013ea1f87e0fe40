import { expect } from '@open-wc/testing';
import { ApiError, SchemaError } from './errors.js';
import { apiErrorBody, authenticateBody, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
} from './testing/test-client.js';

function answerBootstrap(test: TestClient, pkceRequired: boolean): void {
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ project_name: 'P', pkce_required_for_email_magic_links: pkceRequired }),
  });
}

function answerSends(test: TestClient): void {
  for (const path of ['login_or_create', 'send/primary', 'send/secondary']) {
    test.api.on('POST', `/magic_links/email/${path}`, {
      json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
    });
  }
}

async function sha256Base64Url(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

describe('MagicLinksClient', () => {
  afterEach(cleanUpClients);

  it('logs in or creates with the options in Stytch’s names and no challenge by default', async () => {
    const test = createTestClient();
    answerBootstrap(test, false);
    answerSends(test);
    const answer = await test.client.magicLinks.email.loginOrCreate('ada@example.com', {
      login_magic_link_url: 'https://app.test/in',
      signup_expiration_minutes: 45,
      create_user_as_pending: true,
    });
    expect(answer.email_id).to.equal('email-test-1');
    expect(test.api.requestsTo('/magic_links/email/login_or_create')[0]?.body).to.deep.equal({
      email: 'ada@example.com',
      login_magic_link_url: 'https://app.test/in',
      signup_expiration_minutes: 45,
      create_user_as_pending: true,
    });
  });

  it('sends a PKCE challenge when the project requires it, and the verifier back on authenticate', async () => {
    const test = createTestClient();
    answerBootstrap(test, true);
    answerSends(test);
    await test.client.magicLinks.email.loginOrCreate('ada@example.com');
    await test.client.magicLinks.email.loginOrCreate('ada@example.com');
    const [first, second] = test.api.requestsTo('/magic_links/email/login_or_create');
    const challenge = (first?.body as { code_challenge?: string } | undefined)?.code_challenge;
    expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect((second?.body as { code_challenge?: string } | undefined)?.code_challenge).to.equal(
      challenge,
    );
    test.api.on('POST', '/magic_links/authenticate', { json: authenticateBody() });
    await test.client.magicLinks.authenticate('tok', { session_duration_minutes: 30 });
    const sent = test.api.requestsTo('/magic_links/authenticate')[0]?.body as {
      code_verifier: string;
    };
    expect(sent.code_verifier).to.have.length(128);
    expect(await sha256Base64Url(sent.code_verifier)).to.equal(challenge);
    expect(test.client.pkce.get('magic_links')).to.equal(null, 'the used verifier is forgotten');
    expect(test.client.session.getSync()?.session_id).to.be.a('string');
  });

  it('sends to /send/primary signed out and /send/secondary signed in', async () => {
    const test = createTestClient();
    answerBootstrap(test, false);
    answerSends(test);
    await test.client.magicLinks.email.send('ada@example.com');
    await signIn(test);
    await test.client.magicLinks.email.send('bob@example.com');
    expect(
      test.api.requests
        .map((request) => request.path)
        .filter((path) => path.startsWith('/magic_links')),
    ).to.deep.equal(['/magic_links/email/send/primary', '/magic_links/email/send/secondary']);
  });

  it('tries the password-reset verifier first and falls back when the error mentions pkce', async () => {
    const test = createTestClient();
    const reset = await test.client.pkce.start('password_reset');
    const links = await test.client.pkce.start('magic_links');
    let calls = 0;
    test.api.on('POST', '/magic_links/authenticate', () => {
      calls += 1;
      return calls === 1
        ? {
            status: 400,
            json: apiErrorBody(400, 'pkce_mismatch', 'The pkce code_verifier does not match.'),
          }
        : { json: authenticateBody() };
    });
    await test.client.magicLinks.authenticate('tok', { session_duration_minutes: 30 });
    const bodies = test.api
      .requestsTo('/magic_links/authenticate')
      .map((request) => (request.body as { code_verifier: string }).code_verifier);
    expect(bodies).to.deep.equal([reset.codeVerifier, links.codeVerifier]);
  });

  it('does not fall back on other errors', async () => {
    const test = createTestClient();
    await test.client.pkce.start('password_reset');
    test.api.on('POST', '/magic_links/authenticate', {
      status: 404,
      json: apiErrorBody(
        404,
        'unable_to_auth_magic_link',
        'The magic link could not be authenticated.',
      ),
    });
    const error = await test.client.magicLinks
      .authenticate('tok', { session_duration_minutes: 30 })
      .catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ApiError);
    expect(test.api.requestsTo('/magic_links/authenticate')).to.have.length(1);
    expect(test.client.session.getSync()).to.equal(null);
  });

  it('checks types before any call (spec section 5)', async () => {
    const test = createTestClient();
    const cases: [() => Promise<unknown>, string][] = [
      [
        () =>
          test.client.magicLinks.authenticate(42 as unknown as string, {
            session_duration_minutes: 5,
          }),
        'token must be a string',
      ],
      [
        () =>
          test.client.magicLinks.authenticate('tok', {
            session_duration_minutes: '5' as unknown as number,
          }),
        'session_duration_minutes must be a number',
      ],
      [
        () => test.client.magicLinks.email.loginOrCreate(7 as unknown as string),
        'email must be a string',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(SchemaError);
      expect((error as Error).message).to.contain(message);
    }
    expect(test.api.requests).to.have.length(0);
  });
});
