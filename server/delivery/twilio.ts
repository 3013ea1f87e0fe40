/**
 * SMS and WhatsApp through Twilio's Programmable Messaging REST API
 * (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`), with fetch.
 */

import {
  type Channel,
  type DeliveryAdapter,
  DeliveryError,
  type DeliveryReceipt,
  type OutgoingMessage,
} from './delivery.js';

/** Options of `TwilioAdapter`. */
export interface TwilioAdapterOptions {
  readonly accountSid: string;
  readonly authToken: string;
  /** The SMS sender: an E.164 number (or an alphanumeric sender id). */
  readonly smsFrom?: string;
  /** The WhatsApp sender, E.164, with or without the `whatsapp:` prefix. */
  readonly whatsappFrom?: string;
  /** A Messaging Service SID (`MG...`); when set, SMS go through it instead of `smsFrom`. */
  readonly messagingServiceSid?: string;
  /** Defaults to `https://api.twilio.com`. */
  readonly baseUrl?: string;
  /** How long one request may take, in milliseconds; defaults to 10000. */
  readonly timeoutMs?: number;
  /** Defaults to the global fetch. */
  readonly fetch?: typeof fetch;
  /** Aborts every request still running when it fires (the server shutting down). */
  readonly signal?: AbortSignal;
}

/** Twilio's public API origin. */
export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

/** The default request timeout, in milliseconds. */
export const TWILIO_TIMEOUT_MS = 10_000;

const WHATSAPP_PREFIX = 'whatsapp:';

/**
 * Delivers `sms` (with `smsFrom` or `messagingServiceSid`) and `whatsapp` (with
 * `whatsappFrom`).
 */
export class TwilioAdapter implements DeliveryAdapter {
  readonly name = 'twilio';
  readonly channels: readonly Channel[];
  private readonly messagesUrl: string;
  private readonly authorization: string;
  private readonly smsSender: Readonly<Record<string, string>> | undefined;
  private readonly whatsappFrom: string | undefined;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly shutdown: AbortSignal | undefined;

  /** Throws an Error naming the option when one is missing or malformed. */
  constructor(options: TwilioAdapterOptions) {
    const accountSid = required(options.accountSid, 'accountSid');
    const authToken = required(options.authToken, 'authToken');
    const smsFrom = optional(options.smsFrom);
    const messagingServiceSid = optional(options.messagingServiceSid);
    const whatsappFrom = optional(options.whatsappFrom);
    if (smsFrom === undefined && messagingServiceSid === undefined && whatsappFrom === undefined) {
      throw new Error('TwilioAdapter needs smsFrom, messagingServiceSid or whatsappFrom');
    }
    const baseUrl = options.baseUrl ?? TWILIO_API_BASE_URL;
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      throw new Error(`TwilioAdapter option baseUrl is not an http(s) URL: ${baseUrl}`);
    }
    const timeoutMs = options.timeoutMs ?? TWILIO_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new Error(`TwilioAdapter option timeoutMs must be a positive number: ${timeoutMs}`);
    }

    this.messagesUrl =
      `${baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/` +
      `${encodeURIComponent(accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (messagingServiceSid !== undefined) {
      this.smsSender = { MessagingServiceSid: messagingServiceSid };
    } else if (smsFrom !== undefined) {
      this.smsSender = { From: smsFrom };
    }
    this.whatsappFrom = whatsappFrom && withWhatsappPrefix(whatsappFrom);
    this.channels = [
      ...(this.smsSender ? (['sms'] as const) : []),
      ...(this.whatsappFrom ? (['whatsapp'] as const) : []),
    ];
    this.timeoutMs = timeoutMs;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.shutdown = options.signal;
  }

  /** Creates the message; resolves with its SID once Twilio accepted it. */
  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    const form = new URLSearchParams(this.routing(message));
    form.set('Body', message.text);

    let response: Response;
    let raw: string;
    // One controller per send, ended by the timeout or the shutdown signal: composing the
    // process-long shutdown signal (`AbortSignal.any`) would keep a reference per send on Node 20.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Twilio did not answer in time', 'TimeoutError')),
      this.timeoutMs,
    );
    const shutdown = this.shutdown;
    const onShutdown = () => controller.abort(shutdown?.reason);
    if (shutdown?.aborted) onShutdown();
    else shutdown?.addEventListener('abort', onShutdown, { once: true });
    try {
      response = await this.fetch(this.messagesUrl, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: controller.signal,
      });
      raw = await response.text();
    } catch (error) {
      const reason = shutdown?.aborted
        ? 'the server is shutting down'
        : networkReason(error, this.timeoutMs);
      throw new DeliveryError(`Twilio could not be reached: ${reason}`);
    } finally {
      clearTimeout(timer);
      shutdown?.removeEventListener('abort', onShutdown);
    }

    const body = parseJson(raw);
    if (response.ok) {
      const sid = field(body, 'sid');
      if (typeof sid !== 'string' || sid === '') {
        throw new DeliveryError(`Twilio answered HTTP ${response.status} without a message sid`);
      }
      return { id: sid };
    }
    const code = field(body, 'code');
    const vendorMessage = field(body, 'message');
    const reason =
      typeof vendorMessage === 'string' && vendorMessage !== ''
        ? withoutBodySecrets(vendorMessage, message.text)
        : `HTTP ${response.status}`;
    throw new DeliveryError(
      `Twilio refused the message: ${reason}`,
      typeof code === 'number' || typeof code === 'string' ? code : undefined,
    );
  }

  /** `To` plus the sender fields for the message's channel. */
  private routing(message: OutgoingMessage): Record<string, string> {
    if (message.channel === 'sms' && this.smsSender) {
      return { To: message.to, ...this.smsSender };
    }
    if (message.channel === 'whatsapp' && this.whatsappFrom) {
      return { To: withWhatsappPrefix(message.to), From: this.whatsappFrom };
    }
    throw new DeliveryError(`The twilio adapter is not set up for ${message.channel}`);
  }
}

function required(value: string | undefined, name: string): string {
  const trimmed = optional(value);
  if (trimmed === undefined) throw new Error(`TwilioAdapter option ${name} is missing`);
  return trimmed;
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * `reason` (Twilio's text about a refusal, which ends up in the log) without any word of the
 * message's body that holds a digit: the passcode, or a link's token, should Twilio quote them.
 */
function withoutBodySecrets(reason: string, body: string): string {
  let scrubbed = reason;
  for (const word of body.split(/\s+/)) {
    if (word.length >= 4 && /\d/.test(word)) scrubbed = scrubbed.replaceAll(word, '[redacted]');
  }
  return scrubbed;
}

function withWhatsappPrefix(address: string): string {
  return address.startsWith(WHATSAPP_PREFIX) ? address : `${WHATSAPP_PREFIX}${address}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[key]
    : undefined;
}

/** A short reason for a failed request: a timeout, or the socket error code. */
function networkReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = field(cause, 'code');
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : 'unknown error';
}
