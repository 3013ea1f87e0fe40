/**
 * Which adapter carries each channel, chosen from the environment: Twilio for
 * SMS and WhatsApp, an SMTP relay for email, and, outside production, the
 * development outbox for every channel left without a vendor.
 *
 * | Variable                       | Meaning                                        |
 * | ------------------------------ | ---------------------------------------------- |
 * | `TWILIO_ACCOUNT_SID`           | Twilio account (with `TWILIO_AUTH_TOKEN`)      |
 * | `TWILIO_AUTH_TOKEN`            | Twilio auth token                              |
 * | `TWILIO_SMS_FROM`              | SMS sender number                              |
 * | `TWILIO_MESSAGING_SERVICE_SID` | SMS through a Messaging Service instead        |
 * | `TWILIO_WHATSAPP_FROM`         | WhatsApp sender number                         |
 * | `TWILIO_API_BASE_URL`          | Twilio API origin (tests); default public API  |
 * | `SMTP_URL`                     | `smtp://user:pass@host:587` or `smtps://...`   |
 * | `EMAIL_FROM`                   | Email sender, e.g. `Velvet <no-reply@...>`     |
 */

import { ConfigError } from '../config/config-error.js';
import { assertSecureAnchor, isLoopbackHost } from '../config/trust-anchors.js';
import type { Channel, DeliveryAdapter, DeliveryRoutes } from './delivery.js';
import { DevOutbox } from './outbox.js';
import { SmtpAdapter } from './smtp.js';
import { TwilioAdapter } from './twilio.js';

/** Options of `deliveryRoutesFromEnv`. */
export interface DeliveryRoutesOptions {
  /** In production the outbox is never used: a channel without a vendor has no route. */
  readonly production: boolean;
  /** The outbox to route to outside production; a new one when omitted. */
  readonly outbox?: DevOutbox;
  /** Aborts the vendors' calls still running (on shutdown, see `ops/graceful-shutdown.ts`). */
  readonly signal?: AbortSignal;
}

/** The chosen routes and every adapter they use, once each (to close them on shutdown). */
export interface DeliverySetup {
  readonly routes: DeliveryRoutes;
  readonly adapters: DeliveryAdapter[];
}

const ALL_CHANNELS: readonly Channel[] = ['sms', 'whatsapp', 'email'];

const TWILIO_VARIABLES = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_SMS_FROM',
  'TWILIO_WHATSAPP_FROM',
  'TWILIO_MESSAGING_SERVICE_SID',
  'TWILIO_API_BASE_URL',
] as const;

/**
 * Builds the delivery routes from `env`. Throws a `ConfigError` naming the missing
 * variable when a vendor is only partly configured (say `TWILIO_ACCOUNT_SID`
 * without `TWILIO_AUTH_TOKEN`, or `SMTP_URL` without `EMAIL_FROM`). Empty
 * values count as unset.
 */
export function deliveryRoutesFromEnv(
  env: NodeJS.ProcessEnv,
  options: DeliveryRoutesOptions,
): DeliverySetup {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const routes: DeliveryRoutes = {};
  const adapters: DeliveryAdapter[] = [];
  const use = (adapter: DeliveryAdapter) => {
    adapters.push(adapter);
    for (const channel of adapter.channels) routes[channel] ??= adapter;
  };

  const signal = options.signal === undefined ? {} : { signal: options.signal };
  const twilio = twilioFromEnv(read, options.production, signal);
  const smtp = smtpFromEnv(read, options.production, signal);
  if (twilio) use(twilio);
  if (smtp) use(smtp);

  if (!options.production) {
    const unrouted = ALL_CHANNELS.filter((channel) => routes[channel] === undefined);
    if (unrouted.length > 0) {
      const outbox = options.outbox ?? new DevOutbox();
      adapters.push(outbox);
      for (const channel of unrouted) routes[channel] = outbox;
    }
  }
  return { routes, adapters };
}

