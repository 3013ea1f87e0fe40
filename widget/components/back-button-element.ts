/**
 * Defines `<velvet-back-button>` for the element's own error screen, which loads it with
 * `import()`. Through this module rather than `back-button.ts` itself: the screens import that
 * one statically, and a chunk that is also imported with `import()` carries a module namespace
 * object and the bundler's runtime for it into every screen's download.
 */
import './back-button.js';
