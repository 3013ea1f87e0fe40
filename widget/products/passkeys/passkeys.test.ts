/**
 * The passkey product in Chromium with its virtual authenticator (real `navigator.credentials`
 * ceremonies; the API is the client's fake): the button, the autofill sign-in and its attempts,
 * its cancellation, the confirmation, and `<velvet-passkey-registration>`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { User } from '../../client/api-types.js';
import { encodeBase64Url } from '../../client/base64.js';
import { SESSION_COOKIE, SESSION_STORAGE_PREFIX } from '../../client/constants.js';
import { FakeApi } from '../../client/testing/fake-api.js';
import { apiErrorBody, makeSession, makeUser, success } from '../../client/testing/fixtures.js';
import { afterEach, beforeEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
  uniqueToken,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../events.js';
import '../../velvet.js';
import type { VelvetLogin } from '../../element/velvet-login.js';
import { SESSION_MARKS } from './autofill-options.js';
import './passkey-registration.js';
import type { VelvetPasskeyLogin } from './passkey-login.js';
import type { VelvetPasskeyRegistration } from './passkey-registration.js';

const CONFIG = {
  products: ['otp', 'passkeys'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
};
const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';

const authenticator = (action: 'add' | 'add-waiting' | 'remove' | 'credentials') =>
  executeServerCommand<unknown, { action: string }>('webauthn-virtual-authenticator', { action });

function randomChallenge(): string {
  return encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Makes a passkey for `localhost` in the virtual authenticator; returns its id. */
async function makePasskey(): Promise<string> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: { id: 'localhost', name: 'Velvet tests' },
      user: { id: new TextEncoder().encode('user-test-1'), name: 'ada', displayName: 'Ada' },
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    },
  })) as PublicKeyCredential;
  return credential.id;
}

function requestOptions(): Record<string, unknown> {
  return success({
    public_key_credential_request_options: JSON.stringify({
      challenge: randomChallenge(),
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'required',
      timeout: 60_000,
    }),
  });
}

/** A promise the test resolves when it is ready, to hold an answer back until then. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

function signedInBody(user: User = makeUser()) {
  return success({
    user_id: 'user-test-1',
    webauthn_registration_id: 'webauthn-registration-test-1',
    session_token: 'session-token-passkey',
    session_jwt: 'session.jwt.passkey',
    session: makeSession(),
    user,
  });
}

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  errors: VelvetErrorDetail[];
  text(): string;
}

async function mountLogin(
  setup: (test: TestClient) => void,
  extra: Record<string, unknown> = {},
): Promise<Mounted> {
  const test = createTestClient();
  setup(test);
  const events: VelvetEventDetail[] = [];
  const errors: VelvetErrorDetail[] = [];
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .config=${{ ...CONFIG, ...extra }}
    .callbacks=${{
      onEvent: (detail: VelvetEventDetail) => events.push(detail),
      onError: (detail: VelvetErrorDetail) => errors.push(detail),
    }}
  ></velvet-login>`);
  const root = () => el.shadowRoot ?? el;
  // The autofill sign-in may be over (the confirmation on screen) before the first check.
  await waitFor(
    () => root().querySelector('form, velvet-passkey-confirmation'),
    'the main screen did not render',
  );
  return {
    el,
    test,
    events,
    errors,
    text: () => root().textContent?.replace(/\s+/g, ' ').trim() ?? '',
  };
}

/** Makes the browser report no passkey autofill, as browsers without conditional UI do. */
function withoutAutofill(): () => void {
  const original = Object.getOwnPropertyDescriptor(
    PublicKeyCredential,
    'isConditionalMediationAvailable',
  );
  Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
    configurable: true,
    value: async () => false,
  });
  return () => {
    if (original)
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', original);
  };
}

let restore: (() => void) | undefined;

beforeEach(async () => {
  await authenticator('add');
});

afterEach(async () => {
  restore?.();
  restore = undefined;
  await authenticator('remove');
  await cleanUpClients();
});

