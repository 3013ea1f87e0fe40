/**
 * `client.webauthn`: passkeys and WebAuthn devices. `register` creates one for the signed-in
 * user (`/webauthn/register/start`, `navigator.credentials.create()`, `/webauthn/register`);
 * `authenticate` signs in with one (`/webauthn/authenticate/start/{primary|secondary}`, chosen by
 * whether a session exists, `navigator.credentials.get()`, `/webauthn/authenticate`), through a
 * button or through the browser's autofill (`conditional_mediation`); `update` renames one.
 * The browser's own errors (`NotAllowedError` when the user cancels, `InvalidStateError` for a
 * credential registered already, `AbortError`) reach the caller as the `DOMException`s they are.
 */
import { type AuthenticateResponse, isAuthenticateResponse, type User } from './api-types.js';
import { NoCurrentSessionError } from './errors.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import {
  checkBoolean,
  checkNumber,
  checkOptionalString,
  checkOptions,
  checkString,
  isObject,
  type JsonObject,
} from './type-checks.js';
import {
  creationOptionsFromJson,
  credentialToJson,
  requestOptionsFromJson,
} from './webauthn-json.js';

/** The message logged when autofill is asked of a browser without it (spec section 5). */
export const NO_AUTOFILL_MESSAGE = 'Browser does not support WebAuthn autofill';

/** Options of {@link WebAuthnClient.register}. */
export interface WebAuthnRegisterOptions {
  /** The relying party id; `location.hostname` by default. */
  readonly domain?: string;
  /** `platform` or `cross-platform`; either when omitted. */
  readonly authenticator_type?: 'platform' | 'cross-platform';
  /** Ask for a passkey: a discoverable credential with user verification. */
  readonly is_passkey?: boolean;
  /** How long the session lasts from now. */
  readonly session_duration_minutes: number;
  readonly override_id?: string;
  readonly override_name?: string;
  readonly override_display_name?: string;
  /** Cancels the browser's prompt. */
  readonly signal?: AbortSignal;
}

/** Options of {@link WebAuthnClient.authenticate}. */
export interface WebAuthnAuthenticateOptions {
  /** The relying party id; `location.hostname` by default. */
  readonly domain?: string;
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
  /** Sign in with a passkey: user verification required, any discoverable credential. */
  readonly is_passkey?: boolean;
  /** Offer the passkeys in the browser's autofill instead of a prompt. */
  readonly conditional_mediation?: boolean;
  /** Skip the check for an `<input autocomplete="… webauthn">` in the document. */
  readonly disable_input_check?: boolean;
  /** Cancels the ceremony (an autofill request waits until then). */
  readonly signal?: AbortSignal;
}

/** Options of {@link WebAuthnClient.update}. */
export interface WebAuthnUpdateOptions {
  readonly webauthn_registration_id: string;
  readonly name: string;
}

/** What a registration or sign-in answers: a session and the registration used. */
export interface WebAuthnAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly webauthn_registration_id: string;
}

/** `PUT /webauthn/update/{id}`. */
export interface WebAuthnUpdateResponse {
  readonly request_id: string;
  readonly status_code: number;
  readonly webauthn_registration: {
    readonly webauthn_registration_id: string;
    readonly name: string;
    readonly [field: string]: unknown;
  };
}

function isWebAuthnAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & WebAuthnAuthenticateResponse {
  return isAuthenticateResponse(body) && typeof body.webauthn_registration_id === 'string';
}

function hasString<K extends string>(key: K) {
  return (body: JsonObject): body is JsonObject & Record<K, string> =>
    typeof body[key] === 'string';
}

function isUpdateResponse(body: JsonObject): body is JsonObject & WebAuthnUpdateResponse {
  const registration = body.webauthn_registration;
  return isObject(registration) && typeof registration.webauthn_registration_id === 'string';
}

function checkOptionalBoolean(name: string, value: unknown): void {
  if (value !== undefined) checkBoolean(name, value);
}

function checkSignal(value: unknown): void {
  if (value !== undefined && !(value instanceof AbortSignal)) {
    checkOptions('signal', value, 'new AbortController().signal');
  }
}

function abortError(): DOMException {
  return new DOMException('The passkey request was cancelled.', 'AbortError');
}

/** `client.webauthn`. */
export class WebAuthnClient {
  constructor(
    private readonly http: HttpClient,
    private readonly sessions: SessionManager,
    private readonly credentials: () => CredentialsContainer | undefined = () =>
      globalThis.navigator?.credentials,
  ) {}

  /** Whether the browser can offer passkeys in autofill (conditional mediation). */
  async browserSupportsAutofill(): Promise<boolean> {
    const api = globalThis.PublicKeyCredential as
      | { isConditionalMediationAvailable?: () => Promise<boolean> }
      | undefined;
    try {
      return (await api?.isConditionalMediationAvailable?.()) ?? false;
    } catch {
      return false;
    }
  }

