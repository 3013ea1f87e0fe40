/**
 * Whether a theme value is something the browser can use. A value it cannot parse would make
 * its custom property invalid where it is used (a transparent button, say) instead of falling
 * back to the default, so the widget leaves such values out and says so on the console, and
 * the demo flags them beside their controls. The browser decides (`CSS.supports`); without a
 * `CSS` object (a server) every value passes.
 */

/** The kinds of value the theme takes. */
export const CssValueKind = {
  COLOR: 'color',
  LENGTH: 'length',
  RADIUS: 'radius',
  FONT_FAMILY: 'font-family',
  FONT_SIZE: 'font-size',
} as const;

/** One of {@link CssValueKind}. */
export type CssValueKind = (typeof CssValueKind)[keyof typeof CssValueKind];

/** The CSS property each kind is tried on, and how the kind is named in messages. */
const KINDS: Readonly<Record<CssValueKind, { property: string; name: string }>> = {
  color: { property: 'color', name: 'a CSS colour' },
  length: { property: 'width', name: 'a CSS length' },
  radius: { property: 'border-radius', name: 'a CSS length' },
  'font-family': { property: 'font-family', name: 'a CSS font family' },
  'font-size': { property: 'font-size', name: 'a CSS font size' },
};

/** How a kind is named in messages: `a CSS colour`, `a CSS length`… */
export function describeCssValue(kind: CssValueKind): string {
  return KINDS[kind].name;
}

/**
 * Whether the browser accepts `value` as a value of this kind. Declarations smuggled in
 * (`red; display: none`) and empty text are refused.
 */
export function isCssValue(kind: CssValueKind, value: string): boolean {
  if (value.trim() === '' || /[;{}]/.test(value)) return false;
  const css = (globalThis as { CSS?: { supports?(property: string, value: string): boolean } }).CSS;
  if (typeof css?.supports !== 'function') return true;
  return css.supports(KINDS[kind].property, value);
}