describe('passkeys on the main screen', () => {
  it('signs in through autofill: no button, the phone field offers passkeys, then Passkey Confirmation', async () => {
    const credentialId = await makePasskey();
    // The options are held back until the main screen has been looked at.
    const held = gate();
    const mounted = await mountLogin((test) => {
      test.api.on('POST', '/webauthn/authenticate/start/primary', async () => {
        await held.wait;
        return { json: requestOptions() };
      });
      test.api.on('POST', '/webauthn/authenticate', { json: signedInBody() });
    });
    expect(mounted.el.querySelector('input[type=tel]')?.getAttribute('autocomplete')).to.equal(
      'tel webauthn',
    );
    expect(mounted.text()).not.to.include('Login with a Passkey');
    held.open();
    await waitFor(
      () => mounted.text().includes('You have successfully logged in with your Passkey.'),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.text()).not.to.include('Login with a Passkey');
    const [request] = mounted.test.api.requestsTo('/webauthn/authenticate');
    const sent = JSON.parse(
      (request?.body as { public_key_credential?: string } | undefined)?.public_key_credential ??
        '{}',
    );
    expect(sent.id).to.equal(credentialId);
    expect(sent.response.signature).to.be.a('string');
    expect(mounted.events.map((event) => event.type)).to.deep.equal([
      'PASSKEY_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(mounted.test.client.session.getSync()?.session_id).to.equal('session-test-1');
    await expect(mounted.el).to.be.accessible();
  });

  it('signs in through autofill with shadow DOM on too', async () => {
    await makePasskey();
    const held = gate();
    const mounted = await mountLogin(
      (test) => {
        test.api.on('POST', '/webauthn/authenticate/start/primary', async () => {
          await held.wait;
          return { json: requestOptions() };
        });
        test.api.on('POST', '/webauthn/authenticate', { json: signedInBody() });
      },
      { enableShadowDOM: true },
    );
    expect(
      mounted.el.shadowRoot?.querySelector('input[type=tel]')?.getAttribute('autocomplete'),
    ).to.equal('tel webauthn');
    held.open();
    await waitFor(
      () => mounted.text().includes('You have successfully logged in with your Passkey.'),
      () => `shown: ${mounted.text()}`,
    );
    await expect(mounted.el).to.be.accessible();
  });

  it('tries autofill five times at most, each failure counting down, and shows the not-found message', async () => {
    await makePasskey();
    const mounted = await mountLogin((test) => {
      test.api.on('POST', '/webauthn/authenticate/start/primary', () => ({
        json: requestOptions(),
      }));
      test.api.on('POST', '/webauthn/authenticate', () => ({
        status: 404,
        json: apiErrorBody(404, 'webauthn_registration_not_found', 'not found'),
      }));
    });
    const login = mounted.el.querySelector<VelvetPasskeyLogin>('velvet-passkey-login');
    await waitFor(
      () => login?.attemptsLeft === 0,
      () => `attempts left: ${login?.attemptsLeft}`,
    );
    expect(mounted.test.api.requestsTo('/webauthn/authenticate')).to.have.length(5);
    expect(mounted.test.api.requestsTo('/webauthn/authenticate/start/primary')).to.have.length(5);
    await waitFor(
      () => mounted.text().includes(NOT_FOUND),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.errors.at(-1)).to.deep.equal({
      message: NOT_FOUND,
      errorType: 'webauthn_registration_not_found',
    });
    expect(mounted.el.querySelector('form')).not.to.equal(null);
    await expect(mounted.el).to.be.accessible();
  });

  it('cancels the pending autofill request when the main screen goes away', async () => {
    // An authenticator nobody touches: the autofill request waits for the user.
    await authenticator('remove');
    await authenticator('add-waiting');
    const signals: AbortSignal[] = [];
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      if (options?.signal) signals.push(options.signal);
      return get(options);
    };
    restore = () => {
      navigator.credentials.get = get;
    };
    const mounted = await mountLogin((test) => {
      test.api.on('POST', '/webauthn/authenticate/start/primary', { json: requestOptions() });
    });
    await waitFor(
      () => signals.length === 1,
      () =>
        `no autofill request started; requests: ${mounted.test.api.requests.map((r) => r.path).join(', ')}`,
    );
    expect(signals).to.have.length(1);
    expect(signals[0]?.aborted).to.equal(false);
    mounted.el.remove();
    await waitFor(() => signals[0]?.aborted, 'the autofill request was not cancelled');
    expect(mounted.test.api.requestsTo('/webauthn/authenticate')).to.have.length(0);
    expect(mounted.errors).to.deep.equal([]);
  });

  it('without autofill, Login with a Passkey comes first and signs in; an API failure shows the unknown-error message', async () => {
    restore = withoutAutofill();
    await makePasskey();
    let fail = true;
    const mounted = await mountLogin((test) => {
      test.api.on('POST', '/webauthn/authenticate/start/primary', () => ({
        json: requestOptions(),
      }));
      test.api.on('POST', '/webauthn/authenticate', () =>
        fail
          ? { status: 500, json: apiErrorBody(500, 'internal_server_error', 'boom') }
          : { json: signedInBody() },
      );
    });
    const button = await waitFor(
      () =>
        [...mounted.el.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Login with a Passkey',
        ),
      'no passkey button',
    );
    expect(mounted.el.querySelector('button')).to.equal(button);
    await expect(mounted.el).to.be.accessible();
    button.click();
    const unknown = 'Unknown error occurred during passkey authentication. Please try again.';
    await waitFor(
      () => mounted.text().includes(unknown),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.errors.at(-1)?.message).to.equal(unknown);
    await expect(mounted.el).to.be.accessible();
    fail = false;
    button.click();
    await waitFor(
      () => mounted.text().includes('Success!'),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.events.map((event) => event.type)).to.include('PASSKEY_AUTHENTICATE');
  });
});

describe('the autofill sign-in with the widget’s own client', () => {
  const realFetch = globalThis.fetch;
  let api: FakeApi;
  let publicToken = '';

  beforeEach(() => {
    api = new FakeApi();
    publicToken = uniqueToken();
    globalThis.fetch = (input, init) => api.fetch(String(input), init ?? {});
  });

  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** Mounts the widget with no page client: it makes its own calls (through `api`). */
  async function mountOwn(): Promise<{ el: VelvetLogin; text: () => string }> {
    const el = await fixture<VelvetLogin>(html`<velvet-login
      public-token=${publicToken}
      .config=${CONFIG}
    ></velvet-login>`);
    return { el, text: () => el.textContent?.replace(/\s+/g, ' ').trim() ?? '' };
  }

  const signedInShown = 'You have successfully logged in with your Passkey.';

  it('asks for the options itself, then signs in with the passkey picked and keeps the session', async () => {
    const credentialId = await makePasskey();
    api.on('POST', '/webauthn/authenticate/start/primary', { json: requestOptions() });
    api.on('POST', '/webauthn/authenticate', { json: signedInBody() });
    const mounted = await mountOwn();
    await waitFor(
      () => mounted.text().includes(signedInShown),
      () => `shown: ${mounted.text()}; requests: ${api.requests.map((r) => r.path).join(', ')}`,
    );
    const [start, ...again] = api.requestsTo('/webauthn/authenticate/start/primary');
    expect(again).to.have.length(0);
    expect(start?.headers.get('Authorization')).to.equal(
      `Basic ${btoa(`${publicToken}:${publicToken}`)}`,
    );
    expect(start?.body).to.deep.equal({
      domain: 'localhost',
      return_passkey_credential_options: true,
    });
    const [finish] = api.requestsTo('/webauthn/authenticate');
    const sent = JSON.parse(
      (finish?.body as { public_key_credential?: string } | undefined)?.public_key_credential ??
        '{}',
    );
    expect(sent.id).to.equal(credentialId);
    // The options were asked for by the widget itself (the client library sends its telemetry
    // header on every call): the library loaded only to finish.
    expect(start?.headers.get('X-SDK-Client')).to.equal(null);
    expect(finish?.headers.get('X-SDK-Client')).to.be.a('string');
    // The widget's client library keeps the session where the page's own client finds it.
    const stored = JSON.parse(localStorage.getItem(`velvet_session::${publicToken}`) ?? '{}');
    expect(stored.sessionToken).to.equal('session-token-passkey');
  });

  it('leaves the options to the client library when its own request fails (a captcha, an error)', async () => {
    await makePasskey();
    let starts = 0;
    api.on('POST', '/webauthn/authenticate/start/primary', () => {
      starts += 1;
      return starts === 1
        ? { status: 500, json: apiErrorBody(500, 'internal_server_error', 'boom') }
        : { json: requestOptions() };
    });
    api.on('POST', '/webauthn/authenticate', { json: signedInBody() });
    const mounted = await mountOwn();
    await waitFor(
      () => mounted.text().includes(signedInShown),
      () => `shown: ${mounted.text()}; requests: ${api.requests.map((r) => r.path).join(', ')}`,
    );
    const [own, library] = api.requestsTo('/webauthn/authenticate/start/primary');
    expect(own?.headers.get('X-SDK-Client')).to.equal(null);
    expect(library?.headers.get('X-SDK-Client')).to.be.a('string');
    expect(starts).to.equal(2);
    expect(mounted.text()).not.to.include('Unknown error');
  });

  it('the session marks it looks for are the client library’s', () => {
    expect(SESSION_MARKS).to.deep.equal({
      storagePrefix: SESSION_STORAGE_PREFIX,
      cookie: SESSION_COOKIE,
    });
  });
});

describe('<velvet-passkey-registration>', () => {
  function creationOptions(exclude: string[] = []) {
    return success({
      user_id: 'user-test-1',
      public_key_credential_creation_options: JSON.stringify({
        challenge: randomChallenge(),
        rp: { id: 'localhost', name: 'Velvet tests' },
        user: {
          id: encodeBase64Url(new TextEncoder().encode('user-test-1')),
          name: 'ada',
          displayName: 'Ada',
        },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
        excludeCredentials: exclude.map((id) => ({
          id,
          type: 'public-key',
          transports: ['internal'],
        })),
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'required',
        },
        attestation: 'none',
        timeout: 60_000,
      }),
    });
  }

  const registration = (id: string, name: string) => ({
    webauthn_registration_id: id,
    name,
    domain: 'localhost',
    user_agent: 'test',
    authenticator_type: '',
    verified: true,
  });

  async function mountRegistration(signedIn = true) {
    const test = createTestClient();
    if (signedIn) await signIn(test);
    const events: VelvetEventDetail[] = [];
    const errors: VelvetErrorDetail[] = [];
    const el = await fixture<VelvetPasskeyRegistration>(html`<velvet-passkey-registration
      public-token=${test.publicToken}
      .client=${test.client}
      .callbacks=${{
        onEvent: (detail: VelvetEventDetail) => events.push(detail),
        onError: (detail: VelvetErrorDetail) => errors.push(detail),
      }}
    ></velvet-passkey-registration>`);
    const text = () => el.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    const button = (label: string) =>
      waitFor(
        () =>
          [...el.querySelectorAll('button')].find(
            (b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === label,
          ),
        () => `no button '${label}'; shown: ${text()}`,
      );
    return { el, test, events, errors, text, button };
  }

  it('without a signed-in user, says the component needs one', async () => {
    const mounted = await mountRegistration(false);
    const message =
      'Error: Cannot use PasskeyRegistration component without active user authenticated.';
    await waitFor(
      () => mounted.text().includes(message),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.errors).to.deep.equal([{ message, errorType: 'no_current_session' }]);
    await expect(mounted.el).to.be.accessible();
  });

  it('creates a passkey, renames it (edit, then save) and deletes it after the warning', async () => {
    const mounted = await mountRegistration();
    let user = makeUser();
    mounted.test.api
      .on('POST', '/webauthn/register/start', () => ({ json: creationOptions() }))
      .on('POST', '/webauthn/register', () => {
        user = makeUser({
          webauthn_registrations: [registration('webauthn-registration-test-1', 'Chrome passkey')],
        });
        return { json: signedInBody(user) };
      })
      .on('PUT', '/webauthn/update/webauthn-registration-test-1', (request) => ({
        json: success({
          webauthn_registration: registration(
            'webauthn-registration-test-1',
            (request.body as { name: string }).name,
          ),
        }),
      }))
      .on('DELETE', '/users/webauthn_registrations/webauthn-registration-test-1', () => {
        user = makeUser();
        return { json: success({ user_id: user.user_id, __user: user }) };
      });
    await expect(mounted.el).to.be.accessible();
    (await mounted.button('Create a Passkey')).click();
    await waitFor(
      () => mounted.text().includes('Passkey successfully created!'),
      () => `shown: ${mounted.text()}`,
    );
    expect((await authenticator('credentials')) as unknown[]).to.have.length(1);
    const [start] = mounted.test.api.requestsTo('/webauthn/register/start');
    expect(start?.body).to.include({
      return_passkey_credential_options: true,
      domain: 'localhost',
    });
    expect(mounted.events.map((event) => event.type)).to.deep.equal(['PASSKEY_REGISTER']);
    expect(mounted.text()).to.include('Chrome passkey');
    await expect(mounted.el).to.be.accessible();

    (await mounted.button('Edit Chrome passkey')).click();
    const input = await waitFor(
      () => mounted.el.querySelector<HTMLInputElement>('input[type=text]'),
      'no name field',
    );
    await waitFor(() => document.activeElement === input, 'the name field is not focused');
    await expect(mounted.el).to.be.accessible();
    input.value = 'Work laptop';
    input.dispatchEvent(new Event('input'));
    (await mounted.button('Save')).click();
    await waitFor(
      () => mounted.text().includes('Work laptop') && !mounted.el.querySelector('input'),
      () => `shown: ${mounted.text()}`,
    );
    expect(
      mounted.test.api.requestsTo('/webauthn/update/webauthn-registration-test-1')[0]?.body,
    ).to.deep.equal({ name: 'Work laptop' });

    (await mounted.button('Delete Work laptop')).click();
    await waitFor(
      () => mounted.text().includes('Once deleted, the passkey cannot be restored.'),
      'no warning',
    );
    await expect(mounted.el).to.be.accessible();
    (await mounted.button('Cancel')).click();
    await waitFor(() => !mounted.text().includes('Once deleted'), 'the warning stayed');
    expect(
      mounted.test.api.requestsTo('/users/webauthn_registrations/webauthn-registration-test-1'),
    ).to.have.length(0);
    (await mounted.button('Delete Work laptop')).click();
    const confirm = await waitFor(
      () => mounted.el.querySelector('[role=alertdialog]'),
      'no confirmation',
    );
    [...confirm.querySelectorAll('button')]
      .find((b) => b.textContent?.trim() === 'Delete')
      ?.click();
    await waitFor(
      () => mounted.text().includes('You have no passkeys yet.'),
      () => `shown: ${mounted.text()}`,
    );

    (await mounted.button('Done')).click();
    expect(mounted.events.map((event) => event.type)).to.deep.equal([
      'PASSKEY_REGISTER',
      'PASSKEY_DONE',
    ]);
  });

  it('a session that has not passed the authenticator app is told so, and no passkey is made', async () => {
    const mounted = await mountRegistration();
    const message =
      'This account has an authenticator app: enter a code from it (or a recovery code) before changing how it signs in.';
    mounted.test.api.on('POST', '/webauthn/register/start', () => ({
      status: 403,
      json: apiErrorBody(403, 'insufficient_factors', message),
    }));
    (await mounted.button('Create a Passkey')).click();
    await waitFor(
      () => mounted.text().includes(message),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.errors.at(-1)).to.deep.equal({ message, errorType: 'insufficient_factors' });
    expect(mounted.test.api.requestsTo('/webauthn/register')).to.have.length(0);
    await expect(mounted.el).to.be.accessible();
  });

  it('a passkey registered already gets the duplicate message; a cancelled prompt the not-created one', async () => {
    const existing = await makePasskey();
    const mounted = await mountRegistration();
    mounted.test.api.on('POST', '/webauthn/register/start', () => ({
      json: creationOptions([existing]),
    }));
    (await mounted.button('Create a Passkey')).click();
    const duplicate =
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.';
    await waitFor(
      () => mounted.text().includes(duplicate),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.errors.at(-1)).to.deep.equal({
      message: duplicate,
      errorType: 'duplicate_webauthn_registration',
    });
    expect(mounted.test.api.requestsTo('/webauthn/register')).to.have.length(0);
    await expect(mounted.el).to.be.accessible();

    // The user closes the prompt: the browser says NotAllowedError.
    await authenticator('remove');
    mounted.test.api.on('POST', '/webauthn/register/start', () => ({ json: creationOptions() }));
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = () =>
      Promise.reject(
        new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      );
    restore = () => {
      navigator.credentials.create = create;
    };
    (await mounted.button('Create a Passkey')).click();
    const notCreated =
      'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.';
    await waitFor(
      () => mounted.text().includes(notCreated),
      () => `shown: ${mounted.text()}`,
    );
    (await mounted.button('Skip')).click();
    await waitFor(
      () => mounted.text().includes('Your Passkeys'),
      () => `shown: ${mounted.text()}`,
    );
    expect(mounted.events.map((event) => event.type)).to.deep.equal(['PASSKEY_SKIP']);
  });
});
