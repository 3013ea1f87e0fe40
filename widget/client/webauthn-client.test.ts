import { expect } from '@open-wc/testing';
import { NoCurrentSessionError, SchemaError } from './errors.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, signIn } from './testing/test-client.js';
import { NO_AUTOFILL_MESSAGE } from './webauthn-client.js';
import { creationOptionsFromJson, credentialToJson, decodeBase64Url } from './webauthn-json.js';

async function thrown(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}

describe('WebAuthnClient', () => {
  afterEach(cleanUpClients);

  it('checks its options before any request', async () => {
    const test = createTestClient();
    await signIn(test);
    const calls = test.api.requests.length;
    const noDuration = await thrown(() =>
      test.client.webauthn.register({} as { session_duration_minutes: number }),
    );
    expect(noDuration).to.be.instanceOf(SchemaError);
    expect((noDuration as Error).message).to.equal('session_duration_minutes must be a number');
    const badFlag = await thrown(() =>
      test.client.webauthn.authenticate({
        session_duration_minutes: 60,
        is_passkey: 'yes' as unknown as boolean,
      }),
    );
    expect((badFlag as Error).message).to.equal('is_passkey must be a boolean');
    const badName = await thrown(() =>
      test.client.webauthn.update({
        webauthn_registration_id: 'webauthn-registration-test-1',
        name: 5 as unknown as string,
      }),
    );
    expect((badName as Error).message).to.equal('name must be a string');
    expect(test.api.requests.length).to.equal(calls);
  });

  it('needs a session to register or rename a passkey', async () => {
    const test = createTestClient();
    expect(
      await thrown(() => test.client.webauthn.register({ session_duration_minutes: 60 })),
    ).to.be.instanceOf(NoCurrentSessionError);
    expect(
      await thrown(() =>
        test.client.webauthn.update({ webauthn_registration_id: 'w-1', name: 'Laptop' }),
      ),
    ).to.be.instanceOf(NoCurrentSessionError);
    expect(test.api.requests).to.have.length(0);
  });

  it('returns null and says why when autofill is asked of a browser without it', async () => {
    const test = createTestClient();
    const original = Object.getOwnPropertyDescriptor(
      PublicKeyCredential,
      'isConditionalMediationAvailable',
    );
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      configurable: true,
      value: async () => false,
    });
    const logged: string[] = [];
    const error = console.error;
    console.error = (...parts: unknown[]) => logged.push(parts.map(String).join(' '));
    try {
      const result = await test.client.webauthn.authenticate({
        session_duration_minutes: 60,
        conditional_mediation: true,
      });
      expect(result).to.equal(null);
      expect(logged).to.deep.equal([NO_AUTOFILL_MESSAGE]);
      expect(test.api.requests).to.have.length(0);
    } finally {
      console.error = error;
      if (original) {
        Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', original);
      }
    }
  });

  it('starts a sign-in at /primary signed out and /secondary signed in, with the domain', async () => {
    const test = createTestClient();
    test.api.on('POST', '/webauthn/authenticate/start/primary', { status: 400, json: {} });
    test.api.on('POST', '/webauthn/authenticate/start/secondary', { status: 400, json: {} });
    await thrown(() => test.client.webauthn.authenticate({ session_duration_minutes: 60 }));
    await signIn(test);
    await thrown(() =>
      test.client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true }),
    );
    const starts = test.api.requests.filter((request) => request.path.startsWith('/webauthn'));
    expect(starts.map((request) => request.path)).to.deep.equal([
      '/webauthn/authenticate/start/primary',
      '/webauthn/authenticate/start/secondary',
    ]);
    expect(starts[1]?.body).to.deep.equal({
      domain: location.hostname,
      return_passkey_credential_options: true,
    });
  });

  it('an update renames the passkey in the session user', async () => {
    const test = createTestClient();
    await signIn(test);
    const user = test.client.user.getSync();
    expect(user).not.to.equal(null);
    test.api.on('PUT', '/webauthn/update/webauthn-registration-test-1', {
      json: success({
        webauthn_registration: {
          webauthn_registration_id: 'webauthn-registration-test-1',
          name: 'Laptop',
        },
      }),
    });
    // A user with one passkey, as the server would list it.
    test.api.on('GET', '/users/me', {
      json: success({
        ...user,
        webauthn_registrations: [
          { webauthn_registration_id: 'webauthn-registration-test-1', name: 'Old' },
        ],
      }),
    });
    await test.client.user.get();
    await test.client.webauthn.update({
      webauthn_registration_id: 'webauthn-registration-test-1',
      name: 'Laptop',
    });
    expect(test.client.user.getSync()?.webauthn_registrations).to.deep.equal([
      { webauthn_registration_id: 'webauthn-registration-test-1', name: 'Laptop' },
    ]);
  });
});

describe('webauthn-json', () => {
  it('turns the options’ base64url fields into bytes and a credential back into JSON', () => {
    const options = creationOptionsFromJson({
      challenge: 'AAEC_w',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'dXNlcg', name: 'u', displayName: 'U' },
      pubKeyCredParams: [],
      excludeCredentials: [{ id: '-_8', type: 'public-key' }],
    });
    expect([...new Uint8Array(options.challenge as ArrayBuffer)]).to.deep.equal([0, 1, 2, 255]);
    expect(new TextDecoder().decode(options.user.id as ArrayBuffer)).to.equal('user');
    expect([...new Uint8Array(options.excludeCredentials?.[0]?.id as ArrayBuffer)]).to.deep.equal([
      251, 255,
    ]);
    expect([...decodeBase64Url('AAEC_w==')]).to.deep.equal([0, 1, 2, 255]);
    const fake = {
      id: 'AAEC_w',
      rawId: new Uint8Array([0, 1, 2, 255]).buffer,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      getClientExtensionResults: () => ({}),
      response: {
        clientDataJSON: new TextEncoder().encode('{}').buffer,
        authenticatorData: new Uint8Array([1]).buffer,
        signature: new Uint8Array([2]).buffer,
        userHandle: null,
      },
    } as unknown as PublicKeyCredential;
    expect(credentialToJson(fake)).to.deep.equal({
      id: 'AAEC_w',
      rawId: 'AAEC_w',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: 'e30',
        authenticatorData: 'AQ',
        signature: 'Ag',
        userHandle: undefined,
      },
    });
  });
});
