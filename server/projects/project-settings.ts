/**
 * A project's settings: who may call it, which products and channels it
 * offers, and the limits it applies. They come from the config file (or the
 * built-in development project) and are stored with the project.
 *
 * The core's settings are here; each product contributes its own keys (their
 * types, JSON schema, defaults and resolver) from its `<name>-settings.ts`, as
 * a `SettingsPart` its `ServerProduct` lists, and augments `ProjectSettings` and
 * `ProjectConfig` with their types (`declare module
 * '../../projects/project-settings.js'`), so this folder imports no product.
 * The functions below merge the parts they are handed (the registry's
 * products' parts, `settingsParts` in `server/products/registry.ts`).
 */
import type { JsonSchema, SettingsPart } from './settings-part.js';
import { exactUrlSchema } from './settings-schema.js';

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

/**
 * Everything a project configures: the core's settings here, each product's by augmentation
 * from its `<name>-settings.ts`.
 */
export interface ProjectSettings {
  /** Origins (scheme, host and port) whose pages may call the API with credentials. */
  authorizedOrigins: string[];
  /** Enabled products. */
  products: Product[];
  /** Email domains the widget may hint at (bootstrap `email_domains`). */
  emailDomains: string[];
  /** Bot protection of the sign-in starts and credential checks (see `server/bot-protection/`). */
  botProtection: { captcha: CaptchaSettings | null };
}

/**
 * A project as the config file describes it (before defaults): the core's keys here, each
 * product's by augmentation from its `<name>-settings.ts`.
 */
export interface ProjectConfig {
  name: string;
  publicToken: string;
  authorizedOrigins?: string[];
  products?: Product[];
  emailDomains?: string[];
  botProtection?: {
    captcha?: Omit<CaptchaSettings, 'verifyUrl'> & { verifyUrl?: string };
  };
}

/** The captcha providers Velvet can verify tokens of. */
export const CAPTCHA_PROVIDERS = ['turnstile'] as const;

/**
 * What a project does with captcha tokens: `OBSERVATION` records each verdict and lets the
 * request through; `DECISIONING` refuses a sign-in start without a valid token.
 */
export type CaptchaMode = 'OBSERVATION' | 'DECISIONING';

/** A project's captcha. */
export interface CaptchaSettings {
  /** The provider: Cloudflare Turnstile. */
  provider: (typeof CAPTCHA_PROVIDERS)[number];
  /** The public site key the widget renders the challenge with (bootstrap serves it). */
  siteKey: string;
  /** The secret key sent to the provider's verification endpoint; never served. */
  secretKey: string;
  mode: CaptchaMode;
  /** The provider's verification endpoint (a local peer in tests). */
  verifyUrl: string;
  /**
   * Where browsers load the provider's script from, when not its usual address (a proxy, or a
   * local peer in tests); served in bootstrap.
   */
  scriptUrl?: string;
}

/** Cloudflare Turnstile's siteverify endpoint. */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The core's settings: who may call, which products, the email hints and the captcha. */
type CoreSettings = Pick<
  ProjectSettings,
  'authorizedOrigins' | 'products' | 'emailDomains' | 'botProtection'
>;

/** The core's settings a project gets for what its configuration leaves out. */
const CORE_DEFAULTS: CoreSettings = {
  authorizedOrigins: [],
  // Email magic links are the widget's default product (spec section 3).
  products: ['emailMagicLinks', 'otp'],
  emailDomains: [],
  botProtection: { captcha: null },
};

/** JSON schema of the core's keys of a project in the config file. */
const coreConfigSchema = {
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
  emailDomains: {
    type: 'array',
    items: { type: 'string', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$' },
    maxItems: 20,
  },
  botProtection: {
    type: 'object',
    additionalProperties: false,
    properties: {
      captcha: {
        type: 'object',
        additionalProperties: false,
        required: ['provider', 'siteKey', 'secretKey', 'mode'],
        properties: {
          provider: { enum: CAPTCHA_PROVIDERS },
          siteKey: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
          secretKey: { type: 'string', minLength: 1, maxLength: 256 },
          mode: { enum: ['OBSERVATION', 'DECISIONING'] },
          verifyUrl: exactUrlSchema,
          scriptUrl: exactUrlSchema,
        },
      },
    },
  },
} as const;

/**
 * Refuses parts that would share a key with each other or with the core's settings: a key
 * belongs to one owner, or its schema and defaults would silently replace another's.
 */
function assertDistinctKeys(parts: readonly SettingsPart[]): void {
  const owned = new Set<string>(Object.keys(coreConfigSchema));
  for (const { key } of parts) {
    if (owned.has(key)) {
      throw new Error(
        key in coreConfigSchema
          ? `The settings key "${key}" belongs to the core's settings; a product cannot contribute it`
          : `Two settings parts have the key "${key}"; each key of a project's settings has one owner`,
      );
    }
    owned.add(key);
  }
}

/** JSON schema of one project in the config file: the core's keys and each part's. */
export function projectConfigSchema(parts: readonly SettingsPart[]): JsonSchema {
  assertDistinctKeys(parts);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'publicToken'],
    properties: {
      ...coreConfigSchema,
      ...Object.fromEntries(parts.map((part) => [part.key, part.schema])),
    },
  };
}

/** The settings a project gets for anything its configuration leaves out. */
export function defaultProjectSettings(parts: readonly SettingsPart[]): ProjectSettings {
  assertDistinctKeys(parts);
  return {
    ...CORE_DEFAULTS,
    ...Object.fromEntries(parts.map((part) => [part.key, part.defaults])),
  } as ProjectSettings;
}

/** The complete settings for a configured project: its values over the defaults, key by key. */
export function resolveProjectSettings(
  config: ProjectConfig,
  parts: readonly SettingsPart[],
): ProjectSettings {
  assertDistinctKeys(parts);
  const d = CORE_DEFAULTS;
  const given = config as unknown as Readonly<Record<string, unknown>>;
  const core: CoreSettings = {
    authorizedOrigins: (config.authorizedOrigins ?? d.authorizedOrigins).map(normalizeOrigin),
    products: config.products ?? d.products,
    emailDomains: config.emailDomains ?? d.emailDomains,
    botProtection: {
      captcha: config.botProtection?.captcha
        ? { verifyUrl: TURNSTILE_VERIFY_URL, ...config.botProtection.captcha }
        : d.botProtection.captcha,
    },
  };
  return {
    ...core,
    ...Object.fromEntries(parts.map((part) => [part.key, part.resolve(given[part.key])])),
  } as ProjectSettings;
}

/** `https://Example.com:443/` → `https://example.com`: the form browsers send in `Origin`. */
export function normalizeOrigin(origin: string): string {
  return new URL(origin).origin;
}
