import { expect, fixture, html } from '@open-wc/testing';
import { generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { createCodeChallenge, PkceNamespace } from '../../client/pkce.js';
import type { RecordedRequest } from '../../client/testing/fake-api.js';
import { apiErrorBody, success } from '../../client/testing/fixtures.js';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetLogin } from '../../element/velvet-login.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../events.js';
import '../../velvet.js';
import { googleScript } from './google-identity.js';
import { oneTapNavigation } from './one-tap-flow.js';
import { isOnlyFloatingOneTap, oneTapMode } from './one-tap-rules.js';

const CLIENT_ID = '1234567890-velvet.apps.googleusercontent.com';
const LOGIN_URL = 'https://party.example/signed-in';
const SIGNUP_URL = 'https://party.example/welcome';
/** The stand-in of Google's script, served by the test runner as Google serves its own. */
const STAND_IN_URL = new URL('../../../server/dev-identity/gsi-client.js', import.meta.url).href;

interface StandIn {
  calls: string[];
  initialized?: Record<string, unknown>;
  notDisplayedReason?: string;
  displayAfter?: Promise<void>;
  account?: { email: string; name: string };
  issueIdToken(request: {
    nonce: string;
    clientId: string;
    account: { email: string };
  }): Promise<string>;
}

declare global {
  interface Window {
    velvetGoogleStandIn?: StandIn;
  }
}

/** Google's signing key for these tests (the server's side checks tokens against it). */
const googleKeys = await generateKeyPair('RS256');

function installStandIn(options: Partial<StandIn> = {}): StandIn {
  const standIn: StandIn = {
    calls: [],
    issueIdToken: ({ nonce, clientId, account }) =>
      new SignJWT({ email: account.email, email_verified: true, nonce } as JWTPayload)
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer('https://accounts.google.com')
        .setAudience(clientId)
        .setSubject('google-subject-1')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(googleKeys.privateKey),
    ...options,
  };
  window.velvetGoogleStandIn = standIn;
  return standIn;
}

const navigations: string[] = [];
oneTapNavigation.assign = (url) => void navigations.push(url);
googleScript.url = STAND_IN_URL;

afterEach(async () => {
  window.google?.accounts?.id?.cancel();
  for (const node of document.querySelectorAll('[data-stand-in]')) node.remove();
  navigations.length = 0;
  await cleanUpClients();
});

/**
 * The server's side, played in the page with real checks: start hands out a nonce, submit
 * verifies the ID token's signature, issuer, audience and nonce before answering the redirect.
 */
function serveOneTapApi(test: TestClient, start?: (request: RecordedRequest) => unknown) {
  let nonce = '';
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  test.api.on('GET', '/oauth/google/onetap/start', (request) => {
    const custom = start?.(request);
    if (custom) return custom as { status: number; json: unknown };
    nonce = crypto.randomUUID();
    return {
      json: success({
        google_client_id: CLIENT_ID,
        oauth_callback_id: 'oauth-callback-test-1',
        nonce,
      }),
    };
  });
  test.api.on('POST', '/oauth/google/onetap/submit', async (request) => {
    const body = request.body as {
      id_token: string;
      login_redirect_url?: string;
      pkce_code_challenge?: string;
    };
    if (!body.pkce_code_challenge) {
      return {
        status: 400,
        json: apiErrorBody(
          400,
          'oauth_pkce_expected_code_challenge',
          'A One Tap submit needs a pkce_code_challenge.',
        ),
      };
    }
    try {
      const { payload } = await jwtVerify(body.id_token, googleKeys.publicKey, {
        issuer: 'https://accounts.google.com',
        audience: CLIENT_ID,
      });
      if (payload.nonce !== nonce) throw new Error('nonce');
    } catch {
      return {
        status: 401,
        json: apiErrorBody(401, 'invalid_id_token', 'The Google ID token could not be verified.'),
      };
    }
    return {
      json: success({
        redirect_url: `${body.login_redirect_url ?? LOGIN_URL}?stytch_token_type=oauth&token=t0k3n`,
      }),
    };
  });
}

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  errors: VelvetErrorDetail[];
  consoleErrors: string[];
  text(): string;
}

const originalConsoleError = console.error;
afterEach(() => {
  console.error = originalConsoleError;
});

