/**
 * `client.magicLinks`: sign-in links by email. `email.loginOrCreate` signs in or signs up;
 * `email.send` goes to `/send/primary` when signed out and `/send/secondary` when a session
 * exists (adding the email to its user); `authenticate` turns the token of an opened link into a
 * session. When the project requires PKCE (bootstrap), a send starts a verifier kept in storage,
 * and `authenticate` sends it back from the same browser.
 */

import {
  type AuthenticateResponse,
  isAuthenticateResponse,
  type ResponseEnvelope,
} from './api-types.js';
import type { BootstrapClient } from './bootstrap.js';
import type { HttpClient } from './http-client.js';
import { type PkceManager, PkceNamespace } from './pkce.js';
import type { SessionManager } from './session-manager.js';
import {
  checkNumber,
  checkOptionalNumber,
  checkOptionalString,
  checkOptions,
  checkString,
  type JsonObject,
} from './type-checks.js';

/** Options of a magic-link send, in Stytch's names. */
export interface MagicLinksSendOptions {
  /** The listed URL a login link opens; the project's first when omitted. */
  readonly login_magic_link_url?: string;
  /** The listed URL a sign-up link opens; the project's first when omitted. */
  readonly signup_magic_link_url?: string;
  /** Minutes a login link stays valid (30 by default). */
  readonly login_expiration_minutes?: number;
  /** Minutes a sign-up link stays valid (30 by default). */
  readonly signup_expiration_minutes?: number;
  readonly login_template_id?: string;
  readonly signup_template_id?: string;
  readonly locale?: string;
}

/** Options of a login-or-create: those of a send, and whether a new user starts as pending. */
export interface MagicLinksLoginOrCreateOptions extends MagicLinksSendOptions {
  readonly create_user_as_pending?: boolean;
}

/** Options of {@link MagicLinksClient.authenticate}. */
export interface MagicLinksAuthenticateOptions {
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
}

/** A send's answer: the user and email, except for `/send/primary`. */
export interface MagicLinksSendResponse extends ResponseEnvelope {
  readonly user_id?: string;
  readonly email_id?: string;
}

/** `POST /magic_links/authenticate`. */
export interface MagicLinksAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly method_id: string;
}

const SEND_EXAMPLE = "{ login_magic_link_url: 'https://example.com/authenticate' }";

function isSendResponse(body: JsonObject): body is JsonObject & MagicLinksSendResponse {
  return (
    (body.user_id === undefined || typeof body.user_id === 'string') &&
    (body.email_id === undefined || typeof body.email_id === 'string')
  );
}

function isMagicLinksAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & MagicLinksAuthenticateResponse {
  return (
    isAuthenticateResponse(body) &&
    typeof body.user_id === 'string' &&
    typeof body.method_id === 'string'
  );
}

/** Whether an error mentions PKCE (the cue to try the other verifier). */
function mentionsPkce(error: unknown): boolean {
  const body = (typeof error === 'object' && error !== null ? error : {}) as Record<
    string,
    unknown
  >;
  return [body.error_type, body.error_message, body.message].some(
    (text) => typeof text === 'string' && text.toLowerCase().includes('pkce'),
  );
}

/** What the magic-link clients need from the library. */
interface MagicLinksDeps {
  readonly http: HttpClient;
  readonly sessions: SessionManager;
  readonly pkce: PkceManager;
  readonly bootstrap: BootstrapClient;
}

/** `client.magicLinks.email`. */
export class EmailMagicLinksClient {
  private readonly deps: MagicLinksDeps;

  constructor(deps: MagicLinksDeps) {
    this.deps = deps;
  }

  /** `POST /magic_links/email/login_or_create {email, code_challenge?, …options}`. */
  async loginOrCreate(
    email: string,
    options?: MagicLinksLoginOrCreateOptions,
  ): Promise<MagicLinksSendResponse> {
    checkOptions('client.magicLinks.email.loginOrCreate', options, SEND_EXAMPLE);
    return this.sendTo('/magic_links/email/login_or_create', email, { ...options });
  }

