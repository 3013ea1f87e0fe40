import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { apiErrorBody, authenticateBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetConfig } from '../config/widget-config.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
import { PRODUCT_LOADERS } from '../products/registry.js';
import '../velvet.js';
import type { VelvetLogin } from './velvet-login.js';

const SMS_ONLY: Partial<VelvetConfig> = {
  products: ['otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
};

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  errors: VelvetErrorDetail[];
  domEvents: VelvetEventDetail[];
  /** Where the widget renders: its shadow root or the element itself. */
  root(): ShadowRoot | HTMLElement;
  text(): string;
  /** The headings and alerts on screen, for failure messages. */
  headings(): string;
}

async function mount(
  config: unknown,
  options: { strings?: Record<string, string>; setup?: (test: TestClient) => void } = {},
) {
  const test = createTestClient();
  options.setup?.(test);
  const events: VelvetEventDetail[] = [];
  const errors: VelvetErrorDetail[] = [];
  const domEvents: VelvetEventDetail[] = [];
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .strings=${options.strings ?? {}}
    .callbacks=${{
      onEvent: (detail: VelvetEventDetail) => events.push(detail),
      onError: (detail: VelvetErrorDetail) => errors.push(detail),
    }}
    @velvet-event=${(event: CustomEvent<VelvetEventDetail>) => domEvents.push(event.detail)}
  ></velvet-login>`);
  const mounted: Mounted = {
    el,
    test,
    events,
    errors,
    domEvents,
    root: () => el.shadowRoot ?? el,
    text: () => (el.shadowRoot ?? el).textContent?.replace(/\s+/g, ' ').trim() ?? '',
    headings: () =>
      [...(el.shadowRoot ?? el).querySelectorAll('h2, [role=alert]')]
        .map((node) => node.textContent?.replace(/\s+/g, ' ').trim())
        .join(' | '),
  };
  await waitFor(
    () =>
      mounted.root().querySelector('form') ||
      mounted.root().querySelector('velvet-alert')?.textContent?.trim(),
    'the main screen did not render',
  );
  await el.updateComplete;
  return mounted;
}

function $<T extends Element>(mounted: Mounted, selector: string): T {
  const found = mounted.root().querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

function button(mounted: Mounted, label: string): HTMLButtonElement {
  const found = [...mounted.root().querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no button '${label}'`);
  return found;
}

async function typePhone(mounted: Mounted, digits: string): Promise<void> {
  $<HTMLInputElement>(mounted, 'input[type=tel]').focus();
  await sendKeys({ type: digits });
}

/** Waits for the screen whose heading reads `title`. */
async function screenTitled(mounted: Mounted, title: string): Promise<void> {
  await waitFor(
    () => mounted.root().querySelector('.velvet-title')?.textContent?.trim() === title,
    () => `the screen '${title}' did not show; shown: ${mounted.headings()}`,
  );
}

function answerSms(test: TestClient): void {
  test.api.on('POST', '/otps/sms/login_or_create', {
    json: success({
      user_id: 'user-test-1',
      method_id: 'phone-number-test-1',
      phone_id: 'phone-number-test-1',
    }),
  });
}

/** Signs in up to the passcode screen with +1 415 555 2671. */
async function toPasscodeScreen(config: unknown = SMS_ONLY): Promise<Mounted> {
  const mounted = await mount(config);
  answerSms(mounted.test);
  await typePhone(mounted, '4155552671');
  button(mounted, 'Continue with text message').click();
  await screenTitled(mounted, 'Enter passcode');
  await waitFor(() => mounted.text().includes('(415) 555-2671'), 'national format not shown');
  return mounted;
}

/** The messages of the toasts on screen. */
function toastTexts(mounted: Mounted): string[] {
  return [...mounted.root().querySelectorAll('velvet-toaster .velvet-toast__message')].map(
    (message) => message.textContent?.trim() ?? '',
  );
}

async function typeCode(mounted: Mounted, code: string): Promise<void> {
  $<HTMLInputElement>(mounted, 'velvet-otp-input input').focus();
  await sendKeys({ type: code });
}

afterEach(async () => {
  await cleanUpClients();
});

