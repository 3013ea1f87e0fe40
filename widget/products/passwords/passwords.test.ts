import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { RecordedRequest } from '../../client/testing/fake-api.js';
import { apiErrorBody, authenticateBody, success } from '../../client/testing/fixtures.js';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetEventDetail } from '../../events.js';
import '../../velvet.js';
import type { VelvetLogin } from '../../element/velvet-login.js';
import { meterSegments } from './password-strength-meter.js';

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  root(): ShadowRoot | HTMLElement;
  text(): string;
}

const BREACH =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';

async function mount(
  config: Record<string, unknown>,
  setup: (test: TestClient) => void = () => {},
  bootstrap: Record<string, unknown> = {},
): Promise<Mounted> {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ project_name: 'Party', ...bootstrap }),
  });
  test.api.on('POST', '/events', { json: success({}) });
  setup(test);
  const events: VelvetEventDetail[] = [];
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .callbacks=${{ onEvent: (detail: VelvetEventDetail) => events.push(detail) }}
  ></velvet-login>`);
  return {
    el,
    test,
    events,
    root: () => el.shadowRoot ?? el,
    text: () => (el.shadowRoot ?? el).textContent?.replace(/\s+/g, ' ').trim() ?? '',
  };
}

function button(mounted: Mounted, label: string): HTMLButtonElement {
  const found = [...mounted.root().querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no button '${label}' in: ${mounted.text().slice(0, 300)}`);
  return found;
}

async function typeInto(mounted: Mounted, selector: string, text: string): Promise<void> {
  const input = await waitFor(
    () => mounted.root().querySelector<HTMLInputElement>(selector),
    `no ${selector}`,
  );
  input.focus();
  await sendKeys({ type: text });
}

async function screenTitled(mounted: Mounted, title: string): Promise<void> {
  await waitFor(
    () => mounted.root().querySelector('.velvet-title')?.textContent?.trim() === title,
    () => `the screen '${title}' did not show; shown: ${mounted.text().slice(0, 300)}`,
  );
}

/** A strength result: valid from score 3, breached for `password1`. */
function strengthOf(request: RecordedRequest, policy: 'zxcvbn' | 'luds' = 'zxcvbn') {
  const password = (request.body as { password: string }).password;
  const breached = password === 'password1';
  const score = breached ? 0 : Math.min(4, Math.floor(password.length / 3));
  const missingCharacters = Math.max(0, 10 - password.length);
  const missingComplexity = /[A-Z]/.test(password) ? 0 : 1;
  const valid =
    !breached &&
    (policy === 'zxcvbn' ? score >= 3 : missingCharacters === 0 && missingComplexity === 0);
  return {
    json: success({
      valid_password: valid,
      score,
      breached_password: breached,
      strength_policy: policy,
      feedback: {
        warning: score < 3 ? 'This is similar to a commonly used password.' : '',
        suggestions: [],
        luds_requirements: {
          has_lower_case: true,
          has_upper_case: missingComplexity === 0,
          has_digit: false,
          has_symbol: false,
          missing_complexity: missingComplexity,
          missing_characters: missingCharacters,
        },
      },
    }),
  };
}

function answerSearch(test: TestClient, type: 'new' | 'password' | 'passwordless'): void {
  test.api.on('POST', '/users/search', { json: success({ user_type: type }) });
}

function answerResetStart(test: TestClient): void {
  test.api.on('POST', '/passwords/email/reset/start', {
    json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
  });
}

async function toPasswordScreen(mounted: Mounted, email = 'ada@example.com'): Promise<void> {
  await typeInto(mounted, 'input[type=email]', email);
  button(mounted, 'Continue with email').click();
}

function segments(mounted: Mounted): string[] {
  return [...mounted.root().querySelectorAll('.velvet-strength__segment')].map(
    (segment) => segment.getAttribute('data-filled') ?? '',
  );
}

function submit(mounted: Mounted): HTMLButtonElement {
  const found = mounted
    .root()
    .querySelector<HTMLButtonElement>(
      '.velvet-password-screen button[type=submit], .velvet-password-reset-form button[type=submit]',
    );
  if (!found) throw new Error('no submit');
  return found;
}

