/**
 * Every screen of the widget, rendered in Chromium for the locale leak test and the `strings`
 * override test: `<velvet-login>` with each product (the main screen with its tabs, passkey,
 * OAuth and wallet buttons, the widget's own errors and the server's, then each product's
 * screens), Google One Tap (pending, and its error), and `<velvet-identity-provider>` (a missing
 * parameter, no session with the sign-in form, a fresh sign-in, consent in both title variants,
 * denied, a refused request, the redirect, the logout question and its No). The API is the
 * client library's fake (`createTestClient`), the wallets the crypto tests' kind, as in each
 * screen's own tests. The screens after the main one are reached by the widget's own state
 * actions (`transition` with the state each screen reads), as its flows do; each flow's steps
 * are the products' own tests' concern.
 */
import { fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  apiErrorBody,
  authenticateBody,
  makeUser,
  success,
} from '../../client/testing/fixtures.js';
import { createTestClient, type TestClient } from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetLogin } from '../../element/velvet-login.js';
import type { VelvetIdentityProvider } from '../../products/idp/identity-provider.js';
import '../../products/idp/identity-provider.js';
import type { VelvetPasskeyRegistration } from '../../products/passkeys/passkey-registration.js';
import '../../products/passkeys/passkey-registration.js';
import { Screen } from '../../state/screen.js';
import type { WidgetAction } from '../../state/widget-state.js';
import '../../velvet.js';

/** What the tour calls on each screen it reaches: its name and the element showing it. */
export type Visit = (screen: string, root: Element) => Promise<void>;

/**
 * The English texts the fake server answers with (as the real one does): a translated locale
 * shows its own words for their error types, so none of them may show.
 */
export const SERVER_ENGLISH: readonly string[] = [
  'The passcode is wrong.',
  'This server has no named email templates: send the request without login_template_id.',
  'Too many requests.',
  'The wallet signature is not valid.',
  // The server's scope descriptions (server/products/idp/idp-service.ts).
  'Confirm who you are',
  'See your name',
  'See your email address',
  'Use the party_planning scope',
];

const SCOPES: ReadonlyArray<[scope: string, description: string, grantable: boolean]> = [
  ['openid', 'Confirm who you are', true],
  ['profile', 'See your name', true],
  ['email', 'See your email address', true],
  ['party_planning', 'Use the party_planning scope', false],
];

/**
 * Wallets that never answer, so the screens wait for them as for a person; `refuse` makes the
 * Ethereum one refuse from then on, as a person who says no.
 */
function installWaitingWallets(): { refuse(): void; remove(): void } {
  const pending = () => new Promise<never>(() => {});
  const globals = window as unknown as Record<string, unknown>;
  const ethereum = { isMetaMask: true, request: pending };
  globals.ethereum = ethereum;
  globals.BinanceChain = { request: pending };
  globals.phantom = { solana: { isPhantom: true, connect: pending, signMessage: pending } };
  return {
    refuse: () => {
      ethereum.request = () =>
        Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 }));
    },
    remove: () => {
      for (const name of ['ethereum', 'BinanceChain', 'phantom']) delete globals[name];
    },
  };
}

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** What the widget says, without the country list, for a failure's message. */
function says(root: Element): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('option, style')) parts.push(node.textContent ?? '');
  }
  return normalize(parts.join(' '));
}

/** Waits until `selector` shows some text, and the frame after (its children rendered). */
async function shows(root: Element, selector: string, what: string): Promise<void> {
  await waitFor(
    () => normalize(root.querySelector(selector)?.textContent) !== '',
    () => `${what} never showed; the widget says: ${says(root)}`,
  );
  await nextFrame();
}

/** The widget's state actions, which the tour uses to reach each screen. */
function dispatcher(el: VelvetLogin): (...actions: WidgetAction[]) => void {
  const widget = el as unknown as { dispatch(action: WidgetAction): void };
  return (...actions) => {
    for (const action of actions) widget.dispatch(action);
  };
}

