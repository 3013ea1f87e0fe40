/**
 * Message text with its `http(s)` links made clickable (spec section 8: provider links inside
 * messages are clickable). The text is only ever rendered as text, never parsed as HTML, and
 * only `http://` and `https://` URLs become links; `javascript:` and the rest stay text.
 */
import { html, type TemplateResult } from 'lit';

/** A piece of message text: plain text, or an `http(s)` URL to render as a link. */
export type TextPiece = { readonly kind: 'text'; readonly text: string } | LinkPiece;

/** A URL found in message text. */
export interface LinkPiece {
  readonly kind: 'link';
  readonly href: string;
}

/** `http://` or `https://` and everything up to the next white space or angle bracket. */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING_PUNCTUATION = /[.,;:!?'"\]]+$/;

/**
 * Splits `text` into plain text and `http(s)` links, so a template can render each piece
 * without ever parsing the text as HTML. Sentence punctuation after a URL stays text, and a
 * closing parenthesis stays text unless the URL opened one.
 */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const href = trimUrl(match[0]);
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    const opens = trimmed.split('(').length - 1;
    const closes = trimmed.split(')').length - 1;
    const next = trimmed.endsWith(')') && closes > opens ? trimmed.slice(0, -1) : trimmed;
    if (next === url) return url;
    url = next;
  }
}

/** How {@link linkedText} marks its links. */
export interface LinkLook {
  /** The links' class. */
  readonly className: string;
  /** The links' `part`. */
  readonly part: string;
}

/**
 * `text` as a template: its text as text, each `http(s)` URL as a link that opens in a new tab
 * (`rel="noopener noreferrer"`).
 */
export function linkedText(text: string, look: LinkLook): (string | TemplateResult)[] {
  return splitLinks(text).map((piece) =>
    piece.kind === 'text'
      ? piece.text
      : html`<a
          class=${look.className}
          part=${look.part}
          href=${piece.href}
          target="_blank"
          rel="noopener noreferrer"
          >${piece.href}</a
        >`,
  );
}
