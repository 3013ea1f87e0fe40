/**
 * The embed panel: the code for the current settings (the script tag and the element, or the
 * React wrapper) and the link that restores them, each with a Copy button that says whether
 * the copy worked.
 */
import { html, type TemplateResult } from 'lit';

/** The things a page can copy. */
export type Copyable = 'html' | 'react' | 'link';

/** What the panel shows. */
export interface EmbedView {
  readonly html: string;
  readonly react: string;
  readonly link: string;
  /** The outcome of the last copy of each thing. */
  readonly copied: Partial<Record<Copyable, string>>;
}

/** Copies `text` with the Clipboard API; resolves to the message to show. */
export async function copyText(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return 'Copied to the clipboard.';
  } catch {
    return 'Could not copy: select the text and copy it by hand.';
  }
}

function block(
  which: Copyable,
  title: string,
  text: string,
  view: EmbedView,
  onCopy: (which: Copyable) => void,
): TemplateResult {
  const id = `embed-${which}`;
  return html`<div class="snippet">
    <div class="snippet-head">
      <h3 id=${`${id}-title`}>${title}</h3>
      <button
        type="button"
        id=${`${id}-copy`}
        aria-labelledby=${`${id}-copy ${id}-title`}
        @click=${() => onCopy(which)}
      >
        Copy
      </button>
      <span class="copied" role="status">${view.copied[which] ?? ''}</span>
    </div>
    <pre tabindex="0" aria-labelledby=${`${id}-title`} id=${id}><code>${text}</code></pre>
  </div>`;
}

/** The embed panel. */
export function embedPanel(view: EmbedView, onCopy: (which: Copyable) => void): TemplateResult {
  return html`<section class="panel" aria-labelledby="embed-title">
    <h2 id="embed-title">Embed it</h2>
    <p class="hint">
      The code for these settings. The page embedding it must be on the project’s list of authorized
      origins: add the page’s origin (such as <code>http://localhost:3000</code>) to
      <code>authorizedOrigins</code> in <code>velvet.config.json</code>, or, with the development
      project, start the server with <code>VELVET_DEV_ORIGINS=http://localhost:3000</code>
      (comma-separated). On a page that is not listed, the widget says so in the console and
      through <code>onError</code> (<code>origin_not_allowed</code>, in the
      <a href="/docs/errors#origin_not_allowed">error catalogue</a>).
    </p>
    <p class="hint">
      The script tag pins this server’s release of the widget: its versioned URL, cached for a year,
      and the file’s <code>integrity</code> hash. To follow upgrades instead, load
      <code>/widget/velvet.js</code> without <code>integrity</code>.
    </p>
    ${block('html', 'HTML: the script tag and the element', view.html, view, onCopy)}
    ${block('react', 'React: the wrapper', view.react, view, onCopy)}
    ${block('link', 'A link to these settings', view.link, view, onCopy)}
  </section>`;
}
