/**
 * Loads ahead what `<velvet-login>` loads after its first render: the chunks of the configured
 * products and its tabs. The widget grows as each arrives (88 px, then its form, then the tabs
 * above the form), pushing the page's settings down: a layout shift of 0.10 on a phone. With them
 * loaded before the page renders, the widget shows its whole form in its first frame.
 */
import type { VelvetConfig } from '../widget/config/widget-config.js';
import { PRODUCT_LOADERS } from '../widget/products/registry.js';

/**
 * Resolves once the chunks `config` needs are loaded (or failed: the widget then reports the
 * failure itself, as it would without this).
 */
export async function preloadWidget(config: Partial<VelvetConfig>): Promise<void> {
  const loads = (config.products ?? []).flatMap((product) => {
    const load = PRODUCT_LOADERS[product];
    return load ? [load()] : [];
  });
  await Promise.allSettled([...loads, import('../widget/components/tabs.js')]);
}
