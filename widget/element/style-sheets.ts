/**
 * The widget's CSS as constructable style sheets, shared by every `<velvet-login>` on the page.
 * With shadow DOM on, a shadow root adopts the sheets as written. With it off, the same CSS is
 * scoped to the element by nesting it under `velvet-login` (`:host` becomes `&`) and adopted
 * once by the document (or the shadow root the element sits in).
 */

/** How a sheet is used. */
export type StyleMode = 'shadow' | 'light';

const sheets = new Map<string, CSSStyleSheet>();
const adopted = new WeakMap<Document | ShadowRoot, Set<CSSStyleSheet>>();

/** `@keyframes` blocks may not sit inside a style rule: they stay at the top of a scoped sheet. */
const KEYFRAMES = /@keyframes\s+[\w-]+\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g;

/** `css` nested under `tag`, for use without a shadow root. */
export function scopeCss(css: string, tag: string): string {
  const keyframes = css.match(KEYFRAMES) ?? [];
  const rules = css.replace(KEYFRAMES, '').replaceAll(':host', '&');
  return `${keyframes.join('\n')}\n${tag} {\n${rules}\n}`;
}

/**
 * The sheet of `css` for `mode` and `tag` (made once, then shared). The tag is in the key: a page
 * that bundles `<velvet-login>` with `<velvet-passkey-registration>` (the demo does) gets the
 * same CSS scoped to each.
 */
export function styleSheet(css: string, mode: StyleMode, tag: string): CSSStyleSheet {
  const key = mode + tag + css;
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(mode === 'shadow' ? css : scopeCss(css, tag));
    sheets.set(key, sheet);
  }
  return sheet;
}

/**
 * The event by which a part whose module loads lazily (the alert, the tabs) asks the widget it
 * sits in for its CSS, so that the CSS comes with the part's chunk instead of with every page's
 * first render. `<velvet-login>` adopts it and stops the event.
 */
export const STYLES_EVENT = 'velvet-styles';

/** Asks the widget around `part` to adopt `css` (see {@link STYLES_EVENT}). */
export function requestStyles(part: HTMLElement, css: string): void {
  part.dispatchEvent(new CustomEvent(STYLES_EVENT, { detail: css, bubbles: true, composed: true }));
}

/** Adds `sheet` to the sheets `root` adopts, once. */
export function adoptOnce(root: Document | ShadowRoot, sheet: CSSStyleSheet): void {
  let known = adopted.get(root);
  if (!known) {
    known = new Set();
    adopted.set(root, known);
  }
  if (known.has(sheet) || root.adoptedStyleSheets.includes(sheet)) return;
  known.add(sheet);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
