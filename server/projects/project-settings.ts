/**
 * A project's settings: who may call it, which products and channels it
 * offers, and the limits it applies. They come from the config file (or the
 * built-in development project) and are stored with the project.
 */
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../widget/client/oauth-provider-names.js';
import type { Channel } from '../delivery/delivery.js';
import {
  DEFAULT_IDP_SETTINGS,
  type IdpConfig,
  type IdpSettings,
  idpConfigSchema,
  resolveIdpSettings,
} from '../products/idp/index.js';

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
    /**
     * Passcode sends per destination from one client (so a stranger's requests never use up a
     * guest's), and per client IP address (high: a room of guests may share one address).
     */
    sendLimits: { perDestination: RateLimit; perIp: RateLimit };
    /** Passcode checks per client IP address (wrong ones are throttled per destination too). */
    authenticateLimit: { perIp: RateLimit };
  };
  emailMagicLinks: {
    /**
     * The only URLs a login link may open (exact match); the first is used when a request
     * names none.
     */
    loginRedirectURLs: string[];
    /** The same for sign-up links (a new or unverified address); defaults to the login list. */
    signupRedirectURLs: string[];
    /** Whether every link must be requested with a PKCE challenge (bootstrap tells the widget). */
    pkceRequired: boolean;
    /** Link sends per email address, and per client IP address. */
    sendLimits: { perDestination: RateLimit; perIp: RateLimit };
    /** Link checks per client IP address. */
    authenticateLimit: { perIp: RateLimit };
  };
  sessions: {
    /** Session lifetime used when a request names none. */
    defaultDurationMinutes: number;
    /**
     * The longest `session_duration_minutes` a request may ask for (start or extension); a longer
     * one is refused with `session_duration_too_long`.
     */
    maxDurationMinutes: number;
  };
  sms: {
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
  };
  /** Email domains the widget may hint at (bootstrap `email_domains`). */
  emailDomains: string[];
  cryptoWallets: {
    /** Bootstrap's `siwe_required_for_crypto_wallets`: SDKs send `siwe_params` for Ethereum. */
    siweRequired: boolean;
  };
  /** The passwords product (see `server/products/passwords/`). */
  passwords: PasswordSettings;
  /** Bot protection of the sign-in starts and credential checks (see `server/bot-protection/`). */
  botProtection: { captcha: CaptchaSettings | null };
  /** Velvet as an OpenID Connect provider: the registered applications (`server/products/idp/`). */
  idp: IdpSettings;
  /**
   * Issuers whose JWTs `POST /sessions/attest` exchanges for a session, by `profile_id` (see
   * `server/products/session-exchange/`).
   */
  trustedTokenProfiles: TrustedTokenProfile[];
  /** OAuth sign-in (see `server/products/oauth/`) and Google One Tap. */
  oauth: OAuthSettings;
}

