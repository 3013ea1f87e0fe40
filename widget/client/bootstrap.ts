/**
 * The project's configuration from `GET /projects/bootstrap/{public_token}`, in camelCase.
 * Read synchronously from the localStorage cache first, then from the server asynchronously
 * (which refreshes the cache); when the server cannot be asked, the fallback config applies.
 */

import { isBootstrapResponse } from './api-types.js';
import { BOOTSTRAP_STORAGE_PREFIX, DEFAULT_EMAIL_DOMAIN, Messages } from './constants.js';
import type { HttpClient } from './http-client.js';
import { defaultStorage, type KeyValueStorage, readJson, writeJson } from './key-value-storage.js';
import { isObject, isStringArray } from './type-checks.js';

/** Device-fingerprint protection modes. */
export const DfpProtectedAuthMode = {
  DECISIONING: 'DECISIONING',
  OBSERVATION: 'OBSERVATION',
} as const;

/** One of {@link DfpProtectedAuthMode}. */
export type DfpProtectedAuthMode = (typeof DfpProtectedAuthMode)[keyof typeof DfpProtectedAuthMode];

/** Consumer or business project. */
export type Vertical = 'CONSUMER' | 'B2B';

/** The project configuration the widget and the client read. */
export interface BootstrapData {
  readonly projectName: string | null;
  /** Whether to show the provider's watermark (`!disable_sdk_watermark`). */
  readonly displayWatermark: boolean;
  /**
   * The project's captcha: when `enabled`, a sign-in start the server refuses with
   * `captcha_required` is retried with a token of `provider`'s challenge for `siteKey`.
   */
  readonly captchaSettings: {
    readonly enabled: boolean;
    readonly siteKey?: string;
    readonly provider?: string;
    readonly scriptUrl?: string;
  };
  /** The custom API domain, when the project has one. */
  readonly cnameDomain: string | null;
  /** Domains the project's emails come from (the mail-provider hint uses a single one). */
  readonly emailDomains: readonly string[];
  readonly pkceRequiredForEmailMagicLinks: boolean;
  readonly pkceRequiredForPasswordResets: boolean;
  readonly pkceRequiredForOAuth: boolean;
  readonly pkceRequiredForSso: boolean;
  readonly slugPattern: string | null;
  readonly createOrganizationEnabled: boolean;
  readonly passwordConfig: {
    readonly ludsComplexity: number;
    readonly ludsMinimumCount: number;
  } | null;
  readonly dfpProtectedAuthEnabled: boolean;
  readonly dfpProtectedAuthMode: DfpProtectedAuthMode | null;
  readonly rbacPolicy: unknown;
  readonly siweRequiredForCryptoWallets: boolean;
  readonly vertical: Vertical | null;
  /** The countries text messages may go to (ISO 3166 codes), or `null` when not known. */
  readonly smsAllowedCountries: readonly string[] | null;
  /**
   * Why this page's origin may not use the project, and how to authorize it; `null` when it may
   * (or when the server did not say).
   */
  readonly originNotAllowed: string | null;
}

/** The configuration used when the server cannot be asked: every flag false, one domain. */
export const FALLBACK_BOOTSTRAP: BootstrapData = Object.freeze({
  projectName: null,
  displayWatermark: false,
  captchaSettings: Object.freeze({ enabled: false }),
  cnameDomain: null,
  emailDomains: Object.freeze([DEFAULT_EMAIL_DOMAIN]),
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  pkceRequiredForSso: false,
  slugPattern: null,
  createOrganizationEnabled: false,
  passwordConfig: null,
  dfpProtectedAuthEnabled: false,
  dfpProtectedAuthMode: null,
  rbacPolicy: null,
  siweRequiredForCryptoWallets: false,
  vertical: null,
  smsAllowedCountries: null,
  originNotAllowed: null,
});

/** Options of {@link BootstrapClient}. */
export interface BootstrapClientOptions {
  readonly storage?: KeyValueStorage;
  /** Where the consumer/B2B mismatch is reported (spec section 6); `console` by default. */
  readonly logger?: Pick<Console, 'error'>;
}

/** Reads the project configuration: cache first, then the server. */
export class BootstrapClient {
  private readonly http: HttpClient;
  private readonly publicToken: string;
  private readonly storage: KeyValueStorage;
  private readonly logger: Pick<Console, 'error'>;
  private pending: Promise<BootstrapData> | null = null;

  constructor(http: HttpClient, publicToken: string, options: BootstrapClientOptions = {}) {
    this.http = http;
    this.publicToken = publicToken;
    this.storage = options.storage ?? defaultStorage();
    this.logger = options.logger ?? console;
  }

  /** The localStorage key of the cached configuration. */
  get storageKey(): string {
    return `${BOOTSTRAP_STORAGE_PREFIX}${this.publicToken}`;
  }

  /** The cached configuration, or the fallback when nothing (valid) is cached. Never waits. */
  getSync(): BootstrapData {
    const cached = readJson(this.storage, this.storageKey);
    return isCachedBootstrap(cached) ? cached : FALLBACK_BOOTSTRAP;
  }

  /**
   * The configuration from the server, fetched once per client and cached; resolves to the
   * fallback config when the request fails. Never rejects.
   */
  getAsync(): Promise<BootstrapData> {
    this.pending ??= this.fetch();
    return this.pending;
  }

  /** Asks the server again (for example after the project was reconfigured). */
  refresh(): Promise<BootstrapData> {
    this.pending = this.fetch();
    return this.pending;
  }

  private async fetch(): Promise<BootstrapData> {
    try {
      const path = `/projects/bootstrap/${encodeURIComponent(this.publicToken)}`;
      const [body, { toBootstrapData }] = await Promise.all([
        this.http.get(path, isBootstrapResponse),
        import('./bootstrap-data.js'),
      ]);
      const data = toBootstrapData(body);
      writeJson(this.storage, this.storageKey, data);
      // This is a consumer client: a B2B project's token is a mistake (spec section 6).
      if (data.vertical === 'B2B') this.logger.error(Messages.B2B_TOKEN);
      return data;
    } catch {
      return FALLBACK_BOOTSTRAP;
    }
  }
}

function isCachedBootstrap(value: unknown): value is BootstrapData {
  return (
    isObject(value) &&
    typeof value.displayWatermark === 'boolean' &&
    isStringArray(value.emailDomains) &&
    isObject(value.captchaSettings)
  );
}
