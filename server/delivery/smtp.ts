/**
 * Email through an SMTP relay, with nodemailer. The relay is named by one URL,
 * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`.
 */

import type { Mail, SMTPSentMessageInfo, SMTPTransportOptions } from 'nodemailer';
import {
  type Channel,
  type DeliveryAdapter,
  DeliveryError,
  type DeliveryReceipt,
  type OutgoingMessage,
} from './delivery.js';

/** Options of `SmtpAdapter`. */
export interface SmtpAdapterOptions {
  /** `smtp://` or `smtps://`, credentials URL-encoded in the user info. */
  readonly url: string;
  /** The sender, e.g. `Velvet <no-reply@example.com>`. */
  readonly from: string;
  /**
   * Gives up every send still running when it fires (the server shutting down): nodemailer takes
   * no signal, so the send's promise is settled with a DeliveryError and its socket left to close.
   */
  readonly signal?: AbortSignal;
}

/**
 * How long to wait for the TCP connection, the greeting and any one reply,
 * in milliseconds: a sign-in should fail fast rather than hang on a dead relay.
 */
export const SMTP_TIMEOUT_MS = 10_000;

/** Delivers `email` through one SMTP relay. */
export class SmtpAdapter implements DeliveryAdapter {
  readonly name = 'smtp';
  readonly channels: readonly Channel[] = ['email'];
  private readonly from: string;
  private readonly url: string;
  private readonly shutdown: AbortSignal | undefined;
  /** Made on the first email: nodemailer is loaded only by a server that sends one. */
  private transport: Promise<Mail<SMTPSentMessageInfo, SMTPTransportOptions>> | undefined;

  /** Throws an Error naming the option when one is missing or malformed. */
  constructor(options: SmtpAdapterOptions) {
    const url = options.url?.trim() ?? '';
    if (url === '') throw new Error('SmtpAdapter option url is missing');
    if (!URL.canParse(url) || !/^smtps?:$/.test(new URL(url).protocol)) {
      // The URL may hold a password: name the option, not the value.
      throw new Error('SmtpAdapter option url must be an smtp:// or smtps:// URL');
    }
    const from = options.from?.trim() ?? '';
    if (from === '') throw new Error('SmtpAdapter option from is missing');
    this.from = from;
    this.url = url;
    this.shutdown = options.signal;
  }

  #transport(): Promise<Mail<SMTPSentMessageInfo, SMTPTransportOptions>> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: this.url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return this.transport;
  }

  /** Hands the email to the relay; resolves with the Message-ID once it accepted it. */
  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    if (message.channel !== 'email') {
      throw new DeliveryError(`The smtp adapter cannot deliver ${message.channel}`);
    }
    try {
      const transport = await this.#transport();
      const info = await this.#unlessShutDown(
        transport.sendMail({
          from: this.from,
          to: message.to,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html === undefined ? {} : { html: message.html }),
        }),
      );
      return { id: info.messageId };
    } catch (error) {
      if (this.shutdown?.aborted) {
        throw new DeliveryError('The email could not be sent: the server is shutting down');
      }
      throw smtpError(error);
    }
  }

  /** `sending`, or a rejection as soon as the shutdown signal fires, whichever comes first. */
  #unlessShutDown<T>(sending: Promise<T>): Promise<T> {
    const shutdown = this.shutdown;
    if (!shutdown) return sending;
    if (shutdown.aborted) return Promise.reject(shutdown.reason);
    return new Promise<T>((resolve, reject) => {
      const abort = () => reject(shutdown.reason);
      shutdown.addEventListener('abort', abort, { once: true });
      sending.then(resolve, reject).finally(() => shutdown.removeEventListener('abort', abort));
    });
  }

  /** Closes the transport's connections. */
  async close(): Promise<void> {
    (await this.transport)?.close();
  }
}

/**
 * A DeliveryError from a nodemailer failure. Only the reply code, the command
 * and nodemailer's error code are kept: never the message, whose body holds the
 * passcode, nor a reply text that might quote it.
 */
function smtpError(error: unknown): DeliveryError {
  const details = typeof error === 'object' && error !== null ? error : {};
  const responseCode = fieldOf(details, 'responseCode', 'number');
  const command = fieldOf(details, 'command', 'string');
  const code = fieldOf(details, 'code', 'string');
  if (responseCode !== undefined) {
    const after = command === undefined ? '' : ` after ${command}`;
    const what = code === 'EAUTH' ? 'the credentials' : 'the message';
    return new DeliveryError(
      `The SMTP server refused ${what}: reply ${responseCode}${after}`,
      responseCode,
    );
  }
  if (code !== undefined && UNREACHABLE.has(code)) {
    return new DeliveryError(`The SMTP server could not be reached: ${code}`);
  }
  return new DeliveryError(`The email could not be sent: ${code ?? 'unknown error'}`);
}

/** `details[name]` when it is of type `type` (a nodemailer error's field), else `undefined`. */
function fieldOf<T extends 'number' | 'string'>(
  details: object,
  name: string,
  type: T,
): (T extends 'number' ? number : string) | undefined {
  const value = (details as Record<string, unknown>)[name];
  return typeof value === type ? (value as T extends 'number' ? number : string) : undefined;
}

/** Nodemailer codes for a relay that was never reached or dropped the connection. */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY']);
