/**
 * The changes the demo's controls make to its settings, as pure functions: set one option,
 * switch a product, method or OAuth provider on or off, move one up or down.
 */
import type { OAuthProviderConfig, Product } from '../widget/config/widget-config.js';
import type { OtpMethod } from '../widget/state/widget-state.js';
import { type ConfigPath, getAt, setAt } from './config-path.js';
import type { DemoSettings } from './settings.js';

/** `settings` with `value` at `path` of the configuration (`undefined` removes it). */
export function setOption(settings: DemoSettings, path: ConfigPath, value: unknown): DemoSettings {
  return { ...settings, config: setAt(settings.config, path, value) };
}

/** `list` with `item` moved `by` places, clamped to the ends. */
export function moved<T>(list: readonly T[], item: T, by: -1 | 1): T[] {
  const from = list.indexOf(item);
  const to = Math.min(Math.max(from + by, 0), list.length - 1);
  if (from < 0 || from === to) return [...list];
  const copy = [...list];
  copy.splice(from, 1);
  copy.splice(to, 0, item);
  return copy;
}

function onIn<T>(order: readonly T[], current: readonly unknown[], item: T, on: boolean): T[] {
  return order.filter((candidate) =>
    candidate === item ? on : current.includes(candidate as unknown),
  );
}

function arrayAt(settings: DemoSettings, path: ConfigPath): unknown[] {
  const value = getAt(settings.config, path);
  return Array.isArray(value) ? value : [];
}

/** Switches a product on or off; the products stay in the chosen order. */
export function toggleProduct(settings: DemoSettings, product: Product, on: boolean): DemoSettings {
  const products = onIn(settings.productOrder, arrayAt(settings, ['products']), product, on);
  return setOption(settings, ['products'], products);
}

/** Moves a product up or down the list (and so the widget's sections). */
export function moveProduct(settings: DemoSettings, product: Product, by: -1 | 1): DemoSettings {
  const productOrder = moved(settings.productOrder, product, by);
  const on = arrayAt(settings, ['products']);
  return {
    ...settings,
    productOrder,
    config: setAt(
      settings.config,
      ['products'],
      productOrder.filter((item) => on.includes(item)),
    ),
  };
}

const METHODS_PATH = ['otpOptions', 'methods'];

/** Switches a passcode method on or off. */
export function toggleMethod(settings: DemoSettings, method: OtpMethod, on: boolean): DemoSettings {
  const methods = onIn(settings.methodOrder, arrayAt(settings, METHODS_PATH), method, on);
  return setOption(settings, METHODS_PATH, methods);
}

/** Moves a passcode method up or down (and so the widget's tabs). */
export function moveMethod(settings: DemoSettings, method: OtpMethod, by: -1 | 1): DemoSettings {
  const methodOrder = moved(settings.methodOrder, method, by);
  const on = arrayAt(settings, METHODS_PATH);
  return {
    ...settings,
    methodOrder,
    config: setAt(
      settings.config,
      METHODS_PATH,
      methodOrder.filter((item) => on.includes(item)),
    ),
  };
}

const PROVIDERS_PATH = ['oauthOptions', 'providers'];

/** The providers that are on, with their options. */
export function enabledProviders(settings: DemoSettings): OAuthProviderConfig[] {
  return arrayAt(settings, PROVIDERS_PATH).filter(
    (provider): provider is OAuthProviderConfig =>
      typeof provider === 'object' && provider !== null && 'type' in provider,
  );
}

function withProviders(
  settings: DemoSettings,
  order: readonly string[],
  keep: (type: string) => OAuthProviderConfig | undefined,
): DemoSettings {
  const providers = order.flatMap((type) => {
    const provider = keep(type);
    return provider ? [provider] : [];
  });
  return {
    ...settings,
    providerOrder: order,
    config: setAt(settings.config, PROVIDERS_PATH, providers.length > 0 ? providers : undefined),
  };
}

/** Switches an OAuth provider's button on or off. */
export function toggleProvider(settings: DemoSettings, type: string, on: boolean): DemoSettings {
  const current = new Map(enabledProviders(settings).map((provider) => [provider.type, provider]));
  return withProviders(settings, settings.providerOrder, (candidate) =>
    candidate === type
      ? on
        ? (current.get(type) ?? { type })
        : undefined
      : current.get(candidate),
  );
}

/** Moves an OAuth provider up or down (and so its button). */
export function moveProvider(settings: DemoSettings, type: string, by: -1 | 1): DemoSettings {
  const current = new Map(enabledProviders(settings).map((provider) => [provider.type, provider]));
  return withProviders(settings, moved(settings.providerOrder, type, by), (candidate) =>
    current.get(candidate),
  );
}

/** Sets one option of an enabled provider (`undefined` removes it). */
export function setProviderOption(
  settings: DemoSettings,
  type: string,
  key: keyof OAuthProviderConfig,
  value: unknown,
): DemoSettings {
  const current = new Map(enabledProviders(settings).map((provider) => [provider.type, provider]));
  return withProviders(settings, settings.providerOrder, (candidate) => {
    const provider = current.get(candidate);
    if (!provider || candidate !== type) return provider;
    const next: Record<string, unknown> = { ...provider, [key]: value };
    if (value === undefined || value === '') delete next[key];
    return next as unknown as OAuthProviderConfig;
  });
}
