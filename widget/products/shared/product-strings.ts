/**
 * Texts a product keeps in its own chunk (so pages without it do not download them), overridable
 * by the page through the element's `strings` like the core catalogue's. This module ships in
 * `velvet.js`, whose core texts take their overrides the same way (`withOverrides`), so no product
 * fetches a chunk of its own for it.
 */

/** A catalogue's shape: every text, or a function for texts with values. */
export type StringsOf<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};

/** `defaults` (English, or a locale's) with the page's overrides of the same keys and types on top. */
export function withProductOverrides<T extends object>(
  defaults: T,
  overrides: Readonly<Record<string, unknown>>,
): StringsOf<T> {
  const merged = { ...defaults } as Record<string, unknown>;
  for (const [key, value] of Object.entries(defaults)) {
    const given = overrides[key];
    if (typeof given === typeof value) merged[key] = given;
  }
  return merged as StringsOf<T>;
}
