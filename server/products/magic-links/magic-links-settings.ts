/**
 * The email magic-link settings of a project (`emailMagicLinks` in `velvet.config.json`): where
 * links may land, whether they need PKCE, and their limits.
 */
import type { RateLimit } from '../../projects/project-settings.js';
import type { SettingsPart } from '../../projects/settings-part.js';
import { rateLimitsSchema, redirectUrlsSchema } from '../../projects/settings-schema.js';

/** The magic-link settings. */
export interface MagicLinkSettings {
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
}

/** The magic-link settings as the config file describes them. */
export interface MagicLinkConfig {
  loginRedirectURLs?: string[];
  signupRedirectURLs?: string[];
  pkceRequired?: boolean;
  sendLimits?: { perDestination?: RateLimit; perIp?: RateLimit };
  authenticateLimit?: { perIp?: RateLimit };
}

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    emailMagicLinks: MagicLinkSettings;
  }
  interface ProjectConfig {
    emailMagicLinks?: MagicLinkConfig;
  }
}

const DEFAULT_MAGIC_LINK_SETTINGS: MagicLinkSettings = {
  loginRedirectURLs: [],
  signupRedirectURLs: [],
  pkceRequired: false,
  sendLimits: {
    perDestination: { max: 5, windowMinutes: 15 },
    perIp: { max: 30, windowMinutes: 15 },
  },
  authenticateLimit: { perIp: { max: 100, windowMinutes: 15 } },
};

/** `emailMagicLinks`: sign-up links land where login links do unless they have their own URLs. */
export const magicLinkSettingsPart: SettingsPart<
  'emailMagicLinks',
  MagicLinkConfig,
  MagicLinkSettings
> = {
  key: 'emailMagicLinks',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      loginRedirectURLs: redirectUrlsSchema,
      signupRedirectURLs: redirectUrlsSchema,
      pkceRequired: { type: 'boolean' },
      sendLimits: rateLimitsSchema('perDestination', 'perIp'),
      authenticateLimit: rateLimitsSchema('perIp'),
    },
  },
  defaults: DEFAULT_MAGIC_LINK_SETTINGS,
  resolve(config) {
    const d = DEFAULT_MAGIC_LINK_SETTINGS;
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
  },
};