async function mount(config: unknown, setup?: (test: TestClient) => void): Promise<Mounted> {
  const test = createTestClient();
  (setup ?? serveOneTapApi)(test);
  const events: VelvetEventDetail[] = [];
  const errors: VelvetErrorDetail[] = [];
  const consoleErrors: string[] = [];
  console.error = (...args: unknown[]) => consoleErrors.push(args.map(String).join(' '));
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .callbacks=${{
      onEvent: (detail: VelvetEventDetail) => events.push(detail),
      onError: (detail: VelvetErrorDetail) => errors.push(detail),
    }}
  ></velvet-login>`);
  return {
    el,
    test,
    events,
    errors,
    consoleErrors,
    text: () => el.textContent?.replace(/\s+/g, ' ').trim() ?? '',
  };
}

const googleOnly = (provider: Record<string, unknown> = {}) => ({
  products: ['oauth'],
  oauthOptions: {
    providers: [{ type: 'google', one_tap: true, ...provider }],
    loginRedirectURL: LOGIN_URL,
    signupRedirectURL: SIGNUP_URL,
  },
});

const promptShown = () =>
  waitFor(
    () => document.querySelector<HTMLElement>('[data-stand-in]'),
    'the stand-in prompt never showed',
  );

const isShown = (node: Element | null) =>
  node !== null && getComputedStyle(node).display !== 'none' && node.getClientRects().length > 0;

describe('the One Tap rules', () => {
  it('shows the prompt alone only for OAuth alone, one Google provider, one_tap and a floating position', () => {
    const config = (over: Record<string, unknown> = {}) => ({ ...googleOnly(), ...over }) as never;
    expect(isOnlyFloatingOneTap(config(), true)).to.equal(true);
    expect(isOnlyFloatingOneTap(googleOnly({ position: 'floating' }) as never, false)).to.equal(
      true,
    );
    expect(isOnlyFloatingOneTap(config({ products: ['oauth', 'otp'] }), true)).to.equal(false);
    expect(
      isOnlyFloatingOneTap(
        config({
          oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }] },
        }),
        true,
      ),
    ).to.equal(false);
    expect(
      isOnlyFloatingOneTap(
        config({ oauthOptions: { providers: [{ type: 'github', one_tap: true }] } }),
        true,
      ),
    ).to.equal(false);
    expect(isOnlyFloatingOneTap(googleOnly({ one_tap: false }) as never, true)).to.equal(false);
    expect(isOnlyFloatingOneTap(googleOnly({ position: 'sideways' }) as never, true)).to.equal(
      false,
    );
    expect(
      isOnlyFloatingOneTap(googleOnly({ position: 'forceLegacyEmbedded' }) as never, true),
    ).to.equal(false);
    // Embedded where the browser has no native prompt, floating (and so alone) where it has.
    expect(
      isOnlyFloatingOneTap(googleOnly({ position: 'floatingOrEmbedded' }) as never, false),
    ).to.equal(false);
    expect(
      isOnlyFloatingOneTap(googleOnly({ position: 'floatingOrEmbedded' }) as never, true),
    ).to.equal(true);
  });

  it('renders each position as Stytch does, with and without the native prompt', () => {
    expect(oneTapMode(undefined, true)).to.equal('floating');
    expect(oneTapMode('floating', false)).to.equal('floating');
    expect(oneTapMode('embedded', false)).to.equal('embedded');
    expect(oneTapMode('embedded', true)).to.equal('floating');
    expect(oneTapMode('embeddedOnly', false)).to.equal('embedded');
    expect(oneTapMode('embeddedOnly', true)).to.equal(false);
    expect(oneTapMode('forceLegacyEmbedded', true)).to.equal('embedded');
    expect(oneTapMode('sideways', true)).to.equal(false);
  });
});

describe('Google One Tap in <velvet-login>', () => {
  it('shows the prompt alone, initialized with the client id, nonce and cancel_on_tap_outside, and follows a chosen account to the redirect URL', async () => {
    const standIn = installStandIn();
    const mounted = await mount(googleOnly({ cancel_on_tap_outside: false }));
    await promptShown();
    expect(standIn.calls.slice(0, 2)).to.deep.equal(['initialize', 'prompt']);
    expect(mounted.test.api.requestsTo('/oauth/google/onetap/start')).to.have.length(1);
    const nonce = standIn.initialized?.nonce;
    expect(standIn.initialized).to.include({
      client_id: CLIENT_ID,
      cancel_on_tap_outside: false,
      auto_select: false,
    });
    expect(nonce).to.be.a('string').and.have.length.greaterThan(10);
    expect(typeof standIn.initialized?.callback).to.equal('function');
    // Alone: none of the widget is drawn, not even its title.
    expect(isShown(mounted.el.querySelector('.velvet-title'))).to.equal(false);
    expect(isShown(mounted.el.querySelector('.velvet-container'))).to.equal(true);
    expect(
      mounted.el.querySelector('.velvet-container')?.getBoundingClientRect().height,
    ).to.be.below(2);
    await expect(mounted.el).to.be.accessible();

    (document.querySelector('[data-stand-in] button') as HTMLButtonElement).click();
    await waitFor(() => navigations.length > 0, 'the page never moved on');
    expect(navigations).to.deep.equal([`${LOGIN_URL}?stytch_token_type=oauth&token=t0k3n`]);
    const submit = mounted.test.api.requestsTo('/oauth/google/onetap/submit')[0];
    expect(submit?.body).to.deep.include({
      oauth_callback_id: 'oauth-callback-test-1',
      login_redirect_url: LOGIN_URL,
      signup_redirect_url: SIGNUP_URL,
    });
    // The landing token is bound to this browser: the challenge is of the verifier kept in the
    // OAuth slot, which the landing page's client.oauth.authenticate sends.
    const kept = mounted.test.client.pkce.get(PkceNamespace.OAUTH);
    expect(kept).to.not.equal(null);
    const challenge = (submit?.body as { pkce_code_challenge?: string } | undefined)
      ?.pkce_code_challenge;
    expect(challenge).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).to.equal(await createCodeChallenge(kept?.codeVerifier ?? ''));
  });

  it('cancels tapping outside by default', async () => {
    const standIn = installStandIn();
    await mount(googleOnly());
    await promptShown();
    expect(standIn.initialized?.cancel_on_tap_outside).to.equal(true);
  });

  it('floats the prompt beside the rest of the widget when OAuth is not the only product', async () => {
    installStandIn();
    const mounted = await mount({
      ...googleOnly(),
      products: ['oauth', 'otp'],
      otpOptions: { methods: ['sms'], expirationMinutes: 5 },
    });
    const prompt = await promptShown();
    expect(prompt.dataset.standIn).to.equal('floating');
    await waitFor(() => mounted.el.querySelector('form'), 'the SMS form did not render');
    expect(isShown(mounted.el.querySelector('.velvet-title'))).to.equal(true);
    await expect(mounted.el).to.be.accessible();
  });

  it('does not show the widget alone with two providers, and does not prompt without one_tap or with an unknown position', async () => {
    const standIn = installStandIn();
    const two = await mount({
      products: ['oauth'],
      oauthOptions: { providers: [{ type: 'google', one_tap: true }, { type: 'github' }] },
    });
    await promptShown();
    expect(isShown(two.el.querySelector('.velvet-title'))).to.equal(true);
    window.google?.accounts?.id?.cancel();

    for (const provider of [{ one_tap: false }, { position: 'sideways' }]) {
      standIn.calls.length = 0;
      const mounted = await mount(googleOnly(provider));
      await waitFor(
        () => mounted.el.querySelector('velvet-google-one-tap, .velvet-main'),
        'no main screen',
      );
      await mounted.el.updateComplete;
      expect(mounted.test.api.requestsTo('/oauth/google/onetap/start')).to.have.length(0);
      expect(standIn.calls).to.deep.equal([]);
      expect(isShown(mounted.el.querySelector('.velvet-title'))).to.equal(true);
    }
  });

  it('embeds the prompt in a 47 px box that follows it; a cancel ends the pending state and resets the height to 47', async () => {
    const standIn = installStandIn();
    const mounted = await mount(googleOnly({ position: 'forceLegacyEmbedded' }));
    const box = await waitFor(
      () => mounted.el.querySelector<HTMLElement>('.velvet-one-tap'),
      'no embedded box',
    );
    expect(box.style.height).to.equal('47px');
    const prompt = await promptShown();
    expect(prompt.dataset.standIn).to.equal('embedded');
    expect(standIn.initialized).to.include({
      prompt_parent_id: 'google-parent-prompt',
      cancel_on_tap_outside: false,
    });
    await waitFor(
      () => mounted.el.querySelector<HTMLElement>('.velvet-one-tap')?.style.height === '120px',
      () =>
        `the box did not follow the prompt: ${mounted.el.querySelector<HTMLElement>('.velvet-one-tap')?.style.height}`,
    );
    expect(mounted.el.querySelector('.velvet-one-tap')?.getAttribute('aria-busy')).to.equal(
      'false',
    );
    await expect(mounted.el).to.be.accessible();

    (prompt.querySelectorAll('button')[1] as HTMLButtonElement).click();
    await waitFor(
      () => mounted.el.querySelector<HTMLElement>('.velvet-one-tap')?.style.height === '47px',
      'the height did not go back to 47 px',
    );
    expect(mounted.el.querySelector('#google-parent-prompt')).to.equal(null);
    expect(mounted.el.querySelector('.velvet-one-tap')?.getAttribute('aria-busy')).to.equal(
      'false',
    );
    expect(mounted.el.querySelector('[role=status]')).to.equal(null);
    expect(mounted.errors).to.deep.equal([]);
  });

  it('shows the pending state while Google has not drawn the embedded prompt', async () => {
    let release = () => {};
    installStandIn({
      displayAfter: new Promise<void>((resolve) => {
        release = resolve;
      }),
    });
    const mounted = await mount(googleOnly({ position: 'forceLegacyEmbedded' }));
    const status = await waitFor(
      () => mounted.el.querySelector('.velvet-one-tap [role=status]'),
      'no pending status',
    );
    expect(status.textContent).to.equal('Loading Google sign-in…');
    expect(mounted.el.querySelector('.velvet-one-tap')?.getAttribute('aria-busy')).to.equal('true');
    await expect(mounted.el).to.be.accessible();
    release();
    await waitFor(
      () => !mounted.el.querySelector('.velvet-one-tap [role=status]'),
      'still pending',
    );
  });

  const apiErrors = [
    ['oauth_config_not_found', 'no Google client is configured for this project'],
    ['no_login_redirect_urls_set', 'no login redirect URLs are set for this project'],
    ['no_signup_redirect_urls_set', 'no signup redirect URLs are set for this project'],
    ['default_provider_not_allowed', 'the default OAuth provider is not compatible with One Tap'],
  ] as const;
  for (const [errorType, reason] of apiErrors) {
    it(`says 'One Tap could not load' for ${errorType}, in the widget unless the prompt is alone`, async () => {
      const standIn = installStandIn();
      const refuse = (test: TestClient) =>
        serveOneTapApi(test, () => ({
          status: 400,
          json: apiErrorBody(400, errorType, 'refused'),
        }));
      const mounted = await mount({ ...googleOnly(), products: ['oauth', 'otp'] }, refuse);
      const alert = await waitFor(
        () => mounted.el.querySelector('velvet-google-one-tap velvet-alert'),
        'no alert',
      );
      expect(alert.getAttribute('text')).to.match(new RegExp(`^One Tap could not load: ${reason}`));
      expect(mounted.errors.map((error) => error.errorType)).to.include(errorType);
      expect(
        mounted.consoleErrors.some((line) => line.includes(`One Tap could not load: ${reason}`)),
      ).to.equal(true);
      expect(standIn.calls).to.deep.equal([]);
      await expect(mounted.el).to.be.accessible();

      const alone = await mount(googleOnly(), refuse);
      await waitFor(
        () => alone.errors.some((error) => error.errorType === errorType),
        'not reported',
      );
      expect(alone.el.querySelector('velvet-alert')).to.equal(null);
    });
  }

  it('treats an empty Google client id as oauth_config_not_found', async () => {
    installStandIn();
    const mounted = await mount({ ...googleOnly(), products: ['oauth', 'otp'] }, (test) =>
      serveOneTapApi(test, () => ({
        json: success({
          google_client_id: '',
          oauth_callback_id: 'oauth-callback-test-1',
          nonce: 'n',
        }),
      })),
    );
    await waitFor(
      () => mounted.errors.some((error) => error.errorType === 'oauth_config_not_found'),
      'not reported',
    );
  });

  for (const [reason, errorType, text] of [
    [
      'unregistered_origin',
      'origin_not_allowed_for_client',
      `the host ${location.host} is not allowed`,
    ],
    ['invalid_client', 'invalid_client', 'Google does not recognise the client ID'],
  ] as const) {
    it(`says 'One Tap could not load' when Google will not display the prompt (${reason})`, async () => {
      installStandIn({ notDisplayedReason: reason });
      const mounted = await mount({ ...googleOnly(), products: ['oauth', 'otp'] });
      const alert = await waitFor(
        () => mounted.el.querySelector('velvet-google-one-tap velvet-alert'),
        'no alert',
      );
      expect(alert.getAttribute('text')).to.match(new RegExp(`^One Tap could not load: ${text}`));
      expect(mounted.errors.map((error) => error.errorType)).to.deep.equal([errorType]);
      await expect(mounted.el).to.be.accessible();
    });
  }

  for (const [name, config] of [
    ['beside the form', { ...googleOnly(), products: ['oauth', 'otp'] }],
    ['alone', googleOnly()],
  ] as const) {
    it(`shows the server’s refusal of an ID token (${name})`, async () => {
      installStandIn({
        issueIdToken: async () => 'not-a-google-token',
      } as Partial<StandIn>);
      const mounted = await mount(config);
      const prompt = await promptShown();
      (prompt.querySelector('button') as HTMLButtonElement).click();
      const alert = await waitFor(
        () =>
          [...mounted.el.querySelectorAll('velvet-alert')].find(
            (node) => node.getAttribute('text') === 'The Google ID token could not be verified.',
          ),
        () => `no error: ${mounted.errors.map((e) => e.message)}`,
      );
      expect(isShown(alert)).to.equal(true);
      expect(navigations).to.deep.equal([]);
      expect(mounted.errors.map((error) => error.errorType)).to.deep.equal(['invalid_id_token']);
      await expect(mounted.el).to.be.accessible();
    });
  }
  // The page a One Tap redirect opens signs in as after any provider: the OAuth product's tests
  // (widget/products/oauth/oauth.test.ts) and e2e/google-one-tap-sign-in.e2e.ts cover it.
});
