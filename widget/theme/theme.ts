/**
 * The theme config as CSS custom properties on the element, with the spec's
 * defaults (container 400px wide, radius 8px; buttons 45px high, radius 4px;
 * inputs 47px; Arial, Helvetica, sans-serif). The sizes are in rem (1rem = 16px
 * at the browser's default text size) so that a guest who enlarges the text
 * enlarges the whole widget; corner radii stay in px. A theme may give px.
 */
import type { WidgetTheme } from '../config/widget-config.js';

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

/** The custom properties a theme sets (only those it names; the stylesheet holds the defaults). */
export function themeProperties(theme: WidgetTheme): Partial<Record<ThemeProperty, string>> {
  const out: Partial<Record<ThemeProperty, string>> = {};
  const set = (name: ThemeProperty, value: string | undefined) => {
    if (value !== undefined && value !== '') out[name] = value;
  };
  set('--velvet-container-width', theme.container?.width);
  set('--velvet-container-radius', theme.container?.borderRadius);
  set('--velvet-container-background', theme.container?.backgroundColor);
  set('--velvet-container-border', theme.container?.borderColor);
  set('--velvet-primary', theme.colors?.primary);
  set('--velvet-secondary', theme.colors?.secondary);
  set('--velvet-success', theme.colors?.success);
  set('--velvet-error', theme.colors?.error);
  set('--velvet-font-family', theme.typography?.fontFamily ?? theme.fontFamily);
  set('--velvet-font-size', theme.typography?.fontSize);
  set('--velvet-title', theme.typography?.titleColor);
  set('--velvet-text', theme.typography?.textColor);
  for (const kind of ['primary', 'secondary', 'disabled'] as const) {
    const button = theme.buttons?.[kind];
    set(`--velvet-button-${kind}-background`, button?.backgroundColor);
    set(`--velvet-button-${kind}-text`, button?.textColor);
    set(`--velvet-button-${kind}-border`, button?.borderColor);
    set(`--velvet-button-${kind}-radius`, button?.borderRadius);
  }
  set('--velvet-input-background', theme.inputs?.backgroundColor);
  set('--velvet-input-border', theme.inputs?.borderColor);
  set('--velvet-input-radius', theme.inputs?.borderRadius);
  set('--velvet-input-placeholder', theme.inputs?.placeholderColor);
  set('--velvet-input-text', theme.inputs?.textColor);
  return out;
}

/** `:host`-level declarations of every default, for the stylesheet. */
export function themeDefaultsCss(): string {
  return Object.entries(THEME_DEFAULTS)
    .map(([name, value]) => `${name}: ${value};`)
    .join('\n');
}
