/**
 * `<velvet-identity-provider>` in Chromium, each state checked with axe: a missing parameter,
 * no session (the sign-in form, then consent once signed in), the consent prompt in both title
 * variants, Allow and Deny, the automatic submit, a refused request, and the logout variant
 * (Yes, No, nothing to confirm). The API is the client's fake; the real server is the e2e test's.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { apiErrorBody, authenticateBody, success } from '../../client/testing/fixtures.js';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import '../../velvet.js';
import type { VelvetErrorDetail } from '../../events.js';
import './identity-provider.js';
import type { VelvetIdentityProvider } from './identity-provider.js';

const CALLBACK = 'https://planner.example/callback';
const CONSENT_QUERY =
  `?client_id=party-planner&redirect_uri=${encodeURIComponent(CALLBACK)}` +
  '&state=s1&nonce=n1&code_challenge=' +
  'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const CONFIG = { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } };

function startBody(consentRequired: boolean, scopes: Array<[string, boolean]>) {
  return success({
    user_id: 'user-test-1',
    client: {
      client_id: 'party-planner',
      client_name: 'Party Planner',
      client_description: '',
      client_type: 'third_party_public',
    },
    consent_required: consentRequired,
    scope_results: scopes.map(([scope, grantable]) => ({
      scope,
      description: `Use ${scope}`,
      is_grantable: grantable,
    })),
  });
}

interface Mounted {
  el: VelvetIdentityProvider;
  test: TestClient;
  visits: string[];
  errors: VelvetErrorDetail[];
  text(): string;
}

async function mount(
  search: string,
  setup: (test: TestClient) => void | Promise<void>,
  config: unknown = CONFIG,
) {
  const visits: string[] = [];
  // The client's own navigations (an OAuth start) are recorded beside the element's.
  const test = createTestClient({ navigate: (url) => visits.push(url) });
  await setup(test);
  const errors: VelvetErrorDetail[] = [];
  const el = await fixture<VelvetIdentityProvider>(html`<velvet-identity-provider
    public-token=${test.publicToken}
    .client=${test.client}
    .config=${config}
    .search=${search}
    .navigate=${(url: string) => visits.push(url)}
    .callbacks=${{ onError: (detail: VelvetErrorDetail) => errors.push(detail) }}
  ></velvet-identity-provider>`);
  const mounted: Mounted = {
    el,
    test,
    visits,
    errors,
    text: () => el.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  };
  return mounted;
}

async function until(mounted: Mounted, text: string): Promise<void> {
  await waitFor(
    () => mounted.text().includes(text),
    () => `"${text}" never showed; the screen says: ${mounted.text()}`,
  );
}

const home = location.pathname;

/** The answer of `POST /oauth/authenticate` for a Google sign-in. */
function oauthAuthenticated() {
  return success({
    ...(authenticateBody('oauth-session').data as Record<string, unknown>),
    provider_subject: 'ada',
    provider_type: 'Google',
    provider_values: {
      access_token: 'a',
      id_token: '',
      refresh_token: '',
      scopes: [],
      expires_at: null,
    },
    oauth_user_registration_id: 'oauth-user-registration-test-1',
    reset_sessions: false,
  });
}

const OAUTH_CONFIG = { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } };
/** The page's config for a project with email magic links and no email passcodes. */
const EML_CONFIG = { products: ['emailMagicLinks'] };