/** An outside issuer the project trusts: its JWTs, verified against its JWKS, sign a user in. */
export interface TrustedTokenProfile {
  /** What `POST /sessions/attest` names as `profile_id`. */
  profileId: string;
  /** The `iss` the JWTs must carry. */
  issuer: string;
  /** The `aud` the JWTs must carry. */
  audience: string;
  /** Where the issuer publishes its public keys (a JWK Set). */
  jwksUrl: string;
  /** The claim naming the user. */
  userClaim: string;
  /** What that claim holds: a Velvet user id, or an email address (its user is created on first use). */
  userClaimHolds: 'user_id' | 'email';
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

/** One OAuth provider of a project: its app's credentials, extra scopes and endpoint overrides. */
export interface OAuthProviderSettings {
  /** The app's client id at the provider (TikTok calls it the client key). */
  clientId: string;
  /** The app's client secret (Apple: the signed client-secret JWT). */
  clientSecret?: string;
  /** Scopes asked for besides the provider's defaults. */
  scopes?: string[];
  /* Endpoint overrides, for tests or self-hosted providers (GitLab, Salesforce domains…). */
  /** The OpenID Connect issuer; its discovery document gives the endpoints not overridden. */
  issuer?: string;
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userInfoEndpoint?: string;
  jwksUri?: string;
}

/** OAuth settings. */
export interface OAuthSettings {
  /** The configured providers, by name (`google`, `github`, …). */
  providers: { [name: string]: OAuthProviderSettings };
  /** The exact URLs a sign-in may land on; the first is the default. */
  loginRedirectURLs: string[];
  /** The same for a new user (defaults to the login list). */
  signupRedirectURLs: string[];
}

/** An OAuth provider's name. */
export type OAuthProviderName = OAuthProvider;

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

/** The settings a project gets for anything its configuration leaves out. */
export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = {
  authorizedOrigins: [],
  // Email magic links are the widget's default product (spec section 3).
  products: ['emailMagicLinks', 'otp'],
  otp: {
    methods: ['sms', 'whatsapp', 'email'],
    defaultExpirationMinutes: 10,
    sendLimits: {
      perDestination: { max: 5, windowMinutes: 15 },
      perIp: { max: 200, windowMinutes: 15 },
    },
    authenticateLimit: { perIp: { max: 600, windowMinutes: 15 } },
  },
  emailMagicLinks: {
    loginRedirectURLs: [],
    signupRedirectURLs: [],
    pkceRequired: false,
    sendLimits: {
      perDestination: { max: 5, windowMinutes: 15 },
      perIp: { max: 30, windowMinutes: 15 },
    },
    authenticateLimit: { perIp: { max: 100, windowMinutes: 15 } },
  },
  // A guest signs in once and comes back to the invitation over the days before the party.
  sessions: { defaultDurationMinutes: 60, maxDurationMinutes: 7 * 24 * 60 },
  sms: {
    allowedCountries: ['US', 'CA'],
    maxPerHour: 300,
    maxPerHourPerPrefix: 150,
    guestListOnly: false,
  },
  emailDomains: [],
  passwords: {
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
  },
  cryptoWallets: { siweRequired: true },
  botProtection: { captcha: null },
  idp: DEFAULT_IDP_SETTINGS,
  trustedTokenProfiles: [],
  oauth: { providers: {}, loginRedirectURLs: [], signupRedirectURLs: [] },
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

/** A list of exact redirect URLs (http or https, no fragment). */
const redirectUrlsSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^https?://[^\\s#]+$', maxLength: 2048 },
  uniqueItems: true,
  maxItems: 50,
} as const;

/** An http(s) endpoint of an OAuth provider. */
const endpointSchema = { type: 'string', pattern: '^https?://[^\\s#]+$', maxLength: 2048 } as const;

/** One OAuth provider in the config file. */
const oauthProviderSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId'],
  properties: {
    clientId: { type: 'string', minLength: 1, maxLength: 512 },
    clientSecret: { type: 'string', minLength: 1, maxLength: 4096 },
    scopes: {
      type: 'array',
      items: { type: 'string', pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,200}$' },
      uniqueItems: true,
      maxItems: 50,
    },
    issuer: endpointSchema,
    authorizationEndpoint: endpointSchema,
    tokenEndpoint: endpointSchema,
    userInfoEndpoint: endpointSchema,
    jwksUri: endpointSchema,
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
    emailMagicLinks: {
      type: 'object',
      additionalProperties: false,
      properties: {
        loginRedirectURLs: redirectUrlsSchema,
        signupRedirectURLs: redirectUrlsSchema,
        pkceRequired: { type: 'boolean' },
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
        maxDurationMinutes: { type: 'integer', minimum: 5, maximum: 527_040 },
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
        maxPerHour: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        maxPerHourPerPrefix: { type: 'integer', minimum: 1, maximum: 1_000_000 },
        guestListOnly: { type: 'boolean' },
      },
    },
    emailDomains: {
      type: 'array',
      items: { type: 'string', pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$' },
      maxItems: 20,
    },
    passwords: {
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
        authenticateLimit: {
          type: 'object',
          additionalProperties: false,
          properties: { perIp: rateLimitSchema },
        },
        strengthCheckLimit: {
          type: 'object',
          additionalProperties: false,
          properties: { perIp: rateLimitSchema },
        },
        resetSendLimits: {
          type: 'object',
          additionalProperties: false,
          properties: { perEmail: rateLimitSchema, perIp: rateLimitSchema },
        },
      },
    },
    cryptoWallets: {
      type: 'object',
      additionalProperties: false,
      properties: { siweRequired: { type: 'boolean' } },
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
            verifyUrl: { type: 'string', pattern: '^https?://[^\\s#]+$', maxLength: 2048 },
            scriptUrl: { type: 'string', pattern: '^https?://[^\\s#]+$', maxLength: 2048 },
          },
        },
      },
    },
    idp: idpConfigSchema,
    trustedTokenProfiles: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['profileId', 'issuer', 'audience', 'jwksUrl'],
        properties: {
          profileId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
          issuer: { type: 'string', minLength: 1, maxLength: 2048 },
          audience: { type: 'string', minLength: 1, maxLength: 2048 },
          jwksUrl: { type: 'string', pattern: '^https?://' },
          userClaim: { type: 'string', minLength: 1, maxLength: 128 },
          userClaimHolds: { enum: ['user_id', 'email'] },
        },
      },
    },
    oauth: {
      type: 'object',
      additionalProperties: false,
      properties: {
        providers: {
          type: 'object',
          propertyNames: { enum: OAUTH_PROVIDERS },
          additionalProperties: oauthProviderSchema,
        },
        loginRedirectURLs: redirectUrlsSchema,
        signupRedirectURLs: redirectUrlsSchema,
      },
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
  emailMagicLinks?: {
    loginRedirectURLs?: string[];
    signupRedirectURLs?: string[];
    pkceRequired?: boolean;
    sendLimits?: { perDestination?: RateLimit; perIp?: RateLimit };
    authenticateLimit?: { perIp?: RateLimit };
  };
  sessions?: { defaultDurationMinutes?: number; maxDurationMinutes?: number };
  sms?: Partial<ProjectSettings['sms']>;
  emailDomains?: string[];
  passwords?: Partial<
    Omit<PasswordSettings, 'authenticateLimit' | 'strengthCheckLimit' | 'resetSendLimits'>
  > & {
    authenticateLimit?: { perIp?: RateLimit };
    strengthCheckLimit?: { perIp?: RateLimit };
    resetSendLimits?: { perEmail?: RateLimit; perIp?: RateLimit };
  };
  cryptoWallets?: { siweRequired?: boolean };
  botProtection?: {
    captcha?: Omit<CaptchaSettings, 'verifyUrl'> & { verifyUrl?: string };
  };
  idp?: IdpConfig;
  trustedTokenProfiles?: Array<
    Omit<TrustedTokenProfile, 'userClaim' | 'userClaimHolds'> &
      Partial<Pick<TrustedTokenProfile, 'userClaim' | 'userClaimHolds'>>
  >;
  oauth?: Partial<OAuthSettings>;
}

