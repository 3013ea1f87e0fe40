/**
 * `<VelvetPasskeyRegistration>` and `<VelvetIdentityProvider>` in Chromium, rendered by React as
 * an app would: each renders its element, hands the ref the element, sets the element's
 * properties as properties, and calls `onEvent`/`onError` with the details of the events the
 * element sends when the user acts (the API is the client's fake). `<VelvetLogin>`'s own tests
 * are `./velvet-login-react.test.ts`; the three share `./velvet-component.ts`, and each hydrates
 * the server's HTML (the bare element, as `scripts/packages.test.ts` renders it with
 * `react-dom/server`) without a mismatch once its element rendered its screen into it.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as React from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { apiErrorBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
} from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetConfig } from '../config/widget-config.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
import { VelvetIdentityProvider as IdentityProviderElement } from '../identity-provider.js';
import { VelvetPasskeyRegistration as PasskeyRegistrationElement } from '../passkey-registration.js';
// The identity provider's sign-in form is <velvet-login>, which the page loads beside it.
import '../velvet.js';
import {
  VelvetIdentityProvider,
  type VelvetIdentityProviderProps,
} from './velvet-identity-provider-react.js';
import { VelvetLogin } from './velvet-login-react.js';
import {
  VelvetPasskeyRegistration,
  type VelvetPasskeyRegistrationProps,
} from './velvet-passkey-registration-react.js';

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders `element` into a fresh container with React, as an app would. */
function render(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(element);
  mounted.push({ root, container });
  return container;
}

/** The element's text, spaces collapsed. */
function text(el: Element | null | undefined): string {
  return el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

/** The button labelled `label` in `el`, once shown. */
function button(el: () => Element | null | undefined, label: string): Promise<HTMLButtonElement> {
  return waitFor(
    () =>
      [...(el()?.querySelectorAll('button') ?? [])].find(
        (candidate) => candidate.textContent?.trim() === label,
      ),
    () => `no button '${label}'; shown: ${text(el())}`,
  );
}

afterEach(async () => {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
  await cleanUpClients();
});

describe('<VelvetPasskeyRegistration> (React)', () => {
  async function renderRegistration(
    test: TestClient,
    props: Partial<VelvetPasskeyRegistrationProps> = {},
  ) {
    const ref = React.createRef<PasskeyRegistrationElement>();
    const container = render(
      React.createElement(VelvetPasskeyRegistration, {
        ref,
        publicToken: test.publicToken,
        client: test.client,
        ...props,
      }),
    );
    return { ref, container };
  }

  it('renders <velvet-passkey-registration>, hands the ref the element and sets its properties', async () => {
    const test = createTestClient();
    await signIn(test);
    const config = { sessionOptions: { sessionDurationMinutes: 30 } };
    const strings = { createPasskey: 'Save a passkey' };
    const { ref, container } = await renderRegistration(test, {
      config,
      strings,
      apiBase: 'https://velvet.test',
      className: 'passkeys',
      id: 'passkeys',
    });
    await button(() => ref.current, 'Save a passkey');
    const el = ref.current;
    expect(el).to.be.instanceOf(PasskeyRegistrationElement);
    expect(container.querySelector('velvet-passkey-registration')).to.equal(el);
    expect(el?.className).to.equal('passkeys');
    expect(el?.id).to.equal('passkeys');
    expect(el?.publicToken).to.equal(test.publicToken);
    expect(el?.client).to.equal(test.client);
    expect(el?.config).to.equal(config);
    expect(el?.strings).to.equal(strings);
    expect(el?.apiBase).to.equal('https://velvet.test');
    // The objects reached the element as objects, not as "[object Object]" in attributes.
    expect(el?.getAttribute('config')).to.equal(null);
    await expect(container).to.be.accessible();
  });

  it('calls onEvent with the event detail when the user skips', async () => {
    const test = createTestClient();
    await signIn(test);
    const events: VelvetEventDetail[] = [];
    const errors: VelvetErrorDetail[] = [];
    const { ref } = await renderRegistration(test, {
      onEvent: (detail) => events.push(detail),
      onError: (detail) => errors.push(detail),
    });
    (await button(() => ref.current, 'Skip')).click();
    await waitFor(() => events.length > 0, 'onEvent was not called');
    expect(events).to.deep.equal([{ type: 'PASSKEY_SKIP', data: {} }]);
    expect(errors).to.deep.equal([]);
  });

  it('calls onError with the error detail when no one is signed in', async () => {
    const test = createTestClient();
    const errors: VelvetErrorDetail[] = [];
    await renderRegistration(test, { onError: (detail) => errors.push(detail) });
    await waitFor(() => errors.length > 0, 'onError was not called');
    expect(errors).to.deep.equal([
      {
        message:
          'Error: Cannot use PasskeyRegistration component without active user authenticated.',
        errorType: 'no_current_session',
      },
    ]);
  });
});

describe('<VelvetIdentityProvider> (React)', () => {
  const CALLBACK = 'https://planner.example/callback';
  const CONSENT_QUERY =
    `?client_id=party-planner&redirect_uri=${encodeURIComponent(CALLBACK)}` +
    '&state=s1&nonce=n1&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  const SMS_ONLY: VelvetConfig = {
    products: ['otp'],
    otpOptions: { methods: ['sms'], expirationMinutes: 10 },
  };

  function renderProvider(test: TestClient, props: Partial<VelvetIdentityProviderProps> = {}) {
    const ref = React.createRef<IdentityProviderElement>();
    const container = render(
      React.createElement(VelvetIdentityProvider, {
        ref,
        publicToken: test.publicToken,
        client: test.client,
        config: SMS_ONLY,
        search: CONSENT_QUERY,
        navigate: () => {},
        ...props,
      }),
    );
    return { ref, container };
  }

  it('renders <velvet-identity-provider>, hands the ref the element and sets its properties', async () => {
    const test = createTestClient();
    const visits: string[] = [];
    const navigate = (url: string) => visits.push(url);
    const strings = { missingParameter: (param: string) => `Missing: ${param}.` };
    const { ref, container } = renderProvider(test, {
      search: '?client_id=party-planner',
      navigate,
      strings,
      className: 'consent',
    });
    await waitFor(
      () => text(ref.current).includes('Missing: redirect_uri.'),
      () => `the search and the strings did not reach the screen: ${text(ref.current)}`,
    );
    const el = ref.current;
    expect(el).to.be.instanceOf(IdentityProviderElement);
    expect(container.querySelector('velvet-identity-provider')).to.equal(el);
    expect(el?.className).to.equal('consent');
    expect(el?.client).to.equal(test.client);
    expect(el?.config).to.equal(SMS_ONLY);
    expect(el?.navigate).to.equal(navigate);
    expect(el?.getAttribute('config')).to.equal(null);
    expect(visits).to.deep.equal([]);
  });

  it('calls onError with the error detail when the application’s request is refused', async () => {
    const test = createTestClient();
    const message = 'The redirect_uri is not one of the application’s registered redirect URIs.';
    test.api.on('POST', '/oauth/authorize/start', {
      status: 400,
      json: apiErrorBody(400, 'invalid_redirect_uri', message),
    });
    const errors: VelvetErrorDetail[] = [];
    const { ref } = renderProvider(test, { onError: (detail) => errors.push(detail) });
    await waitFor(() => errors.length > 0, 'onError was not called');
    expect(errors).to.deep.equal([{ message, errorType: 'invalid_redirect_uri' }]);
    expect(text(ref.current)).to.include(message);
  });

  it('calls onEvent with the details of its sign-in form’s events', async () => {
    const test = createTestClient();
    test.api.on('POST', '/oauth/authorize/start', {
      status: 401,
      json: apiErrorBody(401, 'user_unauthenticated', 'This call needs an active session.'),
    });
    test.api.on('POST', '/otps/sms/login_or_create', {
      json: success({ user_id: 'user-test-1', method_id: 'phone-number-test-1' }),
    });
    const events: VelvetEventDetail[] = [];
    const { ref } = renderProvider(test, { onEvent: (detail) => events.push(detail) });
    const tel = await waitFor(
      () => ref.current?.querySelector<HTMLInputElement>('velvet-login input[type="tel"]'),
      () => `the sign-in form did not render: ${text(ref.current)}`,
    );
    tel.focus();
    await sendKeys({ type: '4155552671' });
    (await button(() => ref.current, 'Continue with text message')).click();
    await waitFor(() => events.length > 0, 'onEvent was not called');
    expect(events.map((event) => event.type)).to.deep.equal(['OTP_SMS_LOGIN_OR_CREATE']);
    expect(events[0]?.data).to.include({ method_id: 'phone-number-test-1' });
  });
});