describe('<velvet-identity-provider>', () => {
  afterEach(async () => {
    history.replaceState(null, '', home);
    await cleanUpClients();
  });

  it('names a missing client_id, then a missing redirect_uri, and calls nothing', async () => {
    const noClient = await mount('?redirect_uri=https%3A%2F%2Fa.example%2F', () => {});
    await until(
      noClient,
      'Required parameter is missing: client_id. Please reach out to the application developer.',
    );
    expect(noClient.el.querySelector('[role="alert"]')).to.exist;
    await expect(noClient.el).to.be.accessible();
    const noRedirect = await mount('?client_id=party-planner', () => {});
    await until(noRedirect, 'Required parameter is missing: redirect_uri.');
    expect(noClient.test.api.requests.concat(noRedirect.test.api.requests)).to.have.length(0);
  });

  it('without a session, says so and shows the sign-in form; signed in, goes on to consent', async () => {
    let signedIn = false;
    const mounted = await mount(CONSENT_QUERY, (test) => {
      test.api.on('POST', '/oauth/authorize/start', () =>
        signedIn
          ? {
              json: startBody(true, [
                ['openid', true],
                ['email', true],
                ['profile', true],
              ]),
            }
          : {
              status: 401,
              json: apiErrorBody(401, 'user_unauthenticated', 'This call needs an active session.'),
            },
      );
    });
    await until(mounted, 'No active session detected. Please log in to continue.');
    await waitFor(
      () => mounted.el.querySelector('velvet-login input[type="tel"]'),
      'the sign-in form did not render',
    );
    await expect(mounted.el).to.be.accessible();
    expect(mounted.errors, 'no session is not an error').to.have.length(0);

    signedIn = true;
    await signIn(mounted.test);
    await until(mounted, 'Sign in to Party Planner with your account');
    expect(mounted.el.querySelector('velvet-login')).to.equal(null);
    const start = mounted.test.api.requestsTo('/oauth/authorize/start').at(-1);
    expect(start?.body).to.deep.include({
      client_id: 'party-planner',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('prompt=login or max_age: a session too old shows the sign-in form; signed in again, goes on', async () => {
    let renewed = false;
    const mounted = await mount(
      `${CONSENT_QUERY}&max_age=60&auth_after=1767225600`,
      async (test) => {
        await signIn(test);
        test.api.on('POST', '/oauth/authorize/start', () =>
          renewed
            ? { json: startBody(true, [['openid', true]]) }
            : {
                status: 401,
                json: apiErrorBody(
                  401,
                  'reauthentication_required',
                  'The application asks the user to sign in again.',
                ),
              },
        );
      },
    );
    await waitFor(
      () => mounted.el.querySelector('velvet-login input[type="tel"]'),
      () => `the sign-in form did not render; the screen says: ${mounted.text()}`,
    );
    // A session exists: the text asks for a fresh sign-in, not the spec's one for no session.
    await until(mounted, 'Please sign in again to continue.');
    expect(mounted.text()).to.not.contain('No active session detected');
    await expect(mounted.el).to.be.accessible();
    expect(mounted.errors, 'signing in again is not an error').to.have.length(0);
    const first = mounted.test.api.requestsTo('/oauth/authorize/start').at(0);
    expect(first?.body).to.deep.include({ max_age: 60, auth_after: 1767225600 });
    renewed = true;
    await signIn(mounted.test, 'session-token-2');
    await until(mounted, 'Party Planner');
    expect(mounted.el.querySelector('velvet-login')).to.equal(null);
  });

  it('OAuth: the button starts the provider with this page (the authorization request) as its redirect', async () => {
    history.replaceState(null, '', `${home}${CONSENT_QUERY}#ignored`);
    const mounted = await mount(
      CONSENT_QUERY,
      (test) => {
        test.api.on('POST', '/oauth/authorize/start', {
          status: 401,
          json: apiErrorBody(401, 'user_unauthenticated', 'This call needs an active session.'),
        });
      },
      OAUTH_CONFIG,
    );
    await until(mounted, 'No active session detected. Please log in to continue.');
    const button = () =>
      mounted.el.querySelector<HTMLButtonElement>('velvet-login .velvet-oauth__button');
    await waitFor(button, () => `no OAuth button: ${mounted.text()}`);
    await expect(mounted.el).to.be.accessible();
    button()?.click();
    await waitFor(() => mounted.visits.length > 0, 'the OAuth start was not opened');
    const started = new URL(mounted.visits[0] ?? '');
    expect(started.pathname).to.match(/\/public\/oauth\/google\/start$/);
    const page = `${location.origin}${home}${CONSENT_QUERY}`;
    expect(started.searchParams.get('login_redirect_url')).to.equal(page);
    expect(started.searchParams.get('signup_redirect_url')).to.equal(page);
  });

  it('OAuth: back from the provider, it authenticates the token, removes it from the address, and goes on to consent', async () => {
    history.replaceState(
      null,
      '',
      `${home}${CONSENT_QUERY}&stytch_token_type=oauth&token=oauth-token-idp`,
    );
    let signedIn = false;
    const mounted = await mount(
      `${CONSENT_QUERY}&stytch_token_type=oauth&token=oauth-token-idp`,
      (test) => {
        test.api.on('POST', '/oauth/authenticate', () => {
          signedIn = true;
          return { json: oauthAuthenticated() };
        });
        test.api.on('POST', '/oauth/authorize/start', () =>
          signedIn
            ? { json: startBody(true, [['openid', true]]) }
            : {
                status: 401,
                json: apiErrorBody(
                  401,
                  'user_unauthenticated',
                  'This call needs an active session.',
                ),
              },
        );
      },
      OAUTH_CONFIG,
    );
    await until(mounted, 'Sign in to Party Planner with your account');
    const [sent] = mounted.test.api.requestsTo('/oauth/authenticate');
    expect((sent?.body as { token?: string } | undefined)?.token).to.equal('oauth-token-idp');
    expect(location.search, 'the token leaves the address').to.equal(CONSENT_QUERY);
    const starts = mounted.test.api.requestsTo('/oauth/authorize/start');
    expect(starts, 'the consent is asked once, after the sign-in').to.have.length(1);
    expect(starts[0]?.body).to.deep.include({ client_id: 'party-planner', redirect_uri: CALLBACK });
    expect(mounted.errors).to.have.length(0);
  });

  it('Email magic links: the link is sent with this page (the authorization request) as its URL, with PKCE', async () => {
    history.replaceState(null, '', `${home}${CONSENT_QUERY}#ignored`);
    const mounted = await mount(
      CONSENT_QUERY,
      (test) => {
        test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
          json: success({ project_name: 'Party', pkce_required_for_email_magic_links: true }),
        });
        test.api.on('POST', '/events', { json: success({}) });
        test.api.on('POST', '/oauth/authorize/start', {
          status: 401,
          json: apiErrorBody(401, 'user_unauthenticated', 'This call needs an active session.'),
        });
        test.api.on('POST', '/magic_links/email/login_or_create', {
          json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
        });
      },
      EML_CONFIG,
    );
    await until(mounted, 'No active session detected. Please log in to continue.');
    const input = () =>
      mounted.el.querySelector<HTMLInputElement>('velvet-login input[type=email]');
    await waitFor(input, () => `no email field: ${mounted.text()}`);
    await expect(mounted.el).to.be.accessible();
    input()?.focus();
    await sendKeys({ type: 'ada@example.com' });
    const send = [...mounted.el.querySelectorAll<HTMLButtonElement>('velvet-login button')].find(
      (candidate) => candidate.textContent?.trim() === 'Continue with email',
    );
    send?.click();
    await waitFor(
      () => mounted.test.api.requestsTo('/magic_links/email/login_or_create').length > 0,
      () => `no link sent: ${mounted.text()}`,
    );
    const [sent] = mounted.test.api.requestsTo('/magic_links/email/login_or_create');
    const page = `${location.origin}${home}${CONSENT_QUERY}`;
    expect(sent?.body).to.deep.include({
      email: 'ada@example.com',
      login_magic_link_url: page,
      signup_magic_link_url: page,
    });
    expect((sent?.body as { code_challenge?: string } | undefined)?.code_challenge).to.match(
      /^[\w-]{43}$/,
    );
  });

  it('Email magic links: opened from the link, it authenticates the token, removes it from the address, and goes on to consent', async () => {
    const search = `${CONSENT_QUERY}&stytch_token_type=magic_links&token=eml-token-idp`;
    history.replaceState(null, '', `${home}${search}`);
    let signedIn = false;
    const mounted = await mount(
      search,
      (test) => {
        test.api.on('POST', '/magic_links/authenticate', () => {
          signedIn = true;
          return { json: authenticateBody('eml-session') };
        });
        test.api.on('POST', '/oauth/authorize/start', () =>
          signedIn
            ? { json: startBody(true, [['openid', true]]) }
            : {
                status: 401,
                json: apiErrorBody(
                  401,
                  'user_unauthenticated',
                  'This call needs an active session.',
                ),
              },
        );
      },
      EML_CONFIG,
    );
    await until(mounted, 'Sign in to Party Planner with your account');
    const [sent] = mounted.test.api.requestsTo('/magic_links/authenticate');
    expect((sent?.body as { token?: string } | undefined)?.token).to.equal('eml-token-idp');
    expect(location.search, 'the token leaves the address').to.equal(CONSENT_QUERY);
    const starts = mounted.test.api.requestsTo('/oauth/authorize/start');
    expect(starts, 'the consent is asked once, after the sign-in').to.have.length(1);
    expect(starts[0]?.body).to.deep.include({ client_id: 'party-planner', redirect_uri: CALLBACK });
    expect(mounted.errors).to.have.length(0);
  });

  it('an OAuth token in the address of a page without OAuth is ignored: a session goes on to consent', async () => {
    const search = `${CONSENT_QUERY}&stytch_token_type=oauth&token=stray`;
    const mounted = await mount(search, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/authorize/start', { json: startBody(true, [['openid', true]]) });
    });
    await until(mounted, 'Sign in to Party Planner with your account');
    expect(mounted.test.api.requestsTo('/oauth/authenticate')).to.have.length(0);
  });

  it('asks with the standard title, and Allow sends the request with consent and leaves with the code', async () => {
    const mounted = await mount(CONSENT_QUERY, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/authorize/start', {
        json: startBody(true, [
          ['openid', true],
          ['email', true],
          ['profile', true],
        ]),
      });
      test.api.on('POST', '/oauth/authorize', {
        json: success({ redirect_uri: `${CALLBACK}?code=abc&state=s1`, authorization_code: 'abc' }),
      });
    });
    await until(mounted, 'Sign in to Party Planner with your account');
    expect(mounted.text()).to.include('Party Planner will be able to:');
    expect(mounted.text()).to.include('Use email');
    await expect(mounted.el).to.be.accessible();
    mounted.el.querySelector<HTMLButtonElement>('button.velvet-button--primary')?.click();
    await waitFor(() => mounted.visits.length > 0, 'Allow did not leave');
    expect(mounted.visits).to.deep.equal([`${CALLBACK}?code=abc&state=s1`]);
    expect(mounted.test.api.requestsTo('/oauth/authorize')[0]?.body).to.deep.equal({
      client_id: 'party-planner',
      redirect_uri: CALLBACK,
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
      state: 's1',
      nonce: 'n1',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      consent_granted: true,
    });
  });

  it('a scope beyond the standard six gives the "wants to access your account" title; Deny says so and leaves', async () => {
    const mounted = await mount(`${CONSENT_QUERY}&scope=openid%20admin`, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/authorize/start', {
        json: startBody(true, [
          ['openid', true],
          ['admin', false],
        ]),
      });
      test.api.on('POST', '/oauth/authorize', {
        json: success({ redirect_uri: `${CALLBACK}?error=access_denied&state=s1` }),
      });
    });
    await until(mounted, 'Party Planner wants to access your account');
    expect(mounted.text()).to.include('It also asked for access that it cannot be given:');
    expect(mounted.text()).to.include('Use admin');
    await expect(mounted.el).to.be.accessible();
    const deny = [...mounted.el.querySelectorAll('button')].find(
      (b) => b.textContent?.trim() === 'Deny',
    );
    deny?.click();
    await until(mounted, 'Access to the application was denied.');
    await expect(mounted.el).to.be.accessible();
    expect(mounted.visits).to.deep.equal([`${CALLBACK}?error=access_denied&state=s1`]);
    expect(mounted.test.api.requestsTo('/oauth/authorize')[0]?.body).to.deep.include({
      consent_granted: false,
    });
  });

  it('submits on its own when consent was given before', async () => {
    const mounted = await mount(CONSENT_QUERY, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/authorize/start', { json: startBody(false, [['openid', true]]) });
      test.api.on('POST', '/oauth/authorize', {
        json: success({ redirect_uri: `${CALLBACK}?code=xyz`, authorization_code: 'xyz' }),
      });
    });
    await waitFor(() => mounted.visits.length > 0, 'no automatic submit');
    expect(mounted.visits).to.deep.equal([`${CALLBACK}?code=xyz`]);
    await until(mounted, 'Returning you to the application');
    await expect(mounted.el).to.be.accessible();
  });

  it('shows the server’s message for a refused request, and reports it', async () => {
    const message =
      'The redirect_uri is not one of the application’s registered redirect URIs. Please reach out to the application developer.';
    const mounted = await mount(CONSENT_QUERY, (test) => {
      test.api.on('POST', '/oauth/authorize/start', {
        status: 400,
        json: apiErrorBody(400, 'invalid_redirect_uri', message),
      });
    });
    await until(mounted, message);
    await expect(mounted.el).to.be.accessible();
    expect(mounted.visits).to.have.length(0);
    expect(mounted.errors).to.deep.equal([{ message, errorType: 'invalid_redirect_uri' }]);
  });

  const LOGOUT_QUERY =
    '?client_id=party-planner&post_logout_redirect_uri=https%3A%2F%2Fplanner.example%2Fbye&state=st&id_token_hint=a.b.c';

  it('logout: asks, No keeps the session; Yes revokes it and returns', async () => {
    const mounted = await mount(LOGOUT_QUERY, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/logout/start', {
        json: success({
          redirect_uri: 'https://planner.example/bye?state=st',
          consent_required: true,
        }),
      });
      test.api.on('POST', '/sessions/revoke', { json: success({}) });
    });
    await until(mounted, 'Are you sure you want to log out of your account?');
    await expect(mounted.el).to.be.accessible();
    expect(mounted.test.api.requestsTo('/oauth/logout/start')[0]?.body).to.deep.equal({
      client_id: 'party-planner',
      post_logout_redirect_uri: 'https://planner.example/bye',
      id_token_hint: 'a.b.c',
      state: 'st',
    });
    const button = (name: string) =>
      [...mounted.el.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
    button('No')?.click();
    await until(mounted, 'You have not been logged out. You may close this page.');
    await expect(mounted.el).to.be.accessible();
    expect(mounted.test.client.session.getSync()).to.not.equal(null);
    expect(mounted.visits).to.have.length(0);

    const again = await mount(LOGOUT_QUERY, async (test) => {
      await signIn(test);
      test.api.on('POST', '/oauth/logout/start', {
        json: success({
          redirect_uri: 'https://planner.example/bye?state=st',
          consent_required: true,
        }),
      });
      test.api.on('POST', '/sessions/revoke', { json: success({}) });
    });
    await until(again, 'Are you sure you want to log out of your account?');
    [...again.el.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Yes')?.click();
    await waitFor(() => again.visits.length > 0, 'Yes did not leave');
    expect(again.visits).to.deep.equal(['https://planner.example/bye?state=st']);
    expect(again.test.api.requestsTo('/sessions/revoke')).to.have.length(1);
    expect(again.test.client.session.getSync()).to.equal(null);
  });

  it('logout with nobody signed in returns at once', async () => {
    const mounted = await mount(LOGOUT_QUERY, (test) => {
      test.api.on('POST', '/oauth/logout/start', {
        json: success({
          redirect_uri: 'https://planner.example/bye?state=st',
          consent_required: false,
        }),
      });
    });
    await waitFor(() => mounted.visits.length > 0, 'did not return');
    expect(mounted.visits).to.deep.equal(['https://planner.example/bye?state=st']);
  });

  it('logout with id_token_hint alone (no client_id) asks the server, which reads the hint', async () => {
    const mounted = await mount(
      '?post_logout_redirect_uri=https%3A%2F%2Fplanner.example%2Fbye&id_token_hint=a.b.c',
      (test) => {
        test.api.on('POST', '/oauth/logout/start', {
          json: success({ redirect_uri: 'https://planner.example/bye', consent_required: false }),
        });
      },
    );
    await waitFor(() => mounted.visits.length > 0, 'did not return');
    expect(mounted.test.api.requestsTo('/oauth/logout/start')[0]?.body).to.deep.equal({
      post_logout_redirect_uri: 'https://planner.example/bye',
      id_token_hint: 'a.b.c',
    });
    expect(mounted.visits).to.deep.equal(['https://planner.example/bye']);
  });

  it('a logout request without its client_id or id_token_hint names client_id', async () => {
    const mounted = await mount(
      '?post_logout_redirect_uri=https%3A%2F%2Fplanner.example%2Fbye',
      () => {},
    );
    await until(mounted, 'Required parameter is missing: client_id.');
    await expect(mounted.el).to.be.accessible();
  });
});
