import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { velvetLoginStyles } from '../widget/element/velvet-login.styles.js';
import { otpStyles } from '../widget/products/otp/otp.styles.js';
import { otpScreenStyles } from '../widget/products/otp/otp-screens.styles.js';
import { THEME_DEFAULTS } from '../widget/theme/theme.js';
import { analyzeElements } from './build-manifest.js';
import {
  cssPropertiesTable,
  TABLE_END,
  TABLE_START,
  velvetLoginCssProperties,
  WIDGET_PAGE_PATH,
  withTable,
} from './docs-css-properties.js';

const manifest = analyzeElements();
const documented = new Map(velvetLoginCssProperties(manifest).map((p) => [p.name, p.default]));

/** `#fff` and `#FFFFFF` as `#ffffff`; other values as written. */
function normalize(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim());
  const long = short
    ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`
    : value;
  return long.trim().toLowerCase();
}

describe('the CSS custom properties: doc comment, theme, stylesheets and docs/widget.md agree', () => {
  test('the manifest gives every custom property of the theme, with the theme’s default', () => {
    const mismatches = Object.entries(THEME_DEFAULTS).flatMap(([name, value]) =>
      documented.get(name) === value
        ? []
        : [`${name}: the theme says ${value}, the doc comment ${documented.get(name)}`],
    );
    assert.deepEqual(mismatches, []);
    const extra = [...documented.keys()].filter((name) => !(name in THEME_DEFAULTS));
    assert.deepEqual(extra, [], 'documented but unknown to the theme');
  });

  test('every literal fallback in the widget’s stylesheets is that default', () => {
    const css = [velvetLoginStyles, otpStyles, otpScreenStyles].join('\n');
    // `var(--velvet-x, literal)` with no parenthesis in the literal: the innermost fallback.
    const mismatches: string[] = [];
    let checked = 0;
    for (const [, name = '', fallback = ''] of css.matchAll(
      /var\(\s*(--velvet-[a-z-]+)\s*,\s*([^()]+?)\s*\)/g,
    )) {
      const expected = (THEME_DEFAULTS as Record<string, string>)[name];
      if (expected === undefined) continue;
      checked += 1;
      if (normalize(fallback) !== normalize(expected)) {
        mismatches.push(`${name}: the CSS falls back to ${fallback}, the default is ${expected}`);
      }
    }
    assert.ok(checked > 20, `only ${checked} fallbacks found`);
    assert.deepEqual([...new Set(mismatches)], []);
  });

  test('the widget page’s table is the one the manifest makes', () => {
    const page = readFileSync(WIDGET_PAGE_PATH, 'utf8');
    assert.ok(page.includes(TABLE_START) && page.includes(TABLE_END), 'the markers are there');
    assert.equal(
      page,
      withTable(page, cssPropertiesTable(manifest)),
      'docs/widget.md is stale: run node --import tsx scripts/docs-css-properties.ts',
    );
    assert.match(page, /\| `--velvet-input-border` \| `#5c727d` \|/);
  });
});
