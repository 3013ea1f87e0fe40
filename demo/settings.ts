/**
 * The demo's settings: the public token and the widget configuration its controls edit, the
 * configuration a page would write down (options of products that are off left out), and the
 * settings as a shareable URL (`?config=<JSON>&token=<public token>`) and back.
 */

import { OAUTH_PROVIDERS } from '../widget/client/oauth-provider-names.js';
import {
  type OAuthProviderConfig,
  type Product,
  Products,
  type VelvetConfig,
} from '../widget/config/widget-config.js';
import type { OtpMethod } from '../widget/state/widget-state.js';
import { type ConfigObject, pruned } from './config-path.js';

/** Every product of the spec, in the spec's order. */
export const ALL_PRODUCTS: readonly Product[] = Object.values(Products);

/** Every passcode method, in the order the widget's tabs list them by default. */
export const ALL_METHODS: readonly OtpMethod[] = ['sms', 'whatsapp', 'email'];

/** The spec's OAuth providers (section 3), as the client library names them. */
export { OAUTH_PROVIDERS };

/** Where a Google One Tap prompt may show. */
export const ONE_TAP_POSITIONS = [
  'embedded',
  'floating',
  'floatingOrEmbedded',
  'embeddedOnly',
  'forceLegacyEmbedded',
] as const;

/** The URL search parameters the settings live in. */
export const URL_PARAMS = { config: 'config', token: 'token' } as const;

/** The parameter a magic link adds (with its `token`) to the page it opens. */
export const MAGIC_LINK_PARAM = 'stytch_token_type';

/** What the demo's controls edit. */
export interface DemoSettings {
  /** The project's public token the widget and the page's client use. */
  readonly publicToken: string;
  /** Every product, in the order the page lists them; `config.products` holds those on. */
  readonly productOrder: readonly Product[];
  /** Every passcode method in order; `config.otpOptions.methods` holds those on. */
  readonly methodOrder: readonly OtpMethod[];
  /** Every OAuth provider in order; `config.oauthOptions.providers` holds those on. */
  readonly providerOrder: readonly string[];
  /** The configuration as edited, with the options of products that are off kept. */
  readonly config: ConfigObject;
}

/** The configuration a new visitor starts from: passcodes by text, WhatsApp and email. */
export function defaultConfig(): ConfigObject {
  return {
    products: [Products.otp],
    otpOptions: { methods: [...ALL_METHODS], expirationMinutes: 10 },
    sessionOptions: { sessionDurationMinutes: 60 },
    locale: 'en',
  };
}

/** The settings of a new visitor. */
export function defaultSettings(publicToken: string): DemoSettings {
  return fromConfig(defaultConfig(), publicToken);
}

/** Orders `all` with `first` (those of them that are in `all`) at the front. */
function orderWith<T extends string>(first: readonly unknown[], all: readonly T[]): T[] {
  const front = first.filter((item): item is T => all.includes(item as T));
  return [...new Set([...front, ...all])];
}

function objectAt(config: ConfigObject, key: string): ConfigObject | undefined {
  const value = config[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as ConfigObject)
    : undefined;
}

function arrayAt(object: ConfigObject | undefined, key: string): unknown[] {
  const value = object?.[key];
  return Array.isArray(value) ? value : [];
}

/** Settings that show `config` (from a shared link, say). */
export function fromConfig(config: ConfigObject, publicToken: string): DemoSettings {
  const otpOptions = objectAt(config, 'otpOptions') ?? {
    methods: [...ALL_METHODS],
    expirationMinutes: 10,
  };
  const providers = arrayAt(objectAt(config, 'oauthOptions'), 'providers').map((provider) =>
    typeof provider === 'object' && provider !== null
      ? (provider as OAuthProviderConfig).type
      : undefined,
  );
  return {
    publicToken,
    productOrder: orderWith(arrayAt(config, 'products'), ALL_PRODUCTS),
    methodOrder: orderWith(arrayAt(otpOptions, 'methods'), ALL_METHODS),
    providerOrder: orderWith(providers, OAUTH_PROVIDERS),
    config: { ...config, otpOptions },
  };
}

/** The products that are on, in order. */
export function enabledProducts(settings: DemoSettings): Product[] {
  const on = arrayAt(settings.config, 'products');
  return settings.productOrder.filter((product) => on.includes(product));
}

/** Which options belong to a product: left out of the page's configuration when it is off. */
const PRODUCT_OPTIONS: Partial<Record<Product, string>> = {
  otp: 'otpOptions',
  emailMagicLinks: 'emailMagicLinksOptions',
  oauth: 'oauthOptions',
  passwords: 'passwordOptions',
};

/**
 * The configuration a page gives the widget for these settings: products in order, the options
 * of the products that are on, nothing empty.
 */
export function widgetConfig(settings: DemoSettings): Partial<VelvetConfig> {
  const products = enabledProducts(settings);
  const config: ConfigObject = { ...settings.config, products };
  for (const [product, key] of Object.entries(PRODUCT_OPTIONS)) {
    if (!products.includes(product as Product)) delete config[key];
  }
  const { products: _products, ...rest } = pruned(config);
  // `products` first, as a reader expects it; empty arrays survive pruning.
  return { products, ...rest } as Partial<VelvetConfig>;
}

/** The settings as search parameters of `base` (the demo's own URL). */
export function settingsUrl(settings: DemoSettings, base: string, defaultToken: string): string {
  const url = new URL(base);
  url.searchParams.set(URL_PARAMS.config, JSON.stringify(widgetConfig(settings)));
  if (settings.publicToken !== defaultToken) {
    url.searchParams.set(URL_PARAMS.token, settings.publicToken);
  } else {
    url.searchParams.delete(URL_PARAMS.token);
  }
  return url.href;
}

/** What a URL held: its settings, and why its configuration was not used, if it was not. */
export interface LoadedSettings {
  readonly settings: DemoSettings;
  readonly problem?: string;
}

/** The settings a URL holds; the defaults for what it does not hold. */
export function settingsFromUrl(href: string, defaultToken: string): LoadedSettings {
  const params = new URL(href).searchParams;
  // A magic link's `token` is the link's, not a public token (the widget reads and removes it).
  const linkToken = params.has(MAGIC_LINK_PARAM);
  const publicToken = (!linkToken && params.get(URL_PARAMS.token)?.trim()) || defaultToken;
  const text = params.get(URL_PARAMS.config);
  if (text === null) return { settings: defaultSettings(publicToken) };
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('it is not a JSON object');
    }
    return { settings: fromConfig(parsed as ConfigObject, publicToken) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      settings: defaultSettings(publicToken),
      problem: `The link’s configuration could not be read (${reason}); showing the defaults.`,
    };
  }
}
