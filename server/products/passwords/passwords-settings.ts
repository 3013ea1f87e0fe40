/**
 * The password settings of a project (`passwords` in `velvet.config.json`): how strength is
 * judged, where breached passwords are looked up, resets and limits.
 */
import type { RateLimit } from '../../projects/project-settings.js';
import type { SettingsPart } from '../../projects/settings-part.js';
import { rateLimitsSchema } from '../../projects/settings-schema.js';

/** A project's password rules. */
export interface PasswordSettings {
  /** How strength is judged: zxcvbn's score, or LUDS counts. */
  strengthPolicy: 'zxcvbn' | 'luds';
  /** LUDS: how many of the four kinds of character (lower, upper, digit, symbol) a password needs. */
  ludsComplexity: number;
  /** LUDS: the least number of characters. */
  ludsMinimumCount: number;
  /** Where breached passwords are looked up: the shipped list, or Pwned Passwords' range API. */
  breachedPasswords: 'offline' | 'pwned-passwords';
  /** The Pwned Passwords API (a local peer in tests). */
  pwnedPasswordsUrl: string;
  /** The exact URLs a reset email may link to; the first is the default. */
  resetRedirectUrls: string[];
  /** How long a reset link lasts when the request names no expiry. */
  resetExpirationMinutes: number;
  /** Whether a reset must be started with a PKCE `code_challenge`. */
  pkceRequiredForResets: boolean;
  /** Logins per client IP address. */
  authenticateLimit: { perIp: RateLimit };
  /** Strength checks per client IP address. */
  strengthCheckLimit: { perIp: RateLimit };
  /** Reset emails per address, and per client IP address. */
  resetSendLimits: { perEmail: RateLimit; perIp: RateLimit };
}

/** The password rules as the config file describes them. */
export type PasswordConfig = Partial<
  Omit<PasswordSettings, 'authenticateLimit' | 'strengthCheckLimit' | 'resetSendLimits'>
> & {
  authenticateLimit?: { perIp?: RateLimit };
  strengthCheckLimit?: { perIp?: RateLimit };
  resetSendLimits?: { perEmail?: RateLimit; perIp?: RateLimit };
};

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    /** The passwords product (see `server/products/passwords/`). */
    passwords: PasswordSettings;
  }
  interface ProjectConfig {
    passwords?: PasswordConfig;
  }
}

const DEFAULT_PASSWORD_SETTINGS: PasswordSettings = {
  strengthPolicy: 'zxcvbn',
  ludsComplexity: 3,
  ludsMinimumCount: 8,
  breachedPasswords: 'offline',
  pwnedPasswordsUrl: 'https://api.pwnedpasswords.com',
  resetRedirectUrls: [],
  resetExpirationMinutes: 30,
  pkceRequiredForResets: false,
  authenticateLimit: { perIp: { max: 50, windowMinutes: 15 } },
  strengthCheckLimit: { perIp: { max: 600, windowMinutes: 15 } },
  resetSendLimits: {
    perEmail: { max: 5, windowMinutes: 15 },
    perIp: { max: 30, windowMinutes: 15 },
  },
};

/** `passwords`: each value given over its default. */
export const passwordSettingsPart: SettingsPart<'passwords', PasswordConfig, PasswordSettings> = {
  key: 'passwords',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      strengthPolicy: { enum: ['zxcvbn', 'luds'] },
      ludsComplexity: { type: 'integer', minimum: 0, maximum: 4 },
      ludsMinimumCount: { type: 'integer', minimum: 1, maximum: 32 },
      breachedPasswords: { enum: ['offline', 'pwned-passwords'] },
      pwnedPasswordsUrl: { type: 'string', pattern: '^https?://' },
      resetRedirectUrls: {
        type: 'array',
        items: { type: 'string', pattern: '^https?://[^\\s#]+$' },
        maxItems: 50,
      },
      resetExpirationMinutes: { type: 'integer', minimum: 5, maximum: 10_080 },
      pkceRequiredForResets: { type: 'boolean' },
      authenticateLimit: rateLimitsSchema('perIp'),
      strengthCheckLimit: rateLimitsSchema('perIp'),
      resetSendLimits: rateLimitsSchema('perEmail', 'perIp'),
    },
  },
  defaults: DEFAULT_PASSWORD_SETTINGS,
  resolve(config) {
    const d = DEFAULT_PASSWORD_SETTINGS;
    const c = config ?? {};
    return {
      strengthPolicy: c.strengthPolicy ?? d.strengthPolicy,
      ludsComplexity: c.ludsComplexity ?? d.ludsComplexity,
      ludsMinimumCount: c.ludsMinimumCount ?? d.ludsMinimumCount,
      breachedPasswords: c.breachedPasswords ?? d.breachedPasswords,
      pwnedPasswordsUrl: c.pwnedPasswordsUrl ?? d.pwnedPasswordsUrl,
      resetRedirectUrls: c.resetRedirectUrls ?? d.resetRedirectUrls,
      resetExpirationMinutes: c.resetExpirationMinutes ?? d.resetExpirationMinutes,
      pkceRequiredForResets: c.pkceRequiredForResets ?? d.pkceRequiredForResets,
      authenticateLimit: { perIp: c.authenticateLimit?.perIp ?? d.authenticateLimit.perIp },
      strengthCheckLimit: { perIp: c.strengthCheckLimit?.perIp ?? d.strengthCheckLimit.perIp },
      resetSendLimits: {
        perEmail: c.resetSendLimits?.perEmail ?? d.resetSendLimits.perEmail,
        perIp: c.resetSendLimits?.perIp ?? d.resetSendLimits.perIp,
      },
    };
  },
};
