/**
 * The one markup the hosts' content may use: Markdown-style links, `[words](https://…)`, in
 * running text. Only `https:`, `mailto:` and `tel:` targets become links; any other target
 * (`javascript:`, `data:`, `http:`, a relative path, an address with a user name in it…) leaves
 * its words as plain text and drops the target. Everything else is text: React escapes it.
 */

/** A piece of text: plain words, or words that link to a checked target. */
export type InlineSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

/**
 * `[words](target)`: words without brackets or line breaks; a target without spaces, which may
 * hold one level of balanced parentheses (as Wikipedia's addresses do).
 */
const LINK = /\[([^[\]\n]+)\]\(([^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\)/g;

/** Whether `target` holds a space or a control character, which no accepted target contains. */
function hasUnsafeCharacters(target: string): boolean {
  if (/\s/.test(target)) return true;
  return [...target].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });
}

/** The schemes a target may have, as `new URL` names them. */
const SAFE_PROTOCOLS = new Set(['https:', 'mailto:', 'tel:']);

/**
 * `target` as a link's `href` when it is an absolute `https:` (with a host and no user name or
 * password), `mailto:` or `tel:` URL, else `undefined`.
 */
export function safeHref(target: string): string | undefined {
  if (hasUnsafeCharacters(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return undefined;
  }
  const protocol = url.protocol;
  // The scheme as written, not only as parsed: `new URL` forgives what a browser may not.
  if (!SAFE_PROTOCOLS.has(protocol) || !target.toLowerCase().startsWith(protocol)) {
    return undefined;
  }
  if (protocol === 'https:' && (!url.hostname || url.username || url.password)) return undefined;
  if (protocol === 'tel:' && !/^tel:\+?[\d().-]+$/i.test(target)) return undefined;
  if (protocol === 'mailto:' && !/^mailto:[^@]+@[^@?]+(\?.*)?$/i.test(target)) return undefined;
  return url.href;
}

/**
 * Every link `text` writes, `[words](target)`, with its target as written (safe or not): what
 * the hosts' content checks before it is saved, so a link that would lose its target is refused
 * with a message instead.
 */
export function writtenLinks(text: string): { words: string; target: string }[] {
  return [...text.matchAll(LINK)].map(([, words = '', target = '']) => ({ words, target }));
}

/** `text` as plain and link segments, in order. */
export function inlineSegments(text: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [source, words = '', target = ''] = match;
    plain += text.slice(last, match.index);
    last = match.index + source.length;
    const href = safeHref(target);
    if (!href) {
      plain += words;
      continue;
    }
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push({ kind: 'link', text: words, href });
  }
  plain += text.slice(last);
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/**
 * `text` without markup, for places that show no links (a calendar's description): each link as
 * `words (target)`, the target without its `mailto:` or `tel:`.
 */
export function plainText(text: string): string {
  return inlineSegments(text)
    .map((segment) =>
      segment.kind === 'text'
        ? segment.text
        : `${segment.text} (${segment.href.replace(/^(mailto|tel):/i, '')})`,
    )
    .join('');
}

/** The words `text` shows on the page: its plain text and its links' words, without targets. */
export function shownText(text: string): string {
  return inlineSegments(text)
    .map((segment) => segment.text)
    .join('');
}