  /** Creates a passkey (or WebAuthn device) for the signed-in user and adds it to the session. */
  async register(options: WebAuthnRegisterOptions): Promise<WebAuthnAuthenticateResponse> {
    checkOptions('client.webauthn.register', options, '{ session_duration_minutes: 60 }', {
      required: true,
    });
    checkOptionalString('domain', options.domain);
    checkOptionalString('authenticator_type', options.authenticator_type);
    checkOptionalBoolean('is_passkey', options.is_passkey);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    checkOptionalString('override_id', options.override_id);
    checkOptionalString('override_name', options.override_name);
    checkOptionalString('override_display_name', options.override_display_name);
    checkSignal(options.signal);
    if (!this.sessions.data) throw new NoCurrentSessionError('client.webauthn.register()');
    const start = await this.http.post(
      '/webauthn/register/start',
      {
        domain: options.domain ?? globalThis.location?.hostname,
        authenticator_type: options.authenticator_type,
        return_passkey_credential_options: options.is_passkey,
        override_id: options.override_id,
        override_name: options.override_name,
        override_display_name: options.override_display_name,
        user_agent: globalThis.navigator?.userAgent,
      },
      hasString('public_key_credential_creation_options'),
    );
    if (options.signal?.aborted) throw abortError();
    const publicKey = creationOptionsFromJson(
      JSON.parse(start.public_key_credential_creation_options) as JsonObject,
    );
    const credential = await this.container().create({
      publicKey,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const response = await this.http.post(
      '/webauthn/register',
      {
        public_key_credential: JSON.stringify(credentialToJson(credential as PublicKeyCredential)),
        session_duration_minutes: options.session_duration_minutes,
      },
      isWebAuthnAuthenticateResponse,
    );
    this.adopt(response);
    return response;
  }

  /**
   * Signs in with a passkey. With `conditional_mediation`, the browser offers the passkeys in
   * the autofill of an `<input autocomplete="… webauthn">` and the promise waits until one is
   * picked or `signal` aborts; a browser without autofill (or a page without such an input)
   * gets `null` and a console error.
   */
  async authenticate(
    options: WebAuthnAuthenticateOptions,
  ): Promise<WebAuthnAuthenticateResponse | null> {
    checkOptions('client.webauthn.authenticate', options, '{ session_duration_minutes: 60 }', {
      required: true,
    });
    checkOptionalString('domain', options.domain);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    checkOptionalBoolean('is_passkey', options.is_passkey);
    checkOptionalBoolean('conditional_mediation', options.conditional_mediation);
    checkOptionalBoolean('disable_input_check', options.disable_input_check);
    checkSignal(options.signal);
    if (options.conditional_mediation) {
      if (!(await this.browserSupportsAutofill())) {
        console.error(NO_AUTOFILL_MESSAGE);
        return null;
      }
      if (
        !options.disable_input_check &&
        globalThis.document?.querySelector("input[autocomplete*='webauthn']") == null
      ) {
        console.error('No <input> with "webauthn" in its `autocomplete` attribute was detected');
        return null;
      }
    }
    const variant = this.sessions.data ? 'secondary' : 'primary';
    const start = await this.http.post(
      `/webauthn/authenticate/start/${variant}`,
      {
        domain: options.domain ?? globalThis.location?.hostname,
        return_passkey_credential_options: options.is_passkey,
      },
      hasString('public_key_credential_request_options'),
    );
    if (options.signal?.aborted) throw abortError();
    const publicKey = requestOptionsFromJson(
      JSON.parse(start.public_key_credential_request_options) as JsonObject,
    );
    const credential = await this.container().get({
      publicKey,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.conditional_mediation ? { mediation: 'conditional' as const } : {}),
    });
    if (!credential) return null;
    return this.authenticateWith(credential as PublicKeyCredential, options);
  }

  /**
   * Signs in with a passkey the browser gave already (`navigator.credentials.get()` for request
   * options from `/webauthn/authenticate/start/primary`, asked for without this library: the
   * widget's autofill does so before the library loads): `POST /webauthn/authenticate`, and the
   * session kept as {@link authenticate} keeps it.
   */
  async authenticateWith(
    credential: PublicKeyCredential,
    options: Pick<WebAuthnAuthenticateOptions, 'session_duration_minutes'>,
  ): Promise<WebAuthnAuthenticateResponse> {
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const response = await this.http.post(
      '/webauthn/authenticate',
      {
        public_key_credential: JSON.stringify(credentialToJson(credential)),
        session_duration_minutes: options.session_duration_minutes,
      },
      isWebAuthnAuthenticateResponse,
    );
    this.adopt(response);
    return response;
  }

  /** `PUT /webauthn/update/{webauthn_registration_id} {name}`: renames a passkey. */
  async update(options: WebAuthnUpdateOptions): Promise<WebAuthnUpdateResponse> {
    checkOptions(
      'client.webauthn.update',
      options,
      "{ webauthn_registration_id, name: 'Laptop' }",
      {
        required: true,
      },
    );
    checkString('webauthn_registration_id', options.webauthn_registration_id);
    checkString('name', options.name);
    if (!this.sessions.data) throw new NoCurrentSessionError('client.webauthn.update()');
    const response = await this.http.put(
      `/webauthn/update/${encodeURIComponent(options.webauthn_registration_id)}`,
      { name: options.name },
      isUpdateResponse,
    );
    const user = this.sessions.data?.user;
    if (user) {
      const renamed = response.webauthn_registration;
      this.sessions.updateUser({
        ...user,
        webauthn_registrations: user.webauthn_registrations.map((r) =>
          r.webauthn_registration_id === renamed.webauthn_registration_id
            ? { ...r, name: renamed.name }
            : r,
        ),
      } as User);
    }
    return response;
  }

  private container(): CredentialsContainer {
    const container = this.credentials();
    if (!container || typeof globalThis.PublicKeyCredential === 'undefined') {
      throw new DOMException('This browser does not support passkeys.', 'NotSupportedError');
    }
    return container;
  }

  /** Takes the session of an answer; a registration made with a JWT keeps the stored token. */
  private adopt(response: WebAuthnAuthenticateResponse): void {
    const token = response.session_token || this.sessions.sessionToken || '';
    this.sessions.applyAuthentication({ ...response, session_token: token });
  }
}