describe('<velvet-login>', () => {
  describe('main screen', () => {
    it('shows the SMS form alone: title, country +1, placeholder, button, no tabs', async () => {
      const mounted = await mount(SMS_ONLY);
      expect($(mounted, '.velvet-title').textContent?.trim()).to.equal('Sign up or log in');
      expect(mounted.root().querySelector('[role=tablist]')).to.equal(null);
      const input = $<HTMLInputElement>(mounted, 'input[type=tel]');
      expect(input.placeholder).to.equal('(123) 456-7890');
      expect(input.required).to.equal(true);
      expect(input.autocomplete).to.equal('tel');
      expect($<HTMLSelectElement>(mounted, 'select').value).to.equal('US');
      expect($(mounted, '.velvet-phone-input__dial-code').textContent?.trim()).to.equal('+1');
      expect(button(mounted, 'Continue with text message').type).to.equal('submit');
      await expect(mounted.el).to.be.accessible();
    });

    it('shows no title when the header is hidden, and the logo when one is set', async () => {
      const mounted = await mount({
        ...SMS_ONLY,
        hideHeaderText: true,
        logo: { logoImageUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      });
      expect(mounted.text()).not.to.include('Sign up or log in');
      expect($<HTMLImageElement>(mounted, 'img[part=logo]').src).to.match(/^data:image\/gif/);
      await expect(mounted.el).to.be.accessible();
    });

    it('shows tabs Text, WhatsApp, Email with the first selected; arrow keys switch the form', async () => {
      const mounted = await mount({
        products: ['otp'],
        otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 10 },
      });
      await waitFor(() => mounted.root().querySelector('[role=tab]'), 'no tabs');
      const tabs = [...mounted.root().querySelectorAll<HTMLButtonElement>('[role=tab]')];
      expect(tabs.map((tab) => tab.textContent?.trim())).to.deep.equal([
        'Text',
        'WhatsApp',
        'Email',
      ]);
      expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).to.deep.equal([
        'true',
        'false',
        'false',
      ]);
      const visibleButton = () =>
        [...mounted.root().querySelectorAll<HTMLButtonElement>('button[type=submit]')]
          .filter((candidate) => candidate.offsetParent !== null)
          .map((candidate) => candidate.textContent?.trim());
      expect(visibleButton()).to.deep.equal(['Continue with text message']);
      await expect(mounted.el).to.be.accessible();

      tabs[0]?.focus();
      const shows = (label: string) =>
        waitFor(
          () => visibleButton().join() === label,
          () => `'${label}' is not the one button shown: ${visibleButton().join()}`,
        );
      await sendKeys({ press: 'ArrowRight' });
      await shows('Continue with WhatsApp');
      await sendKeys({ press: 'ArrowRight' });
      // The email form is a chunk of its own.
      await shows('Continue with email');
      const email = $<HTMLInputElement>(mounted, 'input[type=email]');
      expect(email.placeholder).to.equal('example@email.com');
      expect(email.autocomplete).to.include('email');
      expect(email.required).to.equal(true);
      await expect(mounted.el).to.be.accessible();
    });

    it('follows the configured method order', async () => {
      const mounted = await mount({
        products: ['otp'],
        otpOptions: { methods: ['email', 'sms'], expirationMinutes: 10 },
      });
      await waitFor(() => mounted.root().querySelector('[role=tab]'), 'no tabs');
      const selected = $(mounted, '[role=tab][aria-selected=true]');
      expect(selected.textContent?.trim()).to.equal('Email');
    });

    it('replaces the form with the configuration errors of the spec', async () => {
      const passkeys = await mount({ products: ['passkeys'] });
      expect(passkeys.text()).to.include(
        'Error: Cannot use Passkeys by itself, please add another product to the config.',
      );
      expect(passkeys.root().querySelector('form')).to.equal(null);
      await expect(passkeys.el).to.be.accessible();

      const both = await mount({
        products: ['emailMagicLinks', 'otp'],
        otpOptions: { methods: ['email'], expirationMinutes: 10 },
      });
      expect(both.text()).to.include('Error: Cannot use both EML and Email OTP');
      expect(both.root().querySelector('form')).to.equal(null);
    });

    for (const enableShadowDOM of [true, false]) {
      it(`styles the alert and the tabs, whose CSS comes with their chunks (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const passkeys = await mount({ products: ['passkeys'], enableShadowDOM });
        const box = await waitFor(
          () => passkeys.root().querySelector<HTMLElement>('.velvet-alert'),
          'no alert box',
        );
        await waitFor(
          () => getComputedStyle(box).display === 'flex' || undefined,
          'the alert box unstyled',
        );
        expect(getComputedStyle(box).borderTopStyle).to.equal('solid');

        const tabbed = await mount({
          products: ['otp'],
          otpOptions: { methods: ['email', 'sms'], expirationMinutes: 10 },
          enableShadowDOM,
        });
        const tablist = await waitFor(
          () => tabbed.root().querySelector<HTMLElement>('[role=tablist]'),
          'no tabs',
        );
        await waitFor(
          () => getComputedStyle(tablist).display === 'flex' || undefined,
          'the tabs unstyled',
        );
      });
    }

    it('reports unknown and mistyped options on the console and still shows the form', async () => {
      const logged: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
      try {
        const mounted = await mount({
          ...SMS_ONLY,
          hideHeadrText: true,
          enableShadowDOM: 'yes',
        });
        expect(mounted.root().querySelector('form')).not.to.equal(null);
        expect(logged.join('\n')).to.include('Unknown option hideHeadrText');
        expect(logged.join('\n')).to.include('enableShadowDOM must be a boolean');
      } finally {
        console.error = original;
      }
    });

    it('reports a theme value the browser cannot use, and keeps the default look', async () => {
      const logged: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
      try {
        const mounted = await mount({
          ...SMS_ONLY,
          colors: { primary: 'blurple' },
          container: { width: 'wide' },
        });
        expect(logged).to.deep.equal([
          '<velvet-login>: colors.primary must be a CSS colour; got "blurple".',
          '<velvet-login>: container.width must be a CSS length; got "wide".',
        ]);
        const submit = getComputedStyle(button(mounted, 'Continue with text message'));
        expect(submit.backgroundColor).to.equal('rgb(25, 48, 61)');
        expect(getComputedStyle($(mounted, '.velvet-container')).width).to.equal('400px');
      } finally {
        console.error = original;
      }
    });

    it('says no sign-in method is available when the config drops the last product it has', async () => {
      const original = console.error;
      console.error = () => {};
      // Every product of the spec is built in now: take one out of this build for the test.
      const oauthLoader = PRODUCT_LOADERS.oauth;
      delete PRODUCT_LOADERS.oauth;
      try {
        const mounted = await mount(SMS_ONLY);
        // A product this build does not have (an empty list would fall back to magic links).
        mounted.el.config = { products: ['oauth'] };
        await waitFor(
          () => mounted.text().includes('No sign-in method is available.'),
          () => `no warning; shown: ${mounted.text().slice(0, 200)}`,
        );
        expect(mounted.root().querySelector('form')).to.equal(null);
        mounted.el.config = SMS_ONLY;
        await waitFor(() => mounted.root().querySelector('form'), 'the form did not come back');
        expect(mounted.text()).not.to.include('No sign-in method is available.');
      } finally {
        console.error = original;
        PRODUCT_LOADERS.oauth = oauthLoader;
      }
    });

    it('loads a product again once; failing twice, reports it once and shows “Try again”, which loads it', async () => {
      const real = PRODUCT_LOADERS.otp;
      const original = console.error;
      console.error = () => {};
      let failures = 3;
      let calls = 0;
      PRODUCT_LOADERS.otp = () => {
        calls += 1;
        return failures-- > 0 || !real
          ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
          : real();
      };
      try {
        const errors: VelvetErrorDetail[] = [];
        const el = await fixture<VelvetLogin>(html`<velvet-login
          public-token="public-token-test-chunk"
          .config=${SMS_ONLY}
          .callbacks=${{ onError: (detail: VelvetErrorDetail) => errors.push(detail) }}
        ></velvet-login>`);
        const retry = () =>
          [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Try again');
        await waitFor(retry, () => `no “Try again”: ${el.textContent?.trim()}`);
        expect(calls).to.equal(2);
        expect(errors).to.deep.equal([
          {
            errorType: 'chunk_load_failed',
            message:
              'Part of the sign-in did not load. Please check your connection and try again.',
          },
        ]);
        expect(el.querySelector('[role=alert]')?.textContent?.trim()).to.equal(errors[0]?.message);
        await expect(el).to.be.accessible();
        // The first of two tries fails again; the second loads the form.
        retry()?.click();
        await waitFor(() => el.querySelector('form'), 'no form after “Try again”');
        expect(calls).to.equal(4);
        expect(retry()).to.equal(undefined);
        expect(errors).to.have.length(1);
      } finally {
        console.error = original;
        PRODUCT_LOADERS.otp = real;
      }
    });

    it('reads a JSON config attribute, and reports one that is not JSON', async () => {
      const logged: string[] = [];
      const errors: VelvetErrorDetail[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
      try {
        const el = await fixture<VelvetLogin>(html`<velvet-login
          public-token="public-token-test-attr"
          config='{"products":["otp"],"otpOptions":{"methods":["whatsapp"]}}'
          @velvet-error=${(event: CustomEvent<VelvetErrorDetail>) => errors.push(event.detail)}
        ></velvet-login>`);
        await waitFor(() => el.querySelector('form'), 'no form');
        expect(el.textContent).to.include('Continue with WhatsApp');
        el.setAttribute('config', '{products: otp}');
        await el.updateComplete;
        const message =
          'Error: The config attribute of <velvet-login> is not JSON: "{products: otp}".';
        expect(logged.join('\n')).to.include(message);
        expect(errors.map((error) => error.errorType)).to.deep.equal(['invalid_config']);
        expect(errors[0]?.message).to.include(message);
        await waitFor(
          () => el.querySelector('velvet-alert'),
          'the error does not replace the form',
        );
        expect(el.querySelector('form')).to.equal(null);
        await expect(el).to.be.accessible();
      } finally {
        console.error = original;
      }
    });

    it('names the available locales on the console for a locale without texts, once', async () => {
      const warned: string[] = [];
      const errors: string[] = [];
      const original = { warn: console.warn, error: console.error };
      console.warn = (...args: unknown[]) => warned.push(args.map(String).join(' '));
      console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
      try {
        const mounted = await mount({ ...SMS_ONLY, locale: 'de' });
        await waitFor(() => warned.length > 0, 'no notice on the console');
        expect(warned).to.deep.equal([
          '<velvet-login>: locale "de" has no text catalogue yet; the available locales are: en, es, fr. ' +
            'The texts stay in English (give `strings` to translate them); country names follow "de".',
        ]);
        expect(errors).to.deep.equal([]);
        // English texts, German country names, and no `lang` claiming a language the texts are not in.
        expect(button(mounted, 'Continue with text message')).to.exist;
        await waitFor(
          () => $(mounted, 'option[value=FR]')?.textContent?.includes('Frankreich'),
          'no German country names',
        );
        expect(mounted.el.hasAttribute('lang')).to.equal(false);
        mounted.el.config = { ...SMS_ONLY, locale: 'de', hideHeaderText: true };
        await mounted.el.updateComplete;
        expect(warned).to.have.length(1);

        const english = await mount({ ...SMS_ONLY, locale: 'en-GB' });
        expect(english.text()).to.include('Continue with text message');
        expect(warned).to.have.length(1);
      } finally {
        console.warn = original.warn;
        console.error = original.error;
      }
    });

    for (const enableShadowDOM of [true, false]) {
      it(`puts the placeholders on the inputs alone (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const mounted = await mount({
          products: ['otp'],
          otpOptions: { methods: ['sms', 'email'], expirationMinutes: 10 },
          enableShadowDOM,
        });
        // The email form is a chunk of its own.
        await waitFor(() => mounted.root().querySelector('input[type=email]'), 'no email form');
        const carriers = (attribute: string) =>
          [...mounted.root().querySelectorAll(`[${attribute}]`)].map((el) => el.localName);
        expect(carriers('placeholder')).to.deep.equal(['input', 'input']);
      });
    }

    it('takes texts from the page', async () => {
      const mounted = await mount(SMS_ONLY, {
        strings: { mainTitle: 'Do we know you?', continueWithText: 'Text me a code' },
      });
      expect(mounted.text()).to.include('Do we know you?');
      expect(button(mounted, 'Text me a code')).to.exist;
    });

    it('works from the keyboard: Tab to the number, type it, Enter sends', async () => {
      const mounted = await mount({ ...SMS_ONLY, enableShadowDOM: true });
      answerSms(mounted.test);
      const focused = () => mounted.el.shadowRoot?.activeElement;
      $<HTMLSelectElement>(mounted, 'select').focus();
      expect(focused()?.tagName).to.equal('SELECT');
      await sendKeys({ press: 'Tab' });
      expect((focused() as HTMLInputElement).type).to.equal('tel');
      await sendKeys({ type: '4155552671' });
      await sendKeys({ press: 'Tab' });
      expect(focused()?.textContent?.trim()).to.equal('Continue with text message');
      await sendKeys({ press: 'Shift+Tab' });
      await sendKeys({ press: 'Enter' });
      await screenTitled(mounted, 'Enter passcode');
      const first = $<HTMLInputElement>(mounted, 'velvet-otp-input input');
      await waitFor(() => focused() === first, 'the first box has no focus');
    });

    it('shows the generic error with a way back for a screen no product offers', async () => {
      const mounted = await mount(SMS_ONLY);
      (mounted.el as unknown as { dispatch(action: unknown): void }).dispatch({
        type: 'transition',
        screen: 'Crypto Connect',
      });
      await screenTitled(mounted, 'Looks like there was an error!');
      expect(mounted.text()).to.include('Please use the back arrow to try again.');
      await expect(mounted.el).to.be.accessible();
      // The back button is a lazy chunk of its own, which brings its CSS (before issue 37 this
      // screen's back button had none unless a product had brought it).
      const back = await waitFor(
        () => mounted.root().querySelector<HTMLButtonElement>('velvet-back-button button'),
        'no back button',
      );
      await waitFor(
        () => getComputedStyle(back).display === 'inline-flex' || undefined,
        'the back button unstyled',
      );
      back.click();
      await screenTitled(mounted, 'Sign up or log in');
    });

    it('logs render_login_screen to /events', async () => {
      const mounted = await mount(SMS_ONLY);
      // Logged once the browser is idle after the first render, then sent within 800 ms.
      await waitFor(() => mounted.test.client.telemetry.pendingCount > 0, 'nothing was logged');
      await mounted.test.clock.tick(800);
      await waitFor(() => mounted.test.api.requestsTo('/events').length > 0, 'no events sent');
      const body = mounted.test.api.requestsTo('/events')[0]?.body as {
        events: { event: { event_name: string } }[];
      };
      expect(body.events.map((event) => event.event.event_name)).to.include('render_login_screen');
    });
  });

  describe('validation', () => {
    it('refuses an invalid phone number without a call', async () => {
      const mounted = await mount(SMS_ONLY);
      await typePhone(mounted, '12');
      button(mounted, 'Continue with text message').click();
      await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
      expect(mounted.text()).to.include('Invalid phone number, please try again.');
      expect($<HTMLInputElement>(mounted, 'input[type=tel]').getAttribute('aria-invalid')).to.equal(
        'true',
      );
      expect(mounted.test.api.requestsTo('/otps/sms/login_or_create')).to.have.length(0);
      await expect(mounted.el).to.be.accessible();
    });

    it('refuses an empty phone number without a call', async () => {
      const mounted = await mount(SMS_ONLY);
      button(mounted, 'Continue with text message').click();
      await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
      expect(mounted.text()).to.include('Invalid phone number, please try again.');
      expect(mounted.test.api.requests.filter((r) => r.path.startsWith('/otps'))).to.have.length(0);
    });

    it('refuses an invalid email address without a call', async () => {
      const mounted = await mount({
        products: ['otp'],
        otpOptions: { methods: ['email'], expirationMinutes: 10 },
      });
      $<HTMLInputElement>(mounted, 'input[type=email]').focus();
      await sendKeys({ type: 'guest@example' });
      button(mounted, 'Continue with email').click();
      await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
      expect(mounted.text()).to.include('Invalid email address, please try again.');
      expect(mounted.test.api.requests.filter((r) => r.path.startsWith('/otps'))).to.have.length(0);
      await expect(mounted.el).to.be.accessible();
    });

    it('shows and reports the server error when a send fails', async () => {
      const mounted = await mount(SMS_ONLY);
      mounted.test.api.on('POST', '/otps/sms/login_or_create', {
        status: 429,
        json: apiErrorBody(429, 'otp_send_rate_limited', 'Too many passcodes were sent.'),
      });
      await typePhone(mounted, '4155552671');
      button(mounted, 'Continue with text message').click();
      await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
      expect(mounted.text()).to.include('Too many passcodes were sent.');
      expect(mounted.errors).to.deep.equal([
        { message: 'Too many passcodes were sent.', errorType: 'otp_send_rate_limited' },
      ]);
      expect(button(mounted, 'Continue with text message').disabled).to.equal(false);
    });
  });

  describe('allowed countries', () => {
    const bootstrap =
      (fields: Record<string, unknown>) =>
      (test: TestClient): void => {
        test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
          json: success({ project_name: 'Velvet', ...fields }),
        });
      };

    it('offers only the countries the project texts, by name', async () => {
      const mounted = await mount(SMS_ONLY, {
        setup: bootstrap({ sms_allowed_countries: ['US', 'CA'] }),
      });
      await waitFor(
        () => mounted.root().querySelectorAll('select option').length === 2,
        () => `options: ${mounted.root().querySelectorAll('select option').length}`,
      );
      const labels = [...mounted.root().querySelectorAll('select option')].map((option) =>
        option.textContent?.trim(),
      );
      expect(labels).to.deep.equal(['+1 United States', '+1 Canada']);
      expect($<HTMLSelectElement>(mounted, 'select').value).to.equal('US');
      await expect(mounted.el).to.be.accessible();
    });

    it('keeps the form’s room, hidden and offering no country, until bootstrap answers', async () => {
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const mounted = await mount(SMS_ONLY, {
        setup: (test) =>
          test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, async () => {
            await answered;
            return { json: success({ project_name: 'Velvet', sms_allowed_countries: ['CA'] }) };
          }),
      });
      const form = $<HTMLFormElement>(mounted, 'form');
      const height = form.getBoundingClientRect().height;
      expect(height).to.be.greaterThan(0);
      expect(form.checkVisibility({ visibilityProperty: true })).to.equal(false);
      expect(mounted.root().querySelectorAll('select option').length).to.equal(0);
      answer();
      await waitFor(
        () => form.checkVisibility({ visibilityProperty: true }),
        'the form is still hidden',
      );
      expect(mounted.root().querySelectorAll('select option').length).to.equal(1);
      expect(form.getBoundingClientRect().height).to.equal(height);
      await expect(mounted.el).to.be.accessible();
    });

    it('starts on an offered country when the United States is not one', async () => {
      const mounted = await mount(SMS_ONLY, {
        setup: bootstrap({ sms_allowed_countries: ['CA'] }),
      });
      await waitFor(
        () => mounted.root().querySelectorAll('select option').length === 1,
        'the select still offers other countries',
      );
      expect($<HTMLSelectElement>(mounted, 'select').value).to.equal('CA');
    });

    it('names the country of a number from elsewhere, once, without a call', async () => {
      const mounted = await mount(SMS_ONLY, {
        setup: bootstrap({ sms_allowed_countries: ['US', 'CA'] }),
      });
      await waitFor(() => mounted.root().querySelectorAll('select option').length === 2, 'no list');
      await typePhone(mounted, '+44 20 7183 8750');
      button(mounted, 'Continue with text message').click();
      await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
      const message =
        'Text messages cannot be sent to phone numbers in United Kingdom. ' +
        'Please use a number from United States or Canada.';
      expect(mounted.text()).to.include(message);
      expect(mounted.text().split('Text messages cannot be sent').length - 1).to.equal(1);
      expect(mounted.test.api.requestsTo('/otps/sms/login_or_create')).to.have.length(0);
    });

    for (const [locale, joined] of [
      ['es', 'Estados Unidos o Canadá'],
      ['fr', 'États-Unis ou Canada'],
    ] as const) {
      it(`lists the offered countries in ${locale} words, with no English "or"`, async () => {
        const mounted = await mount(
          { ...SMS_ONLY, locale },
          { setup: bootstrap({ sms_allowed_countries: ['US', 'CA'] }) },
        );
        await waitFor(
          () => mounted.root().querySelectorAll('select option').length === 2,
          'no list',
        );
        await typePhone(mounted, '+44 20 7183 8750');
        mounted.root().querySelector<HTMLButtonElement>('button[type=submit]')?.click();
        await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
        const alert = mounted.root().querySelector('[role=alert]')?.textContent ?? '';
        expect(alert).to.include(`${joined}.`);
        expect(alert).not.to.match(/\bor\b/);
      });
    }
  });

  describe('an origin the project does not list', () => {
    const ORIGIN_MESSAGE =
      "This page's origin, http://localhost:8000, is not authorized for this project, so the " +
      "widget cannot sign anyone in here. Add http://localhost:8000 to the project's " +
      "authorizedOrigins in the server's config file (in development: " +
      'VELVET_DEV_ORIGINS=http://localhost:8000).';

    it('tells the developer through onError and the console, and explains failed calls', async () => {
      const logged: string[] = [];
      const original = console.error;
      console.error = (...parts: unknown[]) => logged.push(parts.map(String).join(' '));
      try {
        const mounted = await mount(SMS_ONLY, {
          setup: (test) =>
            test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
              json: success({ origin_allowed: false, origin_message: ORIGIN_MESSAGE }),
            }),
        });
        await waitFor(() => mounted.errors.length > 0, 'onError was not called');
        expect(mounted.errors).to.deep.equal([
          { message: ORIGIN_MESSAGE, errorType: 'origin_not_allowed' },
        ]);
        expect(logged).to.include(`<velvet-login>: ${ORIGIN_MESSAGE}`);

        // The refused preflight reaches the client as a network failure.
        mounted.test.api.on('POST', '/otps/sms/login_or_create', { networkError: true });
        await typePhone(mounted, '4155552671');
        button(mounted, 'Continue with text message').click();
        await waitFor(() => mounted.errors.length > 1, 'the failed send was not reported');
        expect(mounted.errors[1]).to.deep.equal({
          message: ORIGIN_MESSAGE,
          errorType: 'origin_not_allowed',
        });
        expect(mounted.text()).to.include('is not authorized for this project');
      } finally {
        console.error = original;
      }
    });
  });

  describe('links in error messages', () => {
    const MESSAGE =
      'Too many passcodes were sent. See https://velvet.test/docs/errors#otp_send_rate_limited. javascript:alert(1)';

    /** The error under the form or the boxes: its text, and the address of each link in it. */
    function shownError(mounted: Mounted): { text: string; links: string[] } {
      const error = $(mounted, '[part=error]');
      return {
        text: error.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        links: [...error.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
      };
    }

    for (const enableShadowDOM of [true, false]) {
      it(`makes http(s) links clickable in the error under the form (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const mounted = await mount({ ...SMS_ONLY, enableShadowDOM });
        mounted.test.api.on('POST', '/otps/sms/login_or_create', {
          status: 429,
          json: apiErrorBody(429, 'otp_send_rate_limited', MESSAGE),
        });
        await typePhone(mounted, '4155552671');
        button(mounted, 'Continue with text message').click();
        await waitFor(() => mounted.root().querySelector('[part=error]'), 'no error shown');
        expect(shownError(mounted)).to.deep.equal({
          text: MESSAGE,
          links: ['https://velvet.test/docs/errors#otp_send_rate_limited'],
        });
        const link = $<HTMLAnchorElement>(mounted, '[part=error] a');
        expect(link.target).to.equal('_blank');
        expect(link.rel).to.equal('noopener noreferrer');
        expect(link.getAttribute('part')).to.equal('error-link');
        await expect(mounted.el).to.be.accessible();
      });
    }

    it('makes them clickable in the error under the passcode boxes', async () => {
      const mounted = await toPasscodeScreen();
      mounted.test.api.on('POST', '/otps/authenticate', {
        status: 429,
        json: apiErrorBody(429, 'too_many_requests', 'Slow down: https://velvet.test/limits'),
      });
      await typeCode(mounted, '000000');
      await waitFor(() => mounted.root().querySelector('[part=error] a'), 'no link in the error');
      expect(shownError(mounted)).to.deep.equal({
        text: 'Slow down: https://velvet.test/limits',
        links: ['https://velvet.test/limits'],
      });
      await expect(mounted.el).to.be.accessible();
    });

    it('keeps the widget’s own messages as plain text', async () => {
      const mounted = await mount(SMS_ONLY);
      await typePhone(mounted, '12');
      button(mounted, 'Continue with text message').click();
      await waitFor(() => mounted.root().querySelector('[part=error]'), 'no error shown');
      expect(shownError(mounted)).to.deep.equal({
        text: 'Invalid phone number, please try again.',
        links: [],
      });
    });
  });

  describe('passcode flow', () => {
    it('sends the passcode in E.164 with the expiry and shows the passcode screen', async () => {
      const mounted = await toPasscodeScreen();
      const [send] = mounted.test.api.requestsTo('/otps/sms/login_or_create');
      expect(send?.body).to.deep.equal({ phone_number: '+14155552671', expiration_minutes: 10 });
      expect(mounted.text()).to.include('A 6-digit passcode was sent to you at (415) 555-2671.');
      expect(mounted.events.map((event) => event.type)).to.deep.equal(['OTP_SMS_LOGIN_OR_CREATE']);
      expect(mounted.domEvents).to.deep.equal(mounted.events);
      const first = $<HTMLInputElement>(mounted, 'velvet-otp-input input');
      expect(first.autocomplete).to.equal('one-time-code');
      await waitFor(
        () => (mounted.el.shadowRoot ?? document).activeElement === first,
        'the first box has no focus',
      );
      await expect(mounted.el).to.be.accessible();
    });

    it('sends the widget’s locale with the passcode, so the text comes in its language', async () => {
      const mounted = await mount({ ...SMS_ONLY, locale: 'es-MX' });
      answerSms(mounted.test);
      await screenTitled(mounted, 'Regístrate o inicia sesión');
      await typePhone(mounted, '4155552671');
      button(mounted, 'Continuar con mensaje de texto').click();
      await waitFor(
        () => mounted.test.api.requestsTo('/otps/sms/login_or_create').length > 0,
        'no passcode sent',
      );
      const [send] = mounted.test.api.requestsTo('/otps/sms/login_or_create');
      expect(send?.body).to.deep.equal({
        phone_number: '+14155552671',
        expiration_minutes: 10,
        locale: 'es-MX',
      });
    });

    it('counts down in m:ss each second until the code expires', async () => {
      const mounted = await toPasscodeScreen();
      expect(mounted.text()).to.include('Your code expires in 10:00.');
      await mounted.test.clock.tick(1000);
      expect(mounted.text()).to.include('Your code expires in 9:59.');
      await mounted.test.clock.tick(60_000);
      expect(mounted.text()).to.include('Your code expires in 8:59.');
      await mounted.test.clock.tick(8 * 60_000 + 58_000);
      expect(mounted.text()).to.include('Your code expires in 0:01.');
      await mounted.test.clock.tick(1000);
      expect(mounted.text()).to.include('Your code has expired.');
      expect(mounted.text()).not.to.include('expires in');
      await expect(mounted.el).to.be.accessible();
    });

    it('verifies a typed code, shows Verifying passcode..., then Success! and completes once', async () => {
      const mounted = await toPasscodeScreen();
      let answer: (() => void) | undefined;
      mounted.test.api.on(
        'POST',
        '/otps/authenticate',
        () =>
          new Promise((resolve) => {
            answer = () => resolve({ json: authenticateBody() });
          }),
      );
      await typeCode(mounted, '123456');
      await waitFor(() => mounted.text().includes('Verifying passcode...'), 'no verifying text');
      const release = await waitFor(() => answer, 'the code was not sent to the server');
      const [request] = mounted.test.api.requestsTo('/otps/authenticate');
      expect(request?.body).to.deep.equal({
        token: '123456',
        method_id: 'phone-number-test-1',
        session_duration_minutes: 60,
      });
      release();
      await screenTitled(mounted, 'Success!');
      expect(mounted.text()).to.include('Your passcode has been successfully verified.');
      expect(mounted.events.map((event) => event.type)).to.deep.equal([
        'OTP_SMS_LOGIN_OR_CREATE',
        'OTP_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]);
      expect(JSON.stringify(mounted.events)).not.to.include('session-token-1');
      expect(mounted.test.client.session.getSync()).not.to.equal(null);
      mounted.el.requestUpdate();
      await mounted.el.updateComplete;
      expect(
        mounted.events.filter((event) => event.type === 'AUTHENTICATE_FLOW_COMPLETE'),
      ).to.have.length(1);
      await expect(mounted.el).to.be.accessible();
    });

    it('keeps a wrong code error on the screen and lets the guest type again', async () => {
      const mounted = await toPasscodeScreen();
      mounted.test.api.on('POST', '/otps/authenticate', {
        status: 404,
        json: apiErrorBody(404, 'otp_code_not_found', 'The passcode is wrong.'),
      });
      await typeCode(mounted, '000000');
      await waitFor(() => mounted.text().includes('The passcode is wrong.'), 'no error');
      expect(mounted.errors).to.deep.equal([
        { message: 'The passcode is wrong.', errorType: 'otp_code_not_found' },
      ]);
      await mounted.test.clock.tick(5000);
      expect(mounted.text()).to.include('The passcode is wrong.');
      expect($(mounted, '.velvet-title').textContent?.trim()).to.equal('Enter passcode');
      const boxes = [
        ...mounted.root().querySelectorAll<HTMLInputElement>('velvet-otp-input input'),
      ];
      expect(boxes.map((box) => box.value).join('')).to.equal('');
      expect(boxes.every((box) => !box.disabled)).to.equal(true);
      await expect(mounted.el).to.be.accessible();
    });

    it('refuses a code that is not 6 digits without a call', async () => {
      const mounted = await toPasscodeScreen();
      $(mounted, 'velvet-otp-input').dispatchEvent(
        new CustomEvent('velvet-otp-complete', { detail: { code: '12a456' }, bubbles: true }),
      );
      await mounted.el.updateComplete;
      await waitFor(
        () => mounted.text().includes('Invalid passcode, please try again.'),
        'no error',
      );
      expect(mounted.test.api.requestsTo('/otps/authenticate')).to.have.length(0);
    });

    it('resends: Sending..., Code sent, and back to the link after 2 s; the countdown restarts', async () => {
      const mounted = await toPasscodeScreen();
      await mounted.test.clock.tick(30_000);
      expect(mounted.text()).to.include('Your code expires in 9:30.');
      let answer: (() => void) | undefined;
      mounted.test.api.on(
        'POST',
        '/otps/sms/login_or_create',
        () =>
          new Promise((resolve) => {
            answer = () =>
              resolve({
                json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-2' }),
              });
          }),
      );
      button(mounted, 'Resend code').click();
      await waitFor(() => mounted.text().includes('Sending...'), 'no sending state');
      (await waitFor(() => answer, 'the resend was not sent to the server'))();
      await waitFor(() => mounted.text().includes('Code sent'), 'no sent state');
      expect(mounted.text()).to.include('Your code expires in 10:00.');
      // The spec's toast shows on every resend, a text message's too.
      expect(toastTexts(mounted)).to.deep.equal(['Email resent']);
      await mounted.test.clock.tick(1999);
      expect(mounted.text()).to.include('Code sent');
      await mounted.test.clock.tick(1);
      expect(button(mounted, 'Resend code').disabled).to.equal(false);
      expect(mounted.events.map((event) => event.type)).to.include('OTP_RESEND');
    });

    it('toasts Email resent on a WhatsApp resend too, and sends to the same number', async () => {
      const mounted = await mount({
        products: ['otp'],
        otpOptions: { methods: ['whatsapp'], expirationMinutes: 10 },
      });
      mounted.test.api.on('POST', '/otps/whatsapp/login_or_create', {
        json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
      });
      await typePhone(mounted, '4155552671');
      button(mounted, 'Continue with WhatsApp').click();
      await screenTitled(mounted, 'Enter passcode');
      expect(toastTexts(mounted)).to.deep.equal([]);
      button(mounted, 'Resend code').click();
      await waitFor(() => toastTexts(mounted).includes('Email resent'), 'no toast');
      // Checked once the toast has faded in (mid-fade, its text has too little contrast).
      const toast = $(mounted, 'velvet-toaster');
      await Promise.all(toast.getAnimations({ subtree: true }).map((a) => a.finished));
      expect(
        mounted.test.api.requestsTo('/otps/whatsapp/login_or_create').map((r) => r.body),
      ).to.deep.equal([
        { phone_number: '+14155552671', expiration_minutes: 10 },
        { phone_number: '+14155552671', expiration_minutes: 10 },
      ]);
      await expect(mounted.el).to.be.accessible();
    });

    it('goes back to the main screen with the back button', async () => {
      const mounted = await toPasscodeScreen();
      const back = $<HTMLButtonElement>(mounted, 'velvet-back-button button');
      await waitFor(
        () => getComputedStyle(back).display === 'inline-flex' || undefined,
        'the back button unstyled',
      );
      back.click();
      await screenTitled(mounted, 'Sign up or log in');
      expect(mounted.root().querySelector('input[type=tel]')).not.to.equal(null);
    });

    it('sends by email, shows the address and toasts Email resent on a resend', async () => {
      const mounted = await mount({
        products: ['otp'],
        otpOptions: { methods: ['email'], expirationMinutes: 5, loginTemplateId: 'login-1' },
      });
      mounted.test.api.on('POST', '/otps/email/login_or_create', {
        json: success({
          user_id: 'user-test-1',
          method_id: 'email-test-1',
          email_id: 'email-test-1',
        }),
      });
      $<HTMLInputElement>(mounted, 'input[type=email]').focus();
      await sendKeys({ type: 'ada@example.com' });
      button(mounted, 'Continue with email').click();
      await screenTitled(mounted, 'Enter passcode');
      expect(mounted.test.api.requestsTo('/otps/email/login_or_create')[0]?.body).to.deep.equal({
        email: 'ada@example.com',
        expiration_minutes: 5,
        login_template_id: 'login-1',
      });
      expect(mounted.text()).to.include('A 6-digit passcode was sent to you at ada@example.com.');
      expect(mounted.text()).to.include('Your code expires in 5:00.');
      button(mounted, 'Resend code').click();
      await waitFor(() => mounted.text().includes('Email resent'), 'no toast');
      expect(mounted.events.map((event) => event.type)).to.deep.equal([
        'OTP_EMAIL_LOGIN_OR_CREATE',
        'OTP_RESEND',
      ]);
    });
  });

  describe('shadow DOM and theme', () => {
    it('renders into a shadow root with enableShadowDOM, and into the element without', async () => {
      const shadow = await mount({ ...SMS_ONLY, enableShadowDOM: true });
      expect(shadow.el.shadowRoot?.querySelector('form')).not.to.equal(null);
      expect(shadow.el.querySelector('form')).to.equal(null);
      await expect(shadow.el).to.be.accessible();

      const light = await mount(SMS_ONLY);
      expect(light.el.shadowRoot).to.equal(null);
      expect(light.el.querySelector('form')).not.to.equal(null);
    });

    it('switches between shadow and light DOM when the config changes', async () => {
      const mounted = await mount(SMS_ONLY);
      mounted.el.config = { ...SMS_ONLY, enableShadowDOM: true };
      await mounted.el.updateComplete;
      expect(mounted.el.shadowRoot?.querySelector('form')).not.to.equal(null);
      expect(mounted.el.querySelector('form')).to.equal(null);
      mounted.el.config = { ...SMS_ONLY, enableShadowDOM: false };
      await mounted.el.updateComplete;
      expect(mounted.el.querySelector('form')).not.to.equal(null);
      expect(mounted.el.querySelector('form')?.offsetParent).not.to.equal(null);
    });

    for (const enableShadowDOM of [true, false]) {
      it(`applies the spec's defaults (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const mounted = await mount({ ...SMS_ONLY, enableShadowDOM });
        const container = getComputedStyle($(mounted, '.velvet-container'));
        expect(container.width).to.equal('400px');
        expect(container.borderTopLeftRadius).to.equal('8px');
        expect(container.fontFamily).to.equal('Arial, Helvetica, sans-serif');
        const submit = getComputedStyle(button(mounted, 'Continue with text message'));
        expect(submit.height).to.equal('45px');
        expect(submit.borderTopLeftRadius).to.equal('4px');
        expect(getComputedStyle($(mounted, 'input[type=tel]')).height).to.equal('47px');
      });

      it(`applies the theme (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const mounted = await mount({
          ...SMS_ONLY,
          enableShadowDOM,
          container: { width: '320px', borderRadius: '0px', backgroundColor: 'rgb(250, 240, 230)' },
          colors: { primary: 'rgb(120, 20, 90)' },
          buttons: { primary: { textColor: 'rgb(255, 255, 0)', borderRadius: '20px' } },
          inputs: { borderColor: 'rgb(0, 128, 0)' },
          fontFamily: 'Georgia, serif',
          typography: { fontSize: '18px' },
        });
        const container = getComputedStyle($(mounted, '.velvet-container'));
        expect(container.width).to.equal('320px');
        expect(container.fontSize).to.equal('18px');
        expect(container.borderTopLeftRadius).to.equal('0px');
        expect(container.backgroundColor).to.equal('rgb(250, 240, 230)');
        expect(container.fontFamily).to.equal('Georgia, serif');
        const submit = getComputedStyle(button(mounted, 'Continue with text message'));
        expect(submit.backgroundColor).to.equal('rgb(120, 20, 90)');
        expect(submit.color).to.equal('rgb(255, 255, 0)');
        expect(submit.borderTopLeftRadius).to.equal('20px');
        expect(getComputedStyle($(mounted, 'input[type=tel]')).borderTopColor).to.equal(
          'rgb(0, 128, 0)',
        );
      });
    }

    for (const enableShadowDOM of [true, false]) {
      it(`gives each button kind its own corner radius (shadow DOM ${enableShadowDOM ? 'on' : 'off'})`, async () => {
        const mounted = await mount({
          ...SMS_ONLY,
          enableShadowDOM,
          buttons: {
            primary: { borderRadius: '20px' },
            secondary: { borderRadius: '2px' },
            disabled: { borderRadius: '0px' },
          },
        });
        const submit = button(mounted, 'Continue with text message');
        expect(getComputedStyle(submit).borderTopLeftRadius).to.equal('20px');
        const secondary = document.createElement('button');
        secondary.className = 'velvet-button velvet-button--secondary';
        secondary.textContent = 'Secondary';
        $(mounted, '.velvet-screen').append(secondary);
        expect(getComputedStyle(secondary).borderTopLeftRadius).to.equal('2px');

        // While the code is being sent the button is disabled, and takes the disabled radius.
        let answer: () => void = () => {};
        mounted.test.api.on(
          'POST',
          '/otps/sms/login_or_create',
          () =>
            new Promise((resolve) => {
              answer = () =>
                resolve({
                  json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
                });
            }),
        );
        await typePhone(mounted, '4155552671');
        submit.click();
        await waitFor(
          () => mounted.test.api.requestsTo('/otps/sms/login_or_create').length > 0,
          'the code was not sent',
        );
        expect(submit.disabled).to.equal(true);
        expect(getComputedStyle(submit).borderTopLeftRadius).to.equal('0px');
        answer();
        await screenTitled(mounted, 'Enter passcode');
      });
    }

    it('keeps a disabled button’s own radius when no disabled radius is set', async () => {
      const mounted = await mount({ ...SMS_ONLY, buttons: { primary: { borderRadius: '20px' } } });
      const submit = button(mounted, 'Continue with text message');
      submit.disabled = true;
      expect(getComputedStyle(submit).borderTopLeftRadius).to.equal('20px');
    });

    it('keeps its light-DOM styles inside the element', async () => {
      const mounted = await mount(SMS_ONLY);
      const outside = document.createElement('button');
      outside.className = 'velvet-button velvet-button--primary';
      outside.textContent = 'Page button';
      document.body.append(outside);
      try {
        expect(getComputedStyle(outside).height).not.to.equal('45px');
        expect(getComputedStyle(button(mounted, 'Continue with text message')).height).to.equal(
          '45px',
        );
      } finally {
        outside.remove();
      }
    });
  });
});
