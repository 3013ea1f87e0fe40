/**
 * The main screen's layout rules (spec section 2): sections follow the configured product order
 * (OAuth buttons, crypto wallet buttons, one tabbed email/phone form), and a divider goes before
 * the last section when both button products and form products are present.
 */
import type { Product } from '../config/widget-config.js';

/** A section of the main screen. */
export type MainSection = 'oauth' | 'crypto' | 'form';

/** The products whose methods share the one tabbed form. */
const FORM_PRODUCTS: readonly Product[] = ['emailMagicLinks', 'otp', 'passwords'];

/** The sections for `products` in order, each once, and whether a divider precedes the last. */
export function mainLayout(products: readonly Product[]): {
  sections: MainSection[];
  dividerBeforeLast: boolean;
} {
  const sections: MainSection[] = [];
  for (const product of products) {
    const section: MainSection | undefined = FORM_PRODUCTS.includes(product)
      ? 'form'
      : product === 'oauth' || product === 'crypto'
        ? product
        : undefined;
    if (section && !sections.includes(section)) sections.push(section);
  }
  const hasButtons = sections.some((section) => section !== 'form');
  const hasForm = sections.includes('form') || products.includes('passwords');
  return { sections, dividerBeforeLast: hasButtons && hasForm && sections.length > 1 };
}