/** The channels of `wanted` that no adapter carries, in `wanted`'s order, once each. */
export function missingChannels(routes: DeliveryRoutes, wanted: readonly Channel[]): Channel[] {
  return [...new Set(wanted)].filter((channel) => routes[channel] === undefined);
}

function twilioFromEnv(
  read: (name: string) => string | undefined,
  production: boolean,
  signal: { signal?: AbortSignal },
): TwilioAdapter | undefined {
  if (!TWILIO_VARIABLES.some((name) => read(name) !== undefined)) return undefined;
  const accountSid = requireVariable(read, 'TWILIO_ACCOUNT_SID', 'Twilio');
  const authToken = requireVariable(read, 'TWILIO_AUTH_TOKEN', 'Twilio');
  const smsFrom = read('TWILIO_SMS_FROM');
  const whatsappFrom = read('TWILIO_WHATSAPP_FROM');
  const messagingServiceSid = read('TWILIO_MESSAGING_SERVICE_SID');
  if (smsFrom === undefined && whatsappFrom === undefined && messagingServiceSid === undefined) {
    throw new ConfigError(
      'TWILIO_SMS_FROM',
      'Twilio is partly configured: set TWILIO_SMS_FROM, TWILIO_MESSAGING_SERVICE_SID ' +
        'or TWILIO_WHATSAPP_FROM',
    );
  }
  const baseUrl = read('TWILIO_API_BASE_URL');
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    throw new ConfigError('TWILIO_API_BASE_URL', `not an http(s) URL: ${baseUrl}`);
  }
  // The auth token goes to it with every message.
  if (baseUrl !== undefined && production) assertSecureAnchor('TWILIO_API_BASE_URL', baseUrl);
  return new TwilioAdapter({
    accountSid,
    authToken,
    ...(smsFrom === undefined ? {} : { smsFrom }),
    ...(whatsappFrom === undefined ? {} : { whatsappFrom }),
    ...(messagingServiceSid === undefined ? {} : { messagingServiceSid }),
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...signal,
  });
}

function smtpFromEnv(
  read: (name: string) => string | undefined,
  production: boolean,
  signal: { signal?: AbortSignal },
): SmtpAdapter | undefined {
  const url = read('SMTP_URL');
  const from = read('EMAIL_FROM');
  if (url === undefined && from === undefined) return undefined;
  if (url === undefined) throw new ConfigError('SMTP_URL', 'email is partly configured: set it');
  if (from === undefined) {
    throw new ConfigError('EMAIL_FROM', 'email is partly configured: set it');
  }
  if (!URL.canParse(url) || !/^smtps?:$/.test(new URL(url).protocol)) {
    // Never echo the value: it holds the relay's password.
    throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL');
  }
  if (production) assertEncryptedRelay(new URL(url));
  return new SmtpAdapter({ url, from, ...signal });
}

/**
 * Production sends email (its codes and links) and the relay's password over TLS only: `smtps://`,
 * or `smtp://` with STARTTLS required (`?requireTLS=true`, which nodemailer reads from the URL),
 * with the relay's certificate checked; plain text only to a relay on this machine.
 * @throws ConfigError naming `SMTP_URL`, never quoting it (it holds the password)
 */
function assertEncryptedRelay(url: URL): void {
  if (url.searchParams.get('tls.rejectUnauthorized') === 'false') {
    throw new ConfigError(
      'SMTP_URL',
      "tls.rejectUnauthorized=false skips the relay's certificate check; production refuses it",
    );
  }
  if (url.protocol === 'smtps:' || isLoopbackHost(url.hostname)) return;
  if (url.searchParams.get('requireTLS') !== 'true') {
    throw new ConfigError(
      'SMTP_URL',
      'smtp:// may send in plain text: in production use smtps://…:465, or smtp://…:587?requireTLS=true (plain only to localhost, 127.0.0.0/8 or ::1)',
    );
  }
}

function requireVariable(
  read: (name: string) => string | undefined,
  name: string,
  vendor: string,
): string {
  const value = read(name);
  if (value === undefined) {
    throw new ConfigError(name, `${vendor} is partly configured: set it`);
  }
  return value;
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}