async function mountLogin(
  test: TestClient,
  config: Record<string, unknown>,
  locale: string,
  strings: Record<string, unknown>,
): Promise<VelvetLogin> {
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${{ ...config, locale }}
    .strings=${strings}
  ></velvet-login>`);
  // Each product is a chunk of its own, and one arriving late re-renders the form (a password
  // form takes the email tab from the magic link's): the tour starts once they are all in…
  const widget = el as unknown as { plugins: ReadonlyMap<string, unknown>; loading: number };
  const products = (config.products as string[]).length;
  await waitFor(
    () => widget.plugins.size === products && widget.loading === 0,
    'the products never loaded',
  );
  // …and so is a translated locale's catalogue.
  if (locale !== 'en') {
    await waitFor(() => el.getAttribute('lang') === locale, `the ${locale} catalogue never loaded`);
    await el.updateComplete;
    await nextFrame();
  }
  return el;
}

/** Runs `send` and waits for a new error under the form (not the one it showed before). */
async function serverError(el: Element, send: () => Promise<void>): Promise<void> {
  const alert = () =>
    normalize([...el.querySelectorAll('[role=alert]')].map((node) => node.textContent).join(' '));
  const before = alert();
  await send();
  await waitFor(
    () => alert() !== '' && alert() !== before,
    () => `no server error; the widget says: ${says(el)}`,
  );
  await nextFrame();
}

/**
 * Types `text` into the `selector` input, replacing what it held, and submits. Again if the
 * input was replaced meanwhile (a product's chunk arriving re-renders the form).
 */
async function typeAndSubmit(el: Element, selector: string, text: string): Promise<void> {
  const input = () => el.querySelector<HTMLInputElement>(selector);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const field = await waitFor(input, selector);
    field.focus();
    field.select();
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: text });
    const typed = (value: string) => value.replace(/[^\w@.]/g, '');
    if (input() === field && typed(field.value) === typed(text) && document.activeElement === field)
      break;
  }
  await sendKeys({ press: 'Enter' });
}

/** The sign-in widget with passcodes (text, WhatsApp, email), OAuth and wallets. */
async function tourMainAndPasscodes(
  locale: string,
  strings: Record<string, unknown>,
  visit: Visit,
) {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  const wallets = installWaitingWallets();
  try {
    const el = await mountLogin(
      test,
      {
        products: ['otp', 'oauth', 'crypto'],
        otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 10 },
        oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }, { type: 'github' }] },
      },
      locale,
      strings,
    );
    await shows(el, 'velvet-oauth-buttons button', 'the OAuth buttons');
    await shows(el, 'velvet-crypto-wallet-buttons button', 'the wallet buttons');
    await shows(el, 'form button', 'the phone form');
    await visit('main screen', el);

    // The widget's own error: a number too short to be one.
    await typeAndSubmit(el, 'input[type=tel]', '12');
    await shows(el, '[role=alert]', 'the invalid number error');
    await visit('main screen, invalid phone number', el);

    // The server's errors, by their error types: a refused text message…
    test.api.on('POST', '/otps/sms/login_or_create', {
      status: 429,
      json: apiErrorBody(429, 'too_many_requests', 'Too many requests.'),
    });
    await serverError(el, () => typeAndSubmit(el, 'input[type=tel]', '4155552671'));
    await visit('main screen, server error', el);

    const tabs = [...el.querySelectorAll<HTMLElement>('[role=tab]')];
    for (const [index, tab] of tabs.entries()) {
      tab.click();
      await waitFor(() => tab.getAttribute('aria-selected') === 'true', 'the tab never opened');
      await shows(el, 'form button', 'the form');
      await visit(`main screen, tab ${index + 1}`, el);
    }
    // …and a passcode by email refused for a template id (`email_template_not_supported`).
    test.api.on('POST', '/otps/email/login_or_create', {
      status: 400,
      json: apiErrorBody(
        400,
        'email_template_not_supported',
        'This server has no named email templates: send the request without login_template_id.',
      ),
    });
    await serverError(el, () => typeAndSubmit(el, 'input[type=email]', 'ada@example.com'));
    await visit('main screen, email template refused', el);

    const go = dispatcher(el);
    go(
      {
        type: 'update-otp-state',
        otp: {
          type: 'sms',
          methodId: 'phone-number-test-1',
          destination: '+14155552671',
          expiresAt: test.clock.now() + 10 * 60_000,
        },
      },
      { type: 'transition', screen: Screen.OtpAuthenticate },
    );
    await shows(el, 'velvet-otp-authenticate', 'the passcode screen');
    await visit('passcode', el);
    test.api.on('POST', '/otps/authenticate', {
      status: 404,
      json: apiErrorBody(404, 'otp_code_not_found', 'The passcode is wrong.'),
    });
    el.querySelector<HTMLInputElement>('velvet-otp-input input')?.focus();
    await sendKeys({ type: '000000' });
    await shows(el, 'velvet-otp-authenticate [role=alert]', 'the wrong passcode error');
    await visit('passcode, wrong passcode', el);

    go({ type: 'clear-error' }, { type: 'transition', screen: Screen.OtpConfirmation });
    await shows(el, 'velvet-otp-confirmation', 'the passcode confirmation');
    await visit('passcode confirmation', el);

    const crypto = (kind: string, screen: Screen, ...actions: WidgetAction[]) => {
      go(...actions, { type: 'transition', screen });
      return shows(el, `velvet-crypto-screen[kind=${kind}]`, `the crypto ${kind} screen`);
    };
    const wallet: WidgetAction = {
      type: 'update-crypto-state',
      crypto: { walletOption: 'Metamask', walletAddress: '', walletChallenge: '' },
    };
    await crypto('connect', Screen.CryptoConnect, wallet);
    await visit('crypto connect', el);
    await crypto('sign', Screen.CryptoSignMessage, {
      type: 'update-crypto-state',
      crypto: { walletAddress: '0x0000000000000000000000000000000000000001', walletChallenge: 'c' },
    });
    await visit('crypto sign', el);
    await crypto('other', Screen.CryptoOtherScreen);
    await shows(el, 'velvet-crypto-screen velvet-crypto-wallet-buttons button', 'other wallets');
    await visit('crypto other wallets', el);
    await crypto('setup', Screen.CryptoSetupWallet);
    await visit('crypto set up a wallet', el);
    await crypto('error', Screen.CryptoError);
    await visit('crypto error', el);
    // A signature the wallet refuses: the error screen says so.
    const errorText = () => normalize(el.querySelector('.velvet-crypto__error')?.textContent);
    const connectError = errorText();
    wallets.refuse();
    go({ type: 'transition', screen: Screen.CryptoSignMessage });
    await waitFor(
      () => el.querySelector('velvet-crypto-screen[kind=error]') && errorText() !== connectError,
      () => `no refused signature; the widget says: ${says(el)}`,
    );
    await nextFrame();
    await visit('crypto error, signature refused', el);
    await crypto('confirmation', Screen.CryptoConfirmation);
    await visit('crypto confirmation', el);
  } finally {
    wallets.remove();
  }
}

/** The sign-in widget with passwords and email magic links. */
async function tourEmail(locale: string, strings: Record<string, unknown>, visit: Visit) {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  const el = await mountLogin(
    test,
    { products: ['emailMagicLinks', 'passwords'] },
    locale,
    strings,
  );
  await shows(el, 'form button', 'the email form');
  await visit('email main screen', el);
  await typeAndSubmit(el, 'input[type=email]', 'ada@');
  await shows(el, '[role=alert]', 'the invalid email error');
  await visit('email main screen, invalid email', el);

  const go = dispatcher(el);
  const email = 'ada@example.com';
  go(
    { type: 'set-magic-link-email', email },
    { type: 'transition', screen: Screen.EmailConfirmation },
  );
  await shows(el, 'velvet-magic-link-confirmation', 'the magic link confirmation');
  await visit('magic link sent', el);

  for (const type of ['new', 'password', 'passwordless'] as const) {
    go(
      { type: 'transition', screen: Screen.Main },
      { type: 'update-password-state', password: { email, type } },
      { type: 'transition', screen: Screen.Password },
    );
    await shows(el, 'velvet-password-screen', `the password screen (${type})`);
    await visit(`password (${type})`, el);
  }
  for (const [screen, kind] of [
    [Screen.PasswordForgot, 'forgot'],
    [Screen.PasswordBreached, 'breached'],
    [Screen.PasswordSetNew, 'set-new'],
    [Screen.PasswordDedupe, 'dedupe'],
  ] as const) {
    go({ type: 'transition', screen });
    await shows(el, `velvet-password-email-sent[kind=${kind}]`, `the ${kind} screen`);
    await visit(`password email sent (${kind})`, el);
  }
  go({ type: 'transition', screen: Screen.PasswordResetForm });
  await shows(el, 'velvet-password-reset-form', 'the reset form');
  await visit('password reset form', el);
  go({ type: 'transition', screen: Screen.PasswordConfirmation });
  await shows(el, 'velvet-password-confirmation', 'the password confirmation');
  await visit('password confirmation', el);
}

/** Passkeys beside OAuth (no field for the browser's autofill): the passkey button. */
async function tourPasskeys(locale: string, strings: Record<string, unknown>, visit: Visit) {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  const el = await mountLogin(
    test,
    { products: ['passkeys', 'oauth'], oauthOptions: { providers: [{ type: 'google' }] } },
    locale,
    strings,
  );
  await shows(el, 'velvet-passkey-login button', 'the passkey button');
  await shows(el, 'velvet-oauth-buttons button', 'the OAuth buttons');
  await visit('passkey main screen', el);
  dispatcher(el)({ type: 'transition', screen: Screen.PasskeyConfirmation });
  await shows(el, 'velvet-passkey-confirmation', 'the passkey confirmation');
  await visit('passkey confirmation', el);
}

/** Google One Tap beside the form: waiting for Google, then the server's refusal. */
async function tourOneTap(locale: string, strings: Record<string, unknown>, visit: Visit) {
  const config = {
    products: ['oauth', 'otp'],
    otpOptions: { methods: ['sms'] },
    oauthOptions: {
      providers: [{ type: 'google', one_tap: true, position: 'forceLegacyEmbedded' }],
      loginRedirectURL: 'https://app.example/login',
      signupRedirectURL: 'https://app.example/signup',
    },
  };
  const waiting = createTestClient();
  waiting.api.on('GET', `/projects/bootstrap/${waiting.publicToken}`, { json: success({}) });
  waiting.api.on('GET', '/oauth/google/onetap/start', () => new Promise<never>(() => {}));
  const pending = await mountLogin(waiting, config, locale, strings);
  await shows(pending, '.velvet-one-tap [role=status]', 'the One Tap pending state');
  await visit('One Tap pending', pending);

  const refused = createTestClient();
  refused.api.on('GET', `/projects/bootstrap/${refused.publicToken}`, { json: success({}) });
  refused.api.on('GET', '/oauth/google/onetap/start', {
    json: success({ google_client_id: '', oauth_callback_id: 'c', nonce: 'n' }),
  });
  const el = await mountLogin(refused, config, locale, strings);
  await shows(el, 'velvet-google-one-tap velvet-alert', 'the One Tap error');
  await visit('One Tap error', el);
}

const CALLBACK = 'https://planner.example/callback';
const CONSENT_QUERY =
  `?client_id=party-planner&redirect_uri=${encodeURIComponent(CALLBACK)}` +
  '&state=s1&nonce=n1&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

function consentStart(consentRequired: boolean, clientName = 'Party Planner') {
  return success({
    user_id: 'user-test-1',
    client: {
      client_id: 'party-planner',
      client_name: clientName,
      client_description: '',
      client_type: 'third_party_public',
    },
    consent_required: consentRequired,
    scope_results: SCOPES.map(([scope, description, is_grantable]) => ({
      scope,
      description,
      is_grantable,
    })),
  });
}

/** The identity provider's consent and logout screens. */
async function tourIdentityProvider(
  locale: string,
  strings: Record<string, unknown>,
  visit: Visit,
) {
  const mount = async (search: string, setup: (test: TestClient) => void) => {
    const test = createTestClient({ navigate: () => {} });
    test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
    setup(test);
    const el = await fixture<VelvetIdentityProvider>(html`<velvet-identity-provider
      public-token=${test.publicToken}
      .client=${test.client}
      .config=${{ products: ['otp'], otpOptions: { methods: ['sms'] }, locale }}
      .strings=${strings}
      .search=${search}
      .navigate=${() => {}}
    ></velvet-identity-provider>`);
    if (locale !== 'en') {
      await waitFor(() => el.getAttribute('lang') === locale, 'no catalogue');
    }
    return el;
  };
  const step = async (el: Element, selector: string, name: string) => {
    await shows(el, `.velvet-screen[aria-busy=false] ${selector}`, name);
    await visit(name, el);
  };
  const click = (el: Element, index: number) =>
    el.querySelectorAll<HTMLButtonElement>('.velvet-idp-actions button')[index]?.click();

  await step(await mount('?client_id=party-planner', () => {}), '[role=alert]', 'IdP missing');

  const noSession = await mount(CONSENT_QUERY, (test) =>
    test.api.on('POST', '/oauth/authorize/start', {
      status: 401,
      json: apiErrorBody(401, 'session_not_found', 'No session.'),
    }),
  );
  await shows(noSession, 'velvet-login form button', 'the sign-in form');
  await step(noSession, '[role=status]', 'IdP no session');

  const again = await mount(`${CONSENT_QUERY}&prompt=login`, (test) =>
    test.api.on('POST', '/oauth/authorize/start', {
      status: 401,
      json: apiErrorBody(401, 'reauthentication_required', 'Sign in again.'),
    }),
  );
  await shows(again, 'velvet-login form button', 'the sign-in form');
  await step(again, '[role=status]', 'IdP sign in again');

  for (const [query, name] of [
    [CONSENT_QUERY, 'IdP consent'],
    [`${CONSENT_QUERY}&scope=${encodeURIComponent('openid party_planning')}`, 'IdP consent, more'],
  ] as const) {
    const consent = await mount(query, (test) => {
      test.api.on('POST', '/oauth/authorize/start', { json: consentStart(true) });
      test.api.on('POST', '/oauth/authorize', {
        json: success({ redirect_uri: `${CALLBACK}?error=access_denied` }),
      });
    });
    await step(consent, '.velvet-idp-scopes', name);
    if (name === 'IdP consent') {
      click(consent, 1);
      await step(consent, '[role=alert]', 'IdP denied');
    }
  }

  const unnamed = await mount(CONSENT_QUERY, (test) =>
    test.api.on('POST', '/oauth/authorize/start', { json: consentStart(true, '') }),
  );
  await step(unnamed, '.velvet-idp-scopes', 'IdP consent, unnamed application');

  const auto = await mount(CONSENT_QUERY, (test) => {
    test.api.on('POST', '/oauth/authorize/start', { json: consentStart(false) });
    test.api.on('POST', '/oauth/authorize', { json: success({ redirect_uri: CALLBACK }) });
  });
  await step(auto, 'p', 'IdP redirecting');

  const refused = await mount(CONSENT_QUERY, (test) =>
    test.api.on('POST', '/oauth/authorize/start', {
      status: 429,
      json: apiErrorBody(429, 'too_many_requests', 'Too many requests.'),
    }),
  );
  await step(refused, '[role=alert]', 'IdP error');

  const logoutQuery = `?client_id=party-planner&post_logout_redirect_uri=${encodeURIComponent(CALLBACK)}`;
  const logout = await mount(logoutQuery, (test) =>
    test.api.on('POST', '/oauth/logout/start', {
      json: success({ redirect_uri: CALLBACK, consent_required: true }),
    }),
  );
  await step(logout, '.velvet-idp-actions', 'IdP logout');
  click(logout, 1);
  await step(logout, 'p', 'IdP not logged out');
}

/**
 * The passkey registration component: without a user, the offer to create one, the list of a
 * user's passkeys, renaming one and the warning before deleting it.
 */
async function tourPasskeyRegistration(
  locale: string,
  strings: Record<string, unknown>,
  visit: Visit,
) {
  const mount = async (test: TestClient) => {
    const el = await fixture<VelvetPasskeyRegistration>(html`<velvet-passkey-registration
      public-token=${test.publicToken}
      .client=${test.client}
      .config=${{ locale }}
      .strings=${strings}
    ></velvet-passkey-registration>`);
    if (locale !== 'en') await waitFor(() => el.getAttribute('lang') === locale, 'no catalogue');
    await el.updateComplete;
    return el;
  };
  const none = await mount(createTestClient());
  await waitFor(() => none.querySelector('velvet-alert')?.getAttribute('text'), 'no message');
  await nextFrame();
  await visit('passkey registration without a user', none);

  const test = createTestClient();
  const user = makeUser({
    webauthn_registrations: [
      {
        webauthn_registration_id: 'webauthn-registration-test-1',
        name: 'Chrome',
        domain: 'localhost',
        user_agent: 'test',
        authenticator_type: '',
        verified: true,
      },
    ],
  });
  test.api.on('POST', '/otps/authenticate', {
    json: success({ ...(authenticateBody().data as Record<string, unknown>), user }),
  });
  await test.client.otps.authenticate('123456', 'phone-number-test-1', {
    session_duration_minutes: 60,
  });
  const el = await mount(test);
  await shows(el, '.velvet-title', 'the passkey offer');
  await visit('passkey registration', el);
  el.screen = Screen.PasskeyRegistrationSuccess;
  await shows(el, '.velvet-passkey-list', 'the passkey list');
  await visit('passkey list', el);
  const links = () => [...el.querySelectorAll<HTMLButtonElement>('.velvet-passkey-list button')];
  links()[0]?.click();
  await shows(el, '.velvet-passkey-list label', 'the rename form');
  await visit('passkey rename', el);
  links()[1]?.click();
  await waitFor(() => !el.querySelector('.velvet-passkey-list input'), 'the rename stayed');
  links()[1]?.click();
  await shows(el, '[role=alertdialog]', 'the delete warning');
  await visit('passkey delete warning', el);
}

/** Visits every screen in `locale`, with the page's `strings`. */
export async function tourEveryScreen(
  locale: string,
  strings: Record<string, unknown>,
  visit: Visit,
): Promise<void> {
  await tourMainAndPasscodes(locale, strings, visit);
  await tourEmail(locale, strings, visit);
  await tourPasskeys(locale, strings, visit);
  await tourOneTap(locale, strings, visit);
  await tourIdentityProvider(locale, strings, visit);
  await tourPasskeyRegistration(locale, strings, visit);
}

/** The attributes that name or describe an element to a user. */
const NAMING_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description'];

/** The texts of `node` itself: its text, accessible name and hints. */
function ownTexts(node: Element): Array<string | null> {
  return [node.textContent, ...NAMING_ATTRIBUTES.map((name) => node.getAttribute(name))];
}

/** Adds the texts of `node`'s children (and of their shadow roots) to `texts`. */
function collect(node: Element | ShadowRoot, texts: Array<string | null>): void {
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) texts.push(child.textContent);
    if (!(child instanceof Element) || child.localName === 'style') continue;
    texts.push(...ownTexts(child));
    collect(child, texts);
    if (child.shadowRoot) collect(child.shadowRoot, texts);
  }
}

/** The texts a user sees or hears in `root`: text, and accessible names and hints. */
export function visibleTexts(root: Element): Set<string> {
  const texts: Array<string | null> = [];
  collect(root, texts);
  return new Set(texts.map(normalize).filter((text) => text !== '' && text.length <= 400));
}
