/**
 * The widget's elements when the page is first: a framework renders `<velvet-login>` and sets
 * its properties (or, not knowing them, its attributes) before the widget's script defines the
 * element, as Vue does when the script loads after the app. Properties set then are used; a
 * `config` attribute that reads `[object Object]` is reported, not replaced by the defaults.
 * Nothing here imports an element before its test has set it up.
 */
import { expect } from '@open-wc/testing';
import { success } from '../client/testing/fixtures.js';
import { describe, it } from '../client/testing/mocha.js';
import { createTestClient, signIn, type TestClient } from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
import type { VelvetIdentityProvider } from '../products/idp/identity-provider.js';
import type { VelvetPasskeyRegistration } from '../products/passkeys/passkey-registration.js';
import type { VelvetLogin } from './velvet-login.js';

const SMS_AND_WHATSAPP = {
  products: ['otp'],
  otpOptions: { methods: ['whatsapp', 'sms'], expirationMinutes: 10 },
};

/** The element's text, spaces collapsed. */
function text(el: Element): string {
  return el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** Puts an element that is not defined yet into the page, and records its errors. */
function undefinedElement<T extends HTMLElement>(
  tag: string,
): { el: T; errors: VelvetErrorDetail[] } {
  expect(customElements.get(tag), `${tag} is defined already`).to.equal(undefined);
  const el = document.createElement(tag) as T;
  const errors: VelvetErrorDetail[] = [];
  // As a framework does: its listeners are on the element from the start.
  el.addEventListener('velvet-error', (event) => errors.push(event.detail));
  document.body.append(el);
  return { el, errors };
}

interface LoginPage {
  test: TestClient;
  byProperties: { el: VelvetLogin; errors: VelvetErrorDetail[] };
  byAttribute: { el: VelvetLogin; errors: VelvetErrorDetail[] };
  callbackErrors: VelvetErrorDetail[];
  events: VelvetEventDetail[];
}

let loginPage: Promise<LoginPage> | undefined;

/** Two `<velvet-login>`s set up before `velvet.js` loads, then the script (once per page). */
function setUpLoginPage(): Promise<LoginPage> {
  loginPage ??= (async () => {
    const test = createTestClient();
    const events: VelvetEventDetail[] = [];
    const callbackErrors: VelvetErrorDetail[] = [];
    const byProperties = undefinedElement<VelvetLogin>('velvet-login');
    Object.assign(byProperties.el, {
      publicToken: test.publicToken,
      client: test.client,
      clock: test.clock,
      config: SMS_AND_WHATSAPP,
      callbacks: { onEvent: (detail: VelvetEventDetail) => events.push(detail) },
    });
    const byAttribute = undefinedElement<VelvetLogin>('velvet-login');
    byAttribute.el.setAttribute('public-token', test.publicToken);
    // What Vue writes for `:config="{…}"` on an element it does not know yet.
    byAttribute.el.setAttribute('config', String({ products: ['otp'] }));
    Object.assign(byAttribute.el, {
      client: test.client,
      callbacks: { onError: (detail: VelvetErrorDetail) => callbackErrors.push(detail) },
    });
    await import('../velvet.js');
    return { test, byProperties, byAttribute, callbackErrors, events };
  })();
  return loginPage;
}

describe('properties set before the element is defined', () => {
  it('<velvet-login> uses the config, client and callbacks set before velvet.js loaded', async () => {
    const { byProperties } = await setUpLoginPage();
    const { el, errors } = byProperties;
    await waitFor(
      () => el.querySelector('form'),
      () => `no form; shown: ${text(el)}`,
    );
    await waitFor(
      () => text(el).includes('Continue with WhatsApp'),
      () => `not the configured methods; shown: ${text(el)}`,
    );
    const tabs = el.querySelector('velvet-tabs');
    expect(tabs, 'two methods, so tabs').to.exist;
    expect(el.config).to.deep.equal(SMS_AND_WHATSAPP);
    expect(errors).to.deep.equal([]);
    el.remove();
  });

  it('<velvet-login> reports a config attribute of "[object Object]" through velvet-error and onError', async () => {
    const { byAttribute, callbackErrors } = await setUpLoginPage();
    const { el, errors } = byAttribute;
    await waitFor(
      () => errors.length > 0,
      () => `no velvet-error; shown: ${text(el)}`,
    );
    const [error] = errors;
    expect(error?.errorType).to.equal('invalid_config');
    expect(error?.message).to.match(
      /^Error: The config attribute of <velvet-login> is not JSON: "\[object Object\]"\. Set the config property \(Vue: :config\.prop\) or load the script first\.$/,
    );
    expect(callbackErrors).to.deep.equal(errors);
    await waitFor(
      () => text(el).includes('is not JSON: "[object Object]"'),
      () => `the error is not shown; shown: ${text(el)}`,
    );
    expect(el.querySelector('form'), 'no form on the defaults').to.equal(null);
    el.remove();
  });

  it('<velvet-passkey-registration> uses the client set before its script loaded', async () => {
    const test = createTestClient();
    await signIn(test);
    const { el, errors } = undefinedElement<VelvetPasskeyRegistration>(
      'velvet-passkey-registration',
    );
    Object.assign(el, { publicToken: test.publicToken, client: test.client });
    await import('../passkey-registration.js');
    await waitFor(
      () =>
        [...el.querySelectorAll('button')].some(
          (b) => b.textContent?.trim() === 'Create a Passkey',
        ),
      () => `no 'Create a Passkey'; shown: ${text(el)}`,
    );
    await el.updateComplete;
    expect(errors, 'the signed-in client was used').to.deep.equal([]);
    el.remove();
  });

  it('<velvet-identity-provider> uses the search, client and config set before its script loaded', async () => {
    const test = createTestClient();
    await signIn(test);
    test.api.on('POST', '/oauth/authorize/start', () => ({
      json: success({
        user_id: 'user-test-1',
        client: {
          client_id: 'party-planner',
          client_name: 'Party Planner',
          client_description: '',
          client_type: 'third_party_public',
        },
        consent_required: true,
        scope_results: [{ scope: 'openid', description: 'Use openid', is_grantable: true }],
      }),
    }));
    const { el, errors } = undefinedElement<VelvetIdentityProvider>('velvet-identity-provider');
    Object.assign(el, {
      publicToken: test.publicToken,
      client: test.client,
      config: SMS_AND_WHATSAPP,
      search:
        `?client_id=party-planner&redirect_uri=${encodeURIComponent('https://planner.example/cb')}` +
        '&state=s1&nonce=n1&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      navigate: () => {},
    });
    await import('../identity-provider.js');
    await waitFor(
      () => text(el).includes('Party Planner'),
      () => `no consent prompt; shown: ${text(el)}`,
    );
    expect(errors).to.deep.equal([]);
    expect(test.api.requests.map((request) => request.path)).to.include('/oauth/authorize/start');
    el.remove();
  });
});
