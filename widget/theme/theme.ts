/**
 * The theme config as CSS custom properties on the element, with the spec's
 * defaults (container 400px wide, radius 8px; buttons 45px high, radius 4px;
 * inputs 47px; Arial, Helvetica, sans-serif). The sizes are in rem (1rem = 16px
 * at the browser's default text size) so that a guest who enlarges the text
 * enlarges the whole widget; corner radii stay in px. A theme may give px.
 */
import type { WidgetTheme } from '../config/widget-config.js';
import type { CssValueKind } from './css-values.js';

/** The defaults of the spec (section 9). */
export const THEME_DEFAULTS = {
  '--velvet-container-width': '25rem',
  '--velvet-container-radius': '8px',
  '--velvet-container-background': '#ffffff',
  '--velvet-container-border': '#adbcc5',
  '--velvet-primary': '#19303d',
  '--velvet-secondary': '#5c727d',
  '--velvet-success': '#0c5a56',
  '--velvet-error': '#8b1214',
  '--velvet-text': '#19303d',
  '--velvet-title': '#19303d',
  '--velvet-border': '#adbcc5',
  '--velvet-background': '#ffffff',
  '--velvet-font-family': 'Arial, Helvetica, sans-serif',
  '--velvet-font-size': '1rem',
  '--velvet-button-height': '2.8125rem',
  '--velvet-button-radius': '4px',
  '--velvet-button-primary-background': '#19303d',
  '--velvet-button-primary-text': '#ffffff',
  '--velvet-button-primary-border': '#19303d',
  '--velvet-button-secondary-background': '#ffffff',
  '--velvet-button-secondary-text': '#19303d',
  '--velvet-button-secondary-border': '#19303d',
  '--velvet-button-disabled-background': '#f3f5f6',
  '--velvet-button-disabled-text': '#5c727d',
  '--velvet-button-disabled-border': '#f3f5f6',
  '--velvet-button-primary-radius': '4px',
  '--velvet-button-secondary-radius': '4px',
  '--velvet-button-disabled-radius': '4px',
  '--velvet-input-height': '2.9375rem',
  '--velvet-input-radius': '4px',
  '--velvet-input-background': '#ffffff',
  '--velvet-input-border': '#5c727d',
  '--velvet-input-text': '#19303d',
  '--velvet-input-placeholder': '#5c727d',
} as const;

/** A custom property the theme sets. */
export type ThemeProperty = keyof typeof THEME_DEFAULTS;

/** The options of each kind of button (`buttons.primary`, …). */
const BUTTON_OPTIONS = {
  backgroundColor: 'color',
  textColor: 'color',
  borderColor: 'color',
  borderRadius: 'radius',
} as const;

/**
 * The theme's options that set a custom property, each with the kind of CSS value it takes (the
 * config's check, `validate-config.ts`, holds them to it). Each sets the custom property named
 * after it: `--velvet-`, its group's prefix ({@link GROUP_PREFIXES}; inside `buttons`, also the
 * button's kind), then its name without `Color` and with `borderRadius` as `radius`, in kebab
 * case: `inputs.placeholderColor` sets `--velvet-input-placeholder`, `buttons.primary.borderRadius`
 * `--velvet-button-primary-radius`, `typography.fontSize` `--velvet-font-size`. The top-level
 * `fontFamily` comes first, so that `typography.fontFamily` wins over it.
 */
export const THEME_OPTIONS = {
  fontFamily: 'font-family',
  container: {
    backgroundColor: 'color',
    borderColor: 'color',
    borderRadius: 'radius',
    width: 'length',
  },
  colors: { primary: 'color', secondary: 'color', success: 'color', error: 'color' },
  buttons: { primary: BUTTON_OPTIONS, secondary: BUTTON_OPTIONS, disabled: BUTTON_OPTIONS },
  inputs: {
    backgroundColor: 'color',
    borderColor: 'color',
    borderRadius: 'radius',
    placeholderColor: 'color',
    textColor: 'color',
  },
  typography: {
    fontFamily: 'font-family',
    fontSize: 'font-size',
    titleColor: 'color',
    textColor: 'color',
  },
} as const satisfies ThemeOptions;

/** Options by name: a kind of CSS value, or a group of options. */
export interface ThemeOptions {
  readonly [name: string]: CssValueKind | ThemeOptions;
}

/** The prefix of each group's custom properties; none for `colors` and `typography`. */
const GROUP_PREFIXES: Readonly<Record<string, string>> = {
  container: 'container-',
  buttons: 'button-',
  inputs: 'input-',
};

/** Sets in `out` the custom property of each option of `options` that `values` names. */
function setProperties(
  options: ThemeOptions,
  values: unknown,
  prefix: string,
  out: Record<string, string>,
): void {
  for (const [name, option] of Object.entries(options)) {
    const value = (values as Record<string, unknown> | undefined)?.[name];
    if (typeof option === 'object') {
      setProperties(
        option,
        value,
        prefix ? `${prefix}${name}-` : (GROUP_PREFIXES[name] ?? ''),
        out,
      );
    } else if (typeof value === 'string' && value !== '') {
      const property = name
        .replace(/Color$/, '')
        .replace('borderRadius', 'radius')
        .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      out[`--velvet-${prefix}${property}`] = value;
    }
  }
}

/** The custom properties a theme sets (only those it names; the stylesheet holds the defaults). */
export function themeProperties(theme: WidgetTheme): Partial<Record<ThemeProperty, string>> {
  const out: Record<string, string> = {};
  setProperties(THEME_OPTIONS, theme, '', out);
  return out;
}

/** `:host`-level declarations of every default, for the stylesheet. */
export function themeDefaultsCss(): string {
  return Object.entries(THEME_DEFAULTS)
    .map(([name, value]) => `${name}: ${value};`)
    .join('\n');
}
