/**
 * A project's settings: who may call it, which products and channels it
 * offers, and the limits it applies. They come from the config file (or the
 * built-in development project) and are stored with the project.
 */
import type { Channel } from '../delivery/delivery.js';

/** The widget products of the spec. */
export const PRODUCTS = [
  'emailMagicLinks',
  'otp',
  'oauth',
  'crypto',
  'passwords',
  'passkeys',
] as const;

/** A product name. */
export type Product = (typeof PRODUCTS)[number];

/** A limit of `max` hits per `windowMinutes`. */
export interface RateLimit {
  max: number;
  windowMinutes: number;
}

/** Everything a project configures. */
export interface ProjectSettings {
  /** Origins (scheme, host and port) whose pages may call the API with credentials. */
  authorizedOrigins: string[];
  /** Enabled products. */
  products: Product[];
  otp: {
    /** The passcode channels offered. */
    methods: Channel[];
    /** Expiry used when a request names none. */
    defaultExpirationMinutes: number;
    /** Passcode sends per destination, and per client IP address. */
    sendLimits: { perDestination: RateLimit; perIp: RateLimit };
    /** Passcode checks per client IP address. */
    authenticateLimit: { perIp: RateLimit };
  };
  sessions: {
    /** Session lifetime used when a request names none. */
    defaultDurationMinutes: number;
  };
  sms: {
    /** ISO 3166 country codes that text messages (SMS and WhatsApp) may go to. */
    allowedCountries: string[];
  };
  /** Email domains the widget may hint at (bootstrap `email_domains`). */
  emailDomains: string[];
  cryptoWallets: {
    /** Bootstrap's `siwe_required_for_crypto_wallets`: SDKs send `siwe_params` for Ethereum. */
    siweRequired: boolean;
  };
}

/** The settings a project gets for anything its configuration leaves out. */
export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  authorizedOrigins: [],
  products: ['otp'],
  otp: {
    methods: ['sms', 'whatsapp', 'email'],
    defaultExpirationMinutes: 10,
    sendLimits: {
      perDestination: { max: 5, windowMinutes: 15 },
      perIp: { max: 30, windowMinutes: 15 },
    },
    authenticateLimit: { perIp: { max: 100, windowMinutes: 15 } },
  },
  sessions: { defaultDurationMinutes: 60 },
  sms: { allowedCountries: ['US', 'CA'] },
  emailDomains: [],
  cryptoWallets: { siweRequired: true },
};

const rateLimitSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['max', 'windowMinutes'],
  properties: {
    max: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    windowMinutes: { type: 'integer', minimum: 1, maximum: 10_080 },
  },
} as const;

/** JSON schema of one project in the config file. */
export const projectConfigSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'publicToken'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    publicToken: { type: 'string', pattern: '^public-token-(test|live)-[A-Za-z0-9-]{8,100}$' },
    authorizedOrigins: {
      type: 'array',
      items: { type: 'string', pattern: '^https?://[^/?#\\s]+/?$' },
      maxItems: 100,
    },
    products: {
      type: 'array',
      items: { enum: PRODUCTS },
      uniqueItems: true,
      minItems: 1,
    },
    otp: {
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
        sendLimits: {
          type: 'object',
          additionalProperties: false,
          properties: { perDestination: rateLimitSchema, perIp: rateLimitSchema },
        },
        authenticateLimit: {
          type: 'object',
          additionalProperties: false,
          properties: { perIp: rateLimitSchema },
        },
      },
    },
    sessions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        defaultDurationMinutes: { type: 'integer', minimum: 5, maximum: 527_040 },
      },
    },
    sms: {
      type: 'object',
      additionalProperties: false,
      properties: {
        allowedCountries: {
          type: 'array',
          items: { type: 'string', pattern: '^[A-Z]{2}$' },
          uniqueItems: true,
        },
      },
    },
    emailDomains: {
      type: 'array',
      items: { type: 'string', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$' },
      maxItems: 20,
    },
    cryptoWallets: {
      type: 'object',
      additionalProperties: false,
      properties: { siweRequired: { type: 'boolean' } },
    },
  },
} as const;

/** A project as the config file describes it (before defaults). */
export interface ProjectConfig {
  name: string;
  publicToken: string;
  authorizedOrigins?: string[];
  products?: Product[];
  otp?: {
    methods?: Channel[];
    defaultExpirationMinutes?: number;
    sendLimits?: { perDestination?: RateLimit; perIp?: RateLimit };
    authenticateLimit?: { perIp?: RateLimit };
  };
  sessions?: { defaultDurationMinutes?: number };
  sms?: { allowedCountries?: string[] };
  emailDomains?: string[];
  cryptoWallets?: { siweRequired?: boolean };
}

/** The complete settings for a configured project: its values over the defaults. */
export function resolveProjectSettings(config: ProjectConfig): ProjectSettings {
  const d = DEFAULT_PROJECT_SETTINGS;
  return {
    authorizedOrigins: (config.authorizedOrigins ?? d.authorizedOrigins).map(normalizeOrigin),
    products: config.products ?? d.products,
    otp: {
      methods: config.otp?.methods ?? d.otp.methods,
      defaultExpirationMinutes:
        config.otp?.defaultExpirationMinutes ?? d.otp.defaultExpirationMinutes,
      sendLimits: {
        perDestination: config.otp?.sendLimits?.perDestination ?? d.otp.sendLimits.perDestination,
        perIp: config.otp?.sendLimits?.perIp ?? d.otp.sendLimits.perIp,
      },
      authenticateLimit: {
        perIp: config.otp?.authenticateLimit?.perIp ?? d.otp.authenticateLimit.perIp,
      },
    },
    sessions: {
      defaultDurationMinutes:
        config.sessions?.defaultDurationMinutes ?? d.sessions.defaultDurationMinutes,
    },
    sms: { allowedCountries: config.sms?.allowedCountries ?? d.sms.allowedCountries },
    emailDomains: config.emailDomains ?? d.emailDomains,
    cryptoWallets: {
      siweRequired: config.cryptoWallets?.siweRequired ?? d.cryptoWallets.siweRequired,
    },
  };
}

/** `https://Example.com:443/` → `https://example.com`: the form browsers send in `Origin`. */
export function normalizeOrigin(origin: string): string {
  return new URL(origin).origin;
}
