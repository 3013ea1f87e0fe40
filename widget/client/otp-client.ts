/**
 * `client.otps`: one-time passcodes by SMS, WhatsApp and email. `loginOrCreate` signs in or
 * signs up a user; `send` goes to `/send/primary` when signed out and `/send/secondary` when a
 * session exists (adding a factor to it); `authenticate` turns a passcode into a session.
 */

import {
  isOtpAuthenticateResponse,
  isOtpSendResponse,
  type OtpAuthenticateResponse,
  type OtpSendResponse,
} from './api-types.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import {
  checkNumber,
  checkOptionalNumber,
  checkOptionalString,
  checkOptions,
  checkString,
  type JsonObject,
} from './type-checks.js';

/** The channels a passcode travels on. */
export const OtpChannel = { SMS: 'sms', WHATSAPP: 'whatsapp', EMAIL: 'email' } as const;

/** One of {@link OtpChannel}. */
export type OtpChannel = (typeof OtpChannel)[keyof typeof OtpChannel];

/** Options of every send. */
export interface OtpSendOptions {
  /** How long the passcode stays valid; the server's default when omitted. */
  readonly expiration_minutes?: number;
  /**
   * The language of the message (`es`, `fr-FR`): the server writes in `en`, `es` and `fr`, and
   * in English for any other or when omitted.
   */
  readonly locale?: string;
}

/** Options of an email login-or-create. */
export interface EmailOtpLoginOrCreateOptions extends OtpSendOptions {
  readonly login_template_id?: string;
  readonly signup_template_id?: string;
}

/** Options of {@link OtpClient.authenticate}. */
export interface OtpAuthenticateOptions {
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
}

/** The shape of a send's options, for usage errors. */
const SEND_EXAMPLE = '{ expiration_minutes: 10 }';

/** Which variant a send uses, chosen by whether a session exists. */
export type SendVariant = 'primary' | 'secondary';

class OtpSender {
  protected readonly http: HttpClient;
  protected readonly sessions: SessionManager;
  protected readonly channel: OtpChannel;
  private readonly field: 'phone_number' | 'email';

  constructor(http: HttpClient, sessions: SessionManager, channel: OtpChannel) {
    this.http = http;
    this.sessions = sessions;
    this.channel = channel;
    this.field = channel === OtpChannel.EMAIL ? 'email' : 'phone_number';
  }

  /** `primary` when signed out, `secondary` when a session exists. */
  get sendVariant(): SendVariant {
    return this.sessions.data ? 'secondary' : 'primary';
  }

  /** `client.otps.{channel}.{method}`, for usage errors. */
  protected methodName(method: string): string {
    return `client.otps.${this.channel}.${method}`;
  }

  protected sendTo(
    path: string,
    destination: unknown,
    options: JsonObject,
  ): Promise<OtpSendResponse> {
    checkString(this.field, destination);
    checkOptionalNumber('expiration_minutes', options.expiration_minutes);
    checkOptionalString('locale', options.locale);
    const body: JsonObject = { [this.field]: destination };
    for (const [key, value] of Object.entries(options)) {
      if (value !== undefined) body[key] = value;
    }
    return this.http.post(`/otps/${this.channel}${path}`, body, isOtpSendResponse);
  }

  protected sendVariantPath(): string {
    return `/send/${this.sendVariant}`;
  }
}

/** Passcodes by SMS or WhatsApp, to an E.164 phone number. */
export class PhoneOtpClient extends OtpSender {
  /** `POST /otps/{sms|whatsapp}/login_or_create {phone_number, expiration_minutes, locale}`. */
  async loginOrCreate(phoneNumber: string, options?: OtpSendOptions): Promise<OtpSendResponse> {
    checkOptions(this.methodName('loginOrCreate'), options, SEND_EXAMPLE);
    return this.sendTo('/login_or_create', phoneNumber, { ...options });
  }

  /** `POST /otps/{sms|whatsapp}/send/{primary|secondary} {phone_number, expiration_minutes, locale}`. */
  async send(phoneNumber: string, options?: OtpSendOptions): Promise<OtpSendResponse> {
    checkOptions(this.methodName('send'), options, SEND_EXAMPLE);
    return this.sendTo(this.sendVariantPath(), phoneNumber, { ...options });
  }
}

/** Passcodes by email. */
export class EmailOtpClient extends OtpSender {
  /**
   * `POST /otps/email/login_or_create
   * {email, expiration_minutes, locale, login_template_id?, signup_template_id?}`; the server refuses
   * a template id (`email_template_not_supported`: it has no named templates).
   */
  async loginOrCreate(
    email: string,
    options?: EmailOtpLoginOrCreateOptions,
  ): Promise<OtpSendResponse> {
    checkOptions(this.methodName('loginOrCreate'), options, SEND_EXAMPLE);
    checkOptionalString('login_template_id', options?.login_template_id);
    checkOptionalString('signup_template_id', options?.signup_template_id);
    return this.sendTo('/login_or_create', email, { ...options });
  }

  /** `POST /otps/email/send/{primary|secondary} {email, expiration_minutes, locale}`. */
  async send(email: string, options?: OtpSendOptions): Promise<OtpSendResponse> {
    checkOptions(this.methodName('send'), options, SEND_EXAMPLE);
    return this.sendTo(this.sendVariantPath(), email, { ...options });
  }
}

/** `client.otps`. */
export class OtpClient {
  /** Passcodes by text message. */
  readonly sms: PhoneOtpClient;
  /** Passcodes by WhatsApp. */
  readonly whatsapp: PhoneOtpClient;
  /** Passcodes by email. */
  readonly email: EmailOtpClient;
  private readonly http: HttpClient;
  private readonly sessions: SessionManager;

  constructor(http: HttpClient, sessions: SessionManager) {
    this.http = http;
    this.sessions = sessions;
    this.sms = new PhoneOtpClient(http, sessions, OtpChannel.SMS);
    this.whatsapp = new PhoneOtpClient(http, sessions, OtpChannel.WHATSAPP);
    this.email = new EmailOtpClient(http, sessions, OtpChannel.EMAIL);
  }

  /**
   * `POST /otps/authenticate {token, method_id, session_duration_minutes}`. On success the
   * session is signed in (stored, cookies written, subscribers and other tabs told).
   * `code` is sent as is: the 6-digit rule is the UI's to enforce.
   */
  async authenticate(
    code: string,
    methodId: string,
    options: OtpAuthenticateOptions,
  ): Promise<OtpAuthenticateResponse> {
    checkString('code', code);
    checkString('method_id', methodId);
    checkOptions('client.otps.authenticate', options, '{ session_duration_minutes: 60 }', {
      required: true,
    });
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const response = await this.http.post(
      '/otps/authenticate',
      {
        token: code,
        method_id: methodId,
        session_duration_minutes: options.session_duration_minutes,
      },
      isOtpAuthenticateResponse,
    );
    this.sessions.applyAuthentication(response);
    return response;
  }
}
