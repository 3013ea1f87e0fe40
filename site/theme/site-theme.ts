/**
 * The site's look in one place: its palette and type, which feed both the page's CSS custom
 * properties (written into `index.html` at build time by `scripts/site-theme-plugin.ts`, so the
 * first paint already has them) and the sign-in widget's theme config. A host who changes a
 * colour here changes the page and the widget together.
 *
 * Public: it ships in the page's main bundle, so it says nothing about whose party it is.
 */
import type { WidgetTheme } from '../../widget/config/widget-config.js';

/** The colours of the site, by role. */
export interface SitePalette {
  /** The page background (deep purple). */
  readonly ink: string;
  /** Body text on ink and panels. */
  readonly paper: string;
  /** Secondary text. */
  readonly muted: string;
  /** Text of dimmed controls (the non-selected schedule tabs); 4.5:1 on panels. */
  readonly dim: string;
  /** Links, focus rings, small highlights (pink). */
  readonly accent: string;
  /** The main buttons and the dates (gold). */
  readonly sun: string;
  /** The main buttons when hovered. */
  readonly sunLight: string;
  /** The second, cooler glow of the gate's background (cyan). */
  readonly glow: string;
  /** Cards and panels on the ink background. */
  readonly panel: string;
  /** Rules and borders. */
  readonly line: string;
  /** Error text on ink and panels. */
  readonly danger: string;
  /** Success text on ink and panels. */
  readonly success: string;
}

/** The site's type. */
export interface SiteType {
  /** The font stack of everything, headings included. */
  readonly fontFamily: string;
}

/** The whole site theme. */
export interface SiteTheme {
  readonly palette: SitePalette;
  readonly type: SiteType;
}

/** Purple and gold: the party's theme. */
export const siteTheme: SiteTheme = {
  palette: {
    ink: '#1d1230',
    paper: '#f7efe2',
    muted: '#d9cfe6',
    dim: '#b9abcf',
    accent: '#ff8fc0',
    sun: '#ffcf3f',
    sunLight: '#ffe07f',
    glow: '#3fd0ff',
    panel: '#2b1c45',
    line: '#4a3670',
    danger: '#ffb1c1',
    success: '#9be8bf',
  },
  type: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
};

/** A CSS custom property name. */
export type CustomProperty = `--${string}`;

/** `camelCase` as `kebab-case`. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The page's custom properties: one per palette colour (`--ink`, `--sun-light`, …) and
 * `--font-family`. The site's stylesheets use only these.
 */
export function siteCustomProperties(theme: SiteTheme = siteTheme): Record<CustomProperty, string> {
  const properties: Record<CustomProperty, string> = {};
  for (const [name, value] of Object.entries(theme.palette)) {
    properties[`--${kebab(name)}`] = value;
  }
  properties['--font-family'] = theme.type.fontFamily;
  return properties;
}

/** The custom properties as a `:root` rule, for a `<style>` in `index.html`. */
export function siteThemeCss(theme: SiteTheme = siteTheme): string {
  const declarations = Object.entries(siteCustomProperties(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${declarations}}`;
}

/**
 * The sign-in widget's theme config, from the same palette and type: a panel-coloured card with
 * the site's font, gold pill buttons like the gate's own, dark inputs, and no header text (the
 * gate's own heading and wording stand above it).
 */
export function signInTheme(theme: SiteTheme = siteTheme): WidgetTheme {
  const { palette, type } = theme;
  const pill = '999px';
  return {
    container: {
      backgroundColor: palette.panel,
      borderColor: palette.line,
      borderRadius: '1.25rem',
      width: '100%',
    },
    colors: {
      primary: palette.sun,
      secondary: palette.muted,
      success: palette.success,
      error: palette.danger,
    },
    buttons: {
      primary: {
        backgroundColor: palette.sun,
        textColor: palette.ink,
        borderColor: palette.sun,
        borderRadius: pill,
      },
      secondary: {
        backgroundColor: palette.panel,
        textColor: palette.paper,
        borderColor: palette.accent,
        borderRadius: pill,
      },
      disabled: {
        backgroundColor: palette.line,
        textColor: palette.muted,
        borderColor: palette.line,
        borderRadius: pill,
      },
    },
    inputs: {
      backgroundColor: palette.ink,
      borderColor: palette.dim,
      borderRadius: '0.75rem',
      placeholderColor: palette.dim,
      textColor: palette.paper,
    },
    typography: {
      fontFamily: type.fontFamily,
      fontSize: '1rem',
      titleColor: palette.paper,
      textColor: palette.paper,
    },
    hideHeaderText: true,
  };
}

/**
 * The widget's custom properties that its theme config has no key for: the background of its
 * inputs, alerts and toasts, and its lines (the divider, the tabs' rule). Set on the element.
 */
export function signInCustomProperties(
  theme: SiteTheme = siteTheme,
): Record<CustomProperty, string> {
  return {
    '--velvet-background': theme.palette.ink,
    '--velvet-border': theme.palette.line,
  };
}