describe('hydrating the server’s HTML (React)', () => {
  const cases = [
    {
      tag: 'velvet-login',
      component: VelvetLogin as React.ElementType,
      props: {} as Record<string, unknown>,
    },
    { tag: 'velvet-passkey-registration', component: VelvetPasskeyRegistration, props: {} },
    {
      tag: 'velvet-identity-provider',
      component: VelvetIdentityProvider,
      props: { search: '?client_id=party-planner', navigate: () => {} },
    },
  ];
  for (const { tag, component, props } of cases) {
    it(`<${tag}>: the element keeps its screen, and React reports no mismatch`, async () => {
      const test = createTestClient();
      const container = document.createElement('div');
      // What react-dom/server renders; the element, defined, upgrades and renders into it.
      container.innerHTML = `<${tag} class="widget"></${tag}>`;
      document.body.append(container);
      const el = container.firstElementChild as HTMLElement;
      await waitFor(() => el.childElementCount > 0, `<${tag}> rendered nothing`);
      const errors: unknown[] = [];
      const ref = React.createRef<HTMLElement>();
      const root = hydrateRoot(
        container,
        React.createElement(component, {
          ref,
          className: 'widget',
          publicToken: test.publicToken,
          client: test.client,
          ...props,
        }),
        { onRecoverableError: (error) => errors.push(error) },
      );
      mounted.push({ root, container });
      await waitFor(() => ref.current, 'the ref was never set');
      // The properties reached the element, which React kept rather than rendering again.
      await waitFor(
        () => (ref.current as HTMLElement & { client?: unknown }).client === test.client,
        'the client did not reach the element',
      );
      expect(ref.current).to.equal(el);
      expect(container.firstElementChild).to.equal(el);
      expect(el.childElementCount).to.be.greaterThan(0);
      expect(errors).to.deep.equal([]);
    });
  }
});