  /** `POST /magic_links/email/send/{primary|secondary} {email, code_challenge?, …options}`. */
  async send(email: string, options?: MagicLinksSendOptions): Promise<MagicLinksSendResponse> {
    checkOptions('client.magicLinks.email.send', options, SEND_EXAMPLE);
    const variant = this.deps.sessions.data ? 'secondary' : 'primary';
    return this.sendTo(`/magic_links/email/send/${variant}`, email, { ...options });
  }

  private async sendTo(
    path: string,
    email: unknown,
    options: JsonObject,
  ): Promise<MagicLinksSendResponse> {
    checkString('email', email);
    for (const name of ['login_magic_link_url', 'signup_magic_link_url', 'locale'] as const) {
      checkOptionalString(name, options[name]);
    }
    checkOptionalNumber('login_expiration_minutes', options.login_expiration_minutes);
    checkOptionalNumber('signup_expiration_minutes', options.signup_expiration_minutes);
    const body: JsonObject = { email };
    for (const [key, value] of Object.entries(options)) {
      if (value !== undefined) body[key] = value;
    }
    const config = await this.deps.bootstrap.getAsync();
    if (config.pkceRequiredForEmailMagicLinks) {
      // One verifier per browser until a link is authenticated, as Stytch's SDK keeps it: a
      // second email must not strand the first link.
      const pair =
        this.deps.pkce.get(PkceNamespace.MAGIC_LINKS) ??
        (await this.deps.pkce.start(PkceNamespace.MAGIC_LINKS));
      body.code_challenge = pair.codeChallenge;
    }
    return this.deps.http.post(path, body, isSendResponse);
  }
}

/** `client.magicLinks`. */
export class MagicLinksClient {
  /** Links by email. */
  readonly email: EmailMagicLinksClient;
  private readonly deps: MagicLinksDeps;

  constructor(deps: MagicLinksDeps) {
    this.deps = deps;
    this.email = new EmailMagicLinksClient(deps);
  }

  /**
   * `POST /magic_links/authenticate {token, session_duration_minutes, code_verifier?}`. A
   * password-reset email also carries a sign-in link, so the password-reset verifier is tried
   * first when one is stored, and the magic-link verifier after an error that mentions PKCE.
   * On success the session is signed in and the verifier used is forgotten.
   */
  async authenticate(
    token: string,
    options: MagicLinksAuthenticateOptions,
  ): Promise<MagicLinksAuthenticateResponse> {
    checkString('token', token);
    checkOptions('client.magicLinks.authenticate', options, '{ session_duration_minutes: 60 }', {
      required: true,
    });
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const { pkce } = this.deps;
    let response: MagicLinksAuthenticateResponse | undefined;
    if (pkce.get(PkceNamespace.PASSWORD_RESET)) {
      try {
        response = await this.authenticateWith(PkceNamespace.PASSWORD_RESET, token, options);
      } catch (error) {
        if (!mentionsPkce(error)) throw error;
      }
    }
    response ??= await this.authenticateWith(PkceNamespace.MAGIC_LINKS, token, options);
    this.deps.sessions.applyAuthentication(response);
    return response;
  }

  private async authenticateWith(
    namespace: PkceNamespace,
    token: string,
    options: MagicLinksAuthenticateOptions,
  ): Promise<MagicLinksAuthenticateResponse> {
    const verifier = this.deps.pkce.get(namespace)?.codeVerifier;
    const response = await this.deps.http.post(
      '/magic_links/authenticate',
      {
        token,
        session_duration_minutes: options.session_duration_minutes,
        ...(verifier ? { code_verifier: verifier } : {}),
      },
      isMagicLinksAuthenticateResponse,
    );
    this.deps.pkce.clear(namespace);
    return response;
  }
}