describe('passwords in <velvet-login>', () => {
  afterEach(cleanUpClients);

  it('maps zxcvbn scores onto the spec’s meter', () => {
    expect([0, 1, 2, 3, 4].map(meterSegments)).to.deep.equal([
      { filled: 1, colour: 'red' },
      { filled: 1, colour: 'red' },
      { filled: 2, colour: 'red' },
      { filled: 3, colour: 'green' },
      { filled: 4, colour: 'green' },
    ]);
  });

  it('a new user: search, the meter on each keystroke, submit only when valid, then Success', async () => {
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'new');
      test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request));
      test.api.on('POST', '/passwords', { json: authenticateBody('token-created') });
    });
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Create an account');
    expect(mounted.test.api.requestsTo('/users/search')[0]?.body).to.deep.equal({
      email: 'ada@example.com',
    });
    const input = mounted.root().querySelector('input[name=password]');
    expect(input?.getAttribute('autocomplete')).to.equal('new-password');
    expect(submit(mounted).disabled).to.equal(true);
    await expect(mounted.el).to.be.accessible();

    await typeInto(mounted, 'input[name=password]', 'abcdef');
    await waitFor(
      () => segments(mounted).join() === 'red,red,none,none',
      () => segments(mounted).join(),
    );
    expect(mounted.text()).to.include('This is similar to a commonly used password.');
    expect(submit(mounted).disabled).to.equal(true);
    await sendKeys({ type: 'ghi' });
    await waitFor(
      () => segments(mounted).join() === 'green,green,green,none',
      () => segments(mounted).join(),
    );
    await waitFor(() => !submit(mounted).disabled, 'submit stays disabled');
    await sendKeys({ type: 'jkl' });
    await waitFor(
      () => segments(mounted).join() === 'green,green,green,green',
      () => segments(mounted).join(),
    );
    await expect(mounted.el).to.be.accessible();
    const checks = mounted.test.api.requestsTo('/passwords/strength_check');
    expect(checks.length).to.be.greaterThan(10, 'a check per keystroke');
    expect(checks.at(-1)?.body).to.deep.equal({
      password: 'abcdefghijkl',
      email: 'ada@example.com',
    });

    submit(mounted).click();
    await screenTitled(mounted, 'Success!');
    expect(mounted.test.api.requestsTo('/passwords')[0]?.body).to.deep.equal({
      email: 'ada@example.com',
      password: 'abcdefghijkl',
      session_duration_minutes: 60,
    });
    expect(mounted.events.map((event) => event.type)).to.deep.equal([
      'PASSWORD_CREATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(mounted.test.client.session.status).to.equal('signed_in');
    await expect(mounted.el).to.be.accessible();
  });

  it('its texts are the page’s to change through strings, as the core catalogue’s', async () => {
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'new');
      test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request));
    });
    (mounted.el as unknown as { strings: Record<string, unknown> }).strings = {
      createTitle: 'Make your party account',
      strengthName: (score: number) => `Level ${score}`,
    };
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Make your party account');
    await typeInto(mounted, 'input[name=password]', 'abcdefghijkl');
    await waitFor(
      () => mounted.text().includes('Level 4'),
      () => mounted.text(),
    );
  });

  it('shows the breach warning and keeps submit disabled for a breached password', async () => {
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'new');
      test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request));
    });
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Create an account');
    await typeInto(mounted, 'input[name=password]', 'password1');
    await waitFor(() => mounted.text().includes(BREACH), 'no breach warning');
    expect(segments(mounted).join()).to.equal('red,none,none,none');
    expect(submit(mounted).disabled).to.equal(true);
    await expect(mounted.el).to.be.accessible();
  });

  it('LUDS: the spec’s two rules with the configured bounds, marked as they are met', async () => {
    const mounted = await mount(
      { products: ['passwords'] },
      (test) => {
        answerSearch(test, 'new');
        test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request, 'luds'));
      },
      { password_config: { luds_complexity: 3, luds_minimum_count: 10 } },
    );
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Create an account');
    await typeInto(mounted, 'input[name=password]', 'abc');
    await waitFor(() => mounted.root().querySelector('.velvet-strength__rule'), 'no rules');
    const rules = () =>
      [...mounted.root().querySelectorAll('.velvet-strength__rule')].map(
        (rule) =>
          `${rule.getAttribute('data-met')} ${rule.textContent?.replace(/\s+/g, ' ').trim()}`,
      );
    expect(rules()).to.deep.equal([
      'false ✗ Must be at least 10 characters long',
      'false ✗ Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    ]);
    expect(mounted.root().querySelector('[role=meter]')).to.equal(null);
    await sendKeys({ type: 'defghijK' });
    await waitFor(
      () => rules().every((rule) => rule.startsWith('true')),
      () => rules().join(' | '),
    );
    await waitFor(() => !submit(mounted).disabled, 'submit stays disabled');
    await expect(mounted.el).to.be.accessible();
  });

  it('shows the message of an invalid_email answer to a strength check', async () => {
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'new');
      test.api.on('POST', '/passwords/strength_check', {
        status: 400,
        json: apiErrorBody(400, 'invalid_email', 'Invalid email address, please try again.'),
      });
    });
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Create an account');
    await typeInto(mounted, 'input[name=password]', 'x');
    await waitFor(
      () => mounted.root().querySelector('.velvet-password-field [role=alert]'),
      'no error',
    );
    expect(mounted.text()).to.include('Invalid email address, please try again.');
  });

  it('a password user logs in; a wrong one sees the server’s message; Forgot sends a link', async () => {
    let tries = 0;
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'password');
      answerResetStart(test);
      test.api.on('POST', '/passwords/authenticate', () => {
        tries += 1;
        return tries === 1
          ? {
              status: 401,
              json: apiErrorBody(
                401,
                'unauthorized_password',
                'The email or password is incorrect. Please try again.',
              ),
            }
          : { json: authenticateBody('token-login') };
      });
    });
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Log in');
    expect(
      mounted.root().querySelector('input[name=password]')?.getAttribute('autocomplete'),
    ).to.equal('current-password');
    expect(
      mounted.root().querySelector('input[autocomplete=username]')?.getAttribute('name'),
    ).to.equal('username');
    await typeInto(mounted, 'input[name=password]', 'wrong-one');
    submit(mounted).click();
    await waitFor(
      () => mounted.text().includes('The email or password is incorrect. Please try again.'),
      'no error',
    );
    await expect(mounted.el).to.be.accessible();
    const input = mounted.root().querySelector<HTMLInputElement>('input[name=password]');
    if (input) input.value = '';
    await typeInto(mounted, 'input[name=password]', 'right-one');
    submit(mounted).click();
    await screenTitled(mounted, 'Success!');
    expect(mounted.events[0]?.type).to.equal('PASSWORD_AUTHENTICATE');

    const forgot = await mount(
      {
        products: ['passwords'],
        // English texts, and the locale sent for the email's language.
        locale: 'en-GB',
        passwordOptions: {
          resetPasswordRedirectURL: 'https://party.example/reset',
          resetPasswordExpirationMinutes: 45,
        },
      },
      (test) => {
        answerSearch(test, 'password');
        answerResetStart(test);
      },
    );
    await toPasswordScreen(forgot, 'grace@example.com');
    await screenTitled(forgot, 'Log in');
    button(forgot, 'Forgot password?').click();
    await screenTitled(forgot, 'Forgot password?');
    expect(forgot.text()).to.include(
      'A link to reset your password was sent to you at grace@example.com.',
    );
    expect(forgot.test.api.requestsTo('/passwords/email/reset/start')[0]?.body).to.deep.equal({
      email: 'grace@example.com',
      reset_password_redirect_url: 'https://party.example/reset',
      reset_password_expiration_minutes: 45,
      locale: 'en-GB',
    });
    button(forgot, 'Resend link').click();
    await waitFor(() => forgot.text().includes('Email resent'), 'no resend feedback');
    expect(forgot.test.api.requestsTo('/passwords/email/reset/start')).to.have.length(2);
    await expect(forgot.el).to.be.accessible();
  });

  it('a breached password at login sends a reset link and shows Password Breached', async () => {
    const mounted = await mount({ products: ['passwords'] }, (test) => {
      answerSearch(test, 'password');
      answerResetStart(test);
      test.api.on('POST', '/passwords/authenticate', {
        status: 400,
        json: apiErrorBody(400, 'reset_password', 'A reset is needed.'),
      });
    });
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Log in');
    await typeInto(mounted, 'input[name=password]', 'password1');
    submit(mounted).click();
    await screenTitled(mounted, 'Check your email to reset your password');
    expect(mounted.test.api.requestsTo('/passwords/email/reset/start')).to.have.length(1);
    await expect(mounted.el).to.be.accessible();
  });

  it('Dedupe: a passwordless user who creates a password is sent a reset link', async () => {
    const mounted = await mount(
      { products: ['passwords', 'otp'], otpOptions: { methods: ['sms'] } },
      (test) => {
        answerSearch(test, 'passwordless');
        answerResetStart(test);
        test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request));
        test.api.on('POST', '/passwords', {
          status: 400,
          json: apiErrorBody(400, 'reset_password', 'This account has no password yet.'),
        });
      },
    );
    await waitFor(() => mounted.root().querySelector('[role=tab]'), 'no tabs');
    const emailTab = [...mounted.root().querySelectorAll<HTMLElement>('[role=tab]')].find(
      (tab) => tab.textContent?.trim() === 'Email',
    );
    emailTab?.click();
    await toPasswordScreen(mounted, 'linus@example.com');
    await screenTitled(mounted, 'Create an account');
    await typeInto(mounted, 'input[name=password]', 'abcdefghijkl');
    await waitFor(() => !submit(mounted).disabled, 'submit stays disabled');
    submit(mounted).click();
    await screenTitled(mounted, 'Check your email to set a new password');
    expect(mounted.text()).to.include('linus@example.com');
    expect(mounted.test.api.requestsTo('/passwords/email/reset/start')[0]?.body).to.deep.equal({
      email: 'linus@example.com',
    });
    expect(mounted.root().querySelector('[data-kind]')?.getAttribute('data-kind')).to.equal(
      'dedupe',
    );
    await expect(mounted.el).to.be.accessible();
  });

  it('with magic links too: one Email tab; a passwordless user gets a link or Set New', async () => {
    const mounted = await mount({ products: ['emailMagicLinks', 'passwords'] }, (test) => {
      answerSearch(test, 'passwordless');
      answerResetStart(test);
      test.api.on('POST', '/magic_links/email/login_or_create', {
        json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
      });
    });
    await waitFor(
      () => mounted.root().querySelectorAll('velvet-email-entry-form').length === 1,
      'forms',
    );
    expect(mounted.root().querySelector('[role=tab]')).to.equal(null, 'one method, no tabs');
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Welcome back');
    await expect(mounted.el).to.be.accessible();
    button(mounted, 'Create a password instead').click();
    await screenTitled(mounted, 'Check your email to set a new password');
    expect(mounted.root().querySelector('[data-kind]')?.getAttribute('data-kind')).to.equal(
      'set-new',
    );
    mounted.root().querySelector<HTMLButtonElement>('velvet-back-button button')?.click();
    await waitFor(() => mounted.root().querySelector('velvet-email-entry-form'), 'no main');
    await toPasswordScreen(mounted);
    await screenTitled(mounted, 'Welcome back');
    button(mounted, 'Email me a login link').click();
    await screenTitled(mounted, 'Check your email');
    expect(mounted.test.api.requestsTo('/magic_links/email/login_or_create')).to.have.length(1);
  });

  it('the Password Reset Form reads stytch_token_type=reset_password and sets the password', async () => {
    const before = location.href;
    history.replaceState(null, '', '?keep=1&stytch_token_type=reset_password&token=reset-tok-1');
    try {
      const mounted = await mount({ products: ['passwords'] }, (test) => {
        test.api.on('POST', '/passwords/strength_check', (request) => strengthOf(request));
        test.api.on('POST', '/passwords/email/reset', { json: authenticateBody('token-reset') });
      });
      await screenTitled(mounted, 'Set a new password');
      expect(location.search).to.equal('?keep=1', 'the token leaves the address bar');
      await expect(mounted.el).to.be.accessible();
      await typeInto(mounted, 'input[name=password]', 'abcdefghijkl');
      await waitFor(() => !submit(mounted).disabled, 'submit stays disabled');
      submit(mounted).click();
      await screenTitled(mounted, 'Success!');
      expect(mounted.test.api.requestsTo('/passwords/email/reset')[0]?.body).to.deep.equal({
        token: 'reset-tok-1',
        password: 'abcdefghijkl',
        session_duration_minutes: 60,
      });
      expect(mounted.events.map((event) => event.type)).to.deep.equal([
        'PASSWORD_RESET_BY_EMAIL',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('stytch_token_type=login signs in with the token at once', async () => {
    const before = location.href;
    history.replaceState(null, '', '?stytch_token_type=login&token=login-tok-1');
    try {
      const mounted = await mount({ products: ['passwords'] }, (test) => {
        test.api.on('POST', '/magic_links/authenticate', { json: authenticateBody('token-ml') });
      });
      await screenTitled(mounted, 'Success!');
      const call = mounted.test.api.requestsTo('/magic_links/authenticate')[0];
      expect((call?.body as { token?: string } | undefined)?.token).to.equal('login-tok-1');
      expect(mounted.test.client.session.status).to.equal('signed_in');
    } finally {
      history.replaceState(null, '', before);
    }
  });

  for (const enableShadowDOM of [false, true]) {
    it(`password fields are real inputs in a real form for password managers (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
      const mounted = await mount({ products: ['passwords'], enableShadowDOM }, (test) => {
        answerSearch(test, 'password');
      });
      expect(Boolean(mounted.el.shadowRoot)).to.equal(enableShadowDOM);
      await toPasswordScreen(mounted);
      await screenTitled(mounted, 'Log in');
      const password = mounted.root().querySelector<HTMLInputElement>('input[type=password]');
      const username = mounted
        .root()
        .querySelector<HTMLInputElement>('input[autocomplete=username]');
      expect(password?.form, 'the password is in a form').to.be.instanceOf(HTMLFormElement);
      expect(username?.form).to.equal(password?.form);
      expect(username?.value).to.equal('ada@example.com');
      expect(password?.autocomplete).to.equal('current-password');
      expect(password?.name).to.equal('password');
      expect(password?.labels?.[0]?.textContent?.trim()).to.equal('Password');
    });
  }

  describe('the strength check’s data-fetching timings (fake clock)', () => {
    /** The password screen of a new user, checks answered by `answer`. */
    async function newUser(answer: (request: RecordedRequest) => unknown): Promise<Mounted> {
      const mounted = await mount({ products: ['passwords'] }, (test) => {
        answerSearch(test, 'new');
        test.api.on('POST', '/passwords/strength_check', answer as never);
      });
      await toPasswordScreen(mounted);
      await screenTitled(mounted, 'Create an account');
      return mounted;
    }
    const checks = (mounted: Mounted) =>
      mounted.test.api.requestsTo('/passwords/strength_check').length;

    it('the same text within 2 s reuses the answer; after 2 s it is checked again', async () => {
      const mounted = await newUser(strengthOf);
      await typeInto(mounted, 'input[name=password]', 'abcdef');
      await waitFor(() => segments(mounted).join() === 'red,red,none,none', 'no meter');
      expect(checks(mounted)).to.equal(6);
      // Erased and typed back within 2 s: the meter follows without a request.
      await sendKeys({ press: 'Backspace' });
      await waitFor(() => segments(mounted).join() === 'red,none,none,none', 'no meter');
      await sendKeys({ type: 'f' });
      await waitFor(() => segments(mounted).join() === 'red,red,none,none', 'no meter');
      expect(checks(mounted)).to.equal(6);
      await mounted.test.clock.tick(2000);
      await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: 'f' });
      await waitFor(
        () => checks(mounted) === 8,
        () => `${checks(mounted)} checks`,
      );
    });

    it('a check the server does not answer within 3 s says it is still checking', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const mounted = await newUser(async (request) => {
        await held;
        return strengthOf(request);
      });
      await typeInto(mounted, 'input[name=password]', 'abcdefghi');
      await waitFor(
        () => checks(mounted) === 9,
        () => `${checks(mounted)} checks`,
      );
      const status = () => mounted.root().querySelector('.velvet-password-field__checking');
      await mounted.test.clock.tick(2999);
      expect(status()).to.equal(null);
      await mounted.test.clock.tick(1);
      await waitFor(
        () => status()?.textContent?.trim() === 'Checking the password…',
        () => `no status: ${mounted.text()}`,
      );
      expect(status()?.getAttribute('role')).to.equal('status');
      await expect(mounted.el).to.be.accessible();
      release();
      await waitFor(() => segments(mounted).join() === 'green,green,green,none', 'no meter');
      expect(status()).to.equal(null);
    });

    it('a check that could not reach the server is sent again after 5 s', async () => {
      let reachable = false;
      const mounted = await newUser((request) =>
        reachable ? strengthOf(request) : { networkError: true },
      );
      await typeInto(mounted, 'input[name=password]', 'abcdefghi');
      await waitFor(
        () => mounted.text().includes('Unable to contact our servers.'),
        () => `no error: ${mounted.text()}`,
      );
      const failed = checks(mounted);
      reachable = true;
      await mounted.test.clock.tick(4999);
      expect(checks(mounted)).to.equal(failed);
      await mounted.test.clock.tick(1);
      await waitFor(() => segments(mounted).join() === 'green,green,green,none', 'no retry');
      expect(checks(mounted)).to.equal(failed + 1);
      await waitFor(() => !submit(mounted).disabled, 'submit stays disabled');
      expect(mounted.text()).to.not.include('Unable to contact our servers.');
    });

    it('a retry that fails too is not retried again', async () => {
      const mounted = await newUser(() => ({ networkError: true }));
      await typeInto(mounted, 'input[name=password]', 'abc');
      await waitFor(
        () => mounted.text().includes('Unable to contact our servers.'),
        () => `no error: ${mounted.text()}`,
      );
      const failed = checks(mounted);
      await mounted.test.clock.tick(5000);
      await waitFor(
        () => checks(mounted) === failed + 1,
        () => `${checks(mounted)} checks`,
      );
      await mounted.test.clock.tick(60_000);
      expect(checks(mounted)).to.equal(failed + 1);
      expect(mounted.test.clock.pendingDelays()).to.deep.equal([]);
    });
  });
});