/** The complete settings for a configured project: its values over the defaults. */
export function resolveProjectSettings(config: ProjectConfig): ProjectSettings {
  const d = DEFAULT_PROJECT_SETTINGS;
  return {
    authorizedOrigins: (config.authorizedOrigins ?? d.authorizedOrigins).map(normalizeOrigin),
    products: config.products ?? d.products,
    otp: resolveOtpSettings(config.otp),
    emailMagicLinks: resolveMagicLinkSettings(config.emailMagicLinks),
    sessions: {
      defaultDurationMinutes:
        config.sessions?.defaultDurationMinutes ?? d.sessions.defaultDurationMinutes,
      maxDurationMinutes: config.sessions?.maxDurationMinutes ?? d.sessions.maxDurationMinutes,
    },
    sms: resolveSmsSettings(config.sms),
    emailDomains: config.emailDomains ?? d.emailDomains,
    cryptoWallets: {
      siweRequired: config.cryptoWallets?.siweRequired ?? d.cryptoWallets.siweRequired,
    },
    passwords: resolvePasswordSettings(config.passwords, d.passwords),
    botProtection: {
      captcha: config.botProtection?.captcha
        ? { verifyUrl: TURNSTILE_VERIFY_URL, ...config.botProtection.captcha }
        : d.botProtection.captcha,
    },
    idp: resolveIdpSettings(config.idp),
    trustedTokenProfiles: (config.trustedTokenProfiles ?? []).map((profile) => ({
      ...profile,
      userClaim: profile.userClaim ?? 'sub',
      userClaimHolds: profile.userClaimHolds ?? 'user_id',
    })),
    oauth: resolveOAuthSettings(config.oauth),
  };
}

/** The passcode settings: each value given over its default. */
function resolveOtpSettings(config: ProjectConfig['otp']): ProjectSettings['otp'] {
  const d = DEFAULT_PROJECT_SETTINGS.otp;
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
}

/** The OAuth settings: sign-ups land where sign-ins do unless they have their own URLs. */
function resolveOAuthSettings(config: ProjectConfig['oauth']): ProjectSettings['oauth'] {
  const d = DEFAULT_PROJECT_SETTINGS.oauth;
  return {
    providers: config?.providers ?? d.providers,
    loginRedirectURLs: config?.loginRedirectURLs ?? d.loginRedirectURLs,
    signupRedirectURLs:
      config?.signupRedirectURLs ?? config?.loginRedirectURLs ?? d.signupRedirectURLs,
  };
}

/** The text-message settings: a per-prefix limit not given is half the project-wide one. */
function resolveSmsSettings(config: ProjectConfig['sms']): ProjectSettings['sms'] {
  const d = DEFAULT_PROJECT_SETTINGS.sms;
  const maxPerHour = config?.maxPerHour ?? d.maxPerHour;
  return {
    allowedCountries: config?.allowedCountries ?? d.allowedCountries,
    maxPerHour,
    maxPerHourPerPrefix: config?.maxPerHourPerPrefix ?? Math.ceil(maxPerHour / 2),
    guestListOnly: config?.guestListOnly ?? d.guestListOnly,
  };
}

function resolvePasswordSettings(
  config: ProjectConfig['passwords'],
  d: PasswordSettings,
): PasswordSettings {
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
}

function resolveMagicLinkSettings(
  config: ProjectConfig['emailMagicLinks'],
): ProjectSettings['emailMagicLinks'] {
  const d = DEFAULT_PROJECT_SETTINGS.emailMagicLinks;
  const login = config?.loginRedirectURLs ?? d.loginRedirectURLs;
  return {
    loginRedirectURLs: login,
    signupRedirectURLs: config?.signupRedirectURLs ?? login,
    pkceRequired: config?.pkceRequired ?? d.pkceRequired,
    sendLimits: {
      perDestination: config?.sendLimits?.perDestination ?? d.sendLimits.perDestination,
      perIp: config?.sendLimits?.perIp ?? d.sendLimits.perIp,
    },
    authenticateLimit: { perIp: config?.authenticateLimit?.perIp ?? d.authenticateLimit.perIp },
  };
}

/** `https://Example.com:443/` → `https://example.com`: the form browsers send in `Origin`. */
export function normalizeOrigin(origin: string): string {
  return new URL(origin).origin;
}
