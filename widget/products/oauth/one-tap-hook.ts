/**
 * Where Google One Tap plugs into the OAuth product. One Tap is its own module (built apart from
 * the redirect flow); the OAuth buttons ask this hook whether a configured Google provider has
 * `one_tap: true`, and if so load the module and render what it returns above the buttons (or
 * instead of them, when the spec's prompt-alone rule holds: OAuth is the only product, Google
 * the only provider, `one_tap` true and its position valid).
 *
 * The module is `widget/products/one-tap/one-tap-plugin.ts`, loaded through that product's
 * `index.ts` (its own chunk, with Google's script loader): pages whose providers do not ask for
 * One Tap download none of it.
 */
import type { TemplateResult } from 'lit';
import type { OAuthProviderConfig } from '../../config/widget-config.js';
import type { ProductContext } from '../product.js';

/** What the One Tap module gives the OAuth product. */
export interface OneTapPlugin {
  /** Whether the prompt stands alone (no buttons) for this configuration. */
  alone(context: ProductContext, provider: OAuthProviderConfig): boolean;
  /** The prompt (or its error states, spec sections 4 and 8). */
  render(context: ProductContext, provider: OAuthProviderConfig): TemplateResult;
}

/** Loads the One Tap module. */
export const ONE_TAP_LOADER: (() => Promise<{ default: OneTapPlugin }>) | undefined = () =>
  import('../one-tap/index.js');

/** The Google provider that asks for One Tap, if the page configured one. */
export function oneTapProvider(
  providers: readonly OAuthProviderConfig[],
): OAuthProviderConfig | undefined {
  return providers.find((provider) => provider.type === 'google' && provider.one_tap === true);
}
