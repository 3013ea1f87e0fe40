/**
 * The passcode settings of a project (`otp` in `velvet.config.json`), and those of its text
 * messages (`sms`: the countries they may go to and the breaker against SMS pumping, which
 * lives in this product, see `text-breaker.ts`).
 */
import type { Channel } from '../../delivery/delivery.js';
import type { RateLimit } from '../../projects/project-settings.js';
import type { SettingsPart } from '../../projects/settings-part.js';
import { rateLimitsSchema } from '../../projects/settings-schema.js';

/** The passcode settings. */
export interface OtpSettings {
  /** The passcode channels offered. */
  methods: Channel[];
  /** Expiry used when a request names none. */
  defaultExpirationMinutes: number;
  /**
   * Passcode sends per destination from one client (so a stranger's requests never use up a
   * guest's), and per client IP address (high: a room of guests may share one address).
   */
  sendLimits: { perDestination: RateLimit; perIp: RateLimit };
  /** Passcode checks per client IP address (wrong ones are throttled per destination too). */
  authenticateLimit: { perIp: RateLimit };
}

/** The passcode settings as the config file describes them. */
export interface OtpConfig {
  methods?: Channel[];
  defaultExpirationMinutes?: number;
  sendLimits?: { perDestination?: RateLimit; perIp?: RateLimit };
  authenticateLimit?: { perIp?: RateLimit };
}

/** The text-message settings. */
export interface SmsSettings {
  /** ISO 3166 country codes that text messages (SMS and WhatsApp) may go to. */
  allowedCountries: string[];
  /**
   * The circuit breaker against SMS pumping: text messages (SMS and WhatsApp) an hour,
   * project-wide, to numbers neither on the guest list nor verified; over it such sends are
   * refused and an alert is logged. Guests on the list, and numbers that signed in before,
   * are never paused.
   */
  maxPerHour: number;
  /**
   * The same, per prefix range (the calling code and the first three digits after it: an area
   * code in North America), so that pumping one range leaves the others texting. Defaults to
   * half of `maxPerHour`, rounded up: 150 first-time guests of one area code still fit.
   */
  maxPerHourPerPrefix: number;
  /**
   * Text only numbers on the guest list (`trusted_metadata.invited`, see `npm run guests`):
   * any other number is answered as a listed one is, and sent nothing.
   */
  guestListOnly: boolean;
}

/** The text-message settings as the config file describes them. */
export type SmsConfig = Partial<SmsSettings>;

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    otp: OtpSettings;
    sms: SmsSettings;
  }
  interface ProjectConfig {
    otp?: OtpConfig;
    sms?: SmsConfig;
  }
}

const DEFAULT_OTP_SETTINGS: OtpSettings = {
  methods: ['sms', 'whatsapp', 'email'],
  defaultExpirationMinutes: 10,
  sendLimits: {
    perDestination: { max: 5, windowMinutes: 15 },
    perIp: { max: 200, windowMinutes: 15 },
  },
  authenticateLimit: { perIp: { max: 600, windowMinutes: 15 } },
};

/** `otp`: each value given over its default. */
export const otpSettingsPart: SettingsPart<'otp', OtpConfig, OtpSettings> = {
  key: 'otp',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      methods: {
        type: 'array',
        items: { enum: ['sms', 'whatsapp', 'email'] },
        uniqueItems: true,
        minItems: 1,
      },
      defaultExpirationMinutes: { type: 'integer', minimum: 1, maximum: 60 },
      sendLimits: rateLimitsSchema('perDestination', 'perIp'),
      authenticateLimit: rateLimitsSchema('perIp'),
    },
  },
  defaults: DEFAULT_OTP_SETTINGS,
  resolve(config) {
    const d = DEFAULT_OTP_SETTINGS;
    return {
      methods: config?.methods ?? d.methods,
      defaultExpirationMinutes: config?.defaultExpirationMinutes ?? d.defaultExpirationMinutes,
      sendLimits: {
        perDestination: config?.sendLimits?.perDestination ?? d.sendLimits.perDestination,
        perIp: config?.sendLimits?.perIp ?? d.sendLimits.perIp,
      },
      authenticateLimit: {
        perIp: config?.authenticateLimit?.perIp ?? d.authenticateLimit.perIp,
      },
    };
  },
};

const DEFAULT_SMS_SETTINGS: SmsSettings = {
  allowedCountries: ['US', 'CA'],
  maxPerHour: 300,
  maxPerHourPerPrefix: 150,
  guestListOnly: false,
};

/** `sms`: a per-prefix limit not given is half the project-wide one, rounded up. */
export const smsSettingsPart: SettingsPart<'sms', SmsConfig, SmsSettings> = {
  key: 'sms',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      allowedCountries: {
        type: 'array',
        items: { type: 'string', pattern: '^[A-Z]{2}$' },
        uniqueItems: true,
      },
      maxPerHour: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      maxPerHourPerPrefix: { type: 'integer', minimum: 1, maximum: 1_000_000 },
      guestListOnly: { type: 'boolean' },
    },
  },
  defaults: DEFAULT_SMS_SETTINGS,
  resolve(config) {
    const d = DEFAULT_SMS_SETTINGS;
    const maxPerHour = config?.maxPerHour ?? d.maxPerHour;
    return {
      allowedCountries: config?.allowedCountries ?? d.allowedCountries,
      maxPerHour,
      maxPerHourPerPrefix: config?.maxPerHourPerPrefix ?? Math.ceil(maxPerHour / 2),
      guestListOnly: config?.guestListOnly ?? d.guestListOnly,
    };
  },
};
