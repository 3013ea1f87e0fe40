/**
 * The code a page copies to embed the widget with the demo's settings: the script tag and the
 * element with its JSON configuration, or the React wrapper with the same props.
 */
import type { VelvetConfig } from '../widget/config/widget-config.js';
import type { WidgetRelease } from './widget-release.js';

/** What a snippet is made of. */
export interface SnippetInput {
  /** The Velvet server's origin, e.g. `https://party.example`. */
  readonly origin: string;
  readonly publicToken: string;
  readonly config: Partial<VelvetConfig>;
  /**
   * The server's widget release: the script tag then pins its versioned URL with its integrity
   * hash; without it, the `/widget/velvet.js` alias, which follows upgrades.
   */
  readonly release?: WidgetRelease | undefined;
}

/** Escapes text for an HTML attribute value in double quotes. */
export function escapeDoubleQuoted(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}

/** Escapes text for an HTML attribute value in single quotes (JSON reads best that way). */
export function escapeSingleQuoted(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
}

/** A JSON string literal, escapes and all. */
const JSON_STRING = String.raw`"[^"\\]*(?:\\.[^"\\]*)*"`;
/** An array of strings and numbers only, as `JSON.stringify(…, null, 2)` spreads it. */
const FLAT_ARRAY = new RegExp(String.raw`\[\s*((?:(?:${JSON_STRING}|-?[\d.]+)\s*,?\s*)+)\]`, 'g');

/** JSON indented by two spaces, with arrays of strings and numbers kept on one line. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    FLAT_ARRAY,
    (_match, items: string) =>
      `[${items
        .trim()
        .split(/\s*\n\s*/)
        .join(' ')}]`,
  );
}

/**
 * The widget's script tag: the release's immutable URL with `integrity` and `crossorigin` (the
 * browser refuses a file whose hash differs), or the alias when the release is not known.
 */
export function scriptTag(origin: string, release: WidgetRelease | undefined): string {
  if (!release) {
    return `<script type="module" src="${escapeDoubleQuoted(`${origin}/widget/velvet.js`)}"></script>`;
  }
  const src = `${origin}/widget/v${release.version}/velvet.js`;
  return `<script
  type="module"
  src="${escapeDoubleQuoted(src)}"
  integrity="${escapeDoubleQuoted(release.integrity)}"
  crossorigin="anonymous"
></script>`;
}

/** The script tag and the element, for any HTML page. */
export function htmlSnippet({ origin, publicToken, config, release }: SnippetInput): string {
  const json = prettyJson(config).replaceAll('\n', '\n  ');
  return `${scriptTag(origin, release)}
<velvet-login
  public-token="${escapeDoubleQuoted(publicToken)}"
  api-base="${escapeDoubleQuoted(origin)}"
  config='${escapeSingleQuoted(json)}'
></velvet-login>
<script type="module">
  const login = document.querySelector('velvet-login');
  login.addEventListener('velvet-event', (event) => console.log(event.detail));
  login.addEventListener('velvet-error', (event) => console.error(event.detail));
</script>
`;
}

/** The React wrapper with the same props (React 19; the `velvet-login-react` package). */
export function reactSnippet({ origin, publicToken, config }: SnippetInput): string {
  return `// npm install velvet-login-react velvet-login-element react
import { VelvetLogin } from 'velvet-login-react';

const config = ${prettyJson(config)};

export function SignIn() {
  return (
    <VelvetLogin
      publicToken=${JSON.stringify(publicToken)}
      apiBase=${JSON.stringify(origin)}
      config={config}
      onEvent={(event) => console.log(event.type, event.data)}
      onError={(error) => console.error(error.message)}
    />
  );
}
`;
}
