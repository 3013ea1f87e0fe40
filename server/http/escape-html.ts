/** HTML escaping, written once for every page and email the server renders. */

/** The five characters that can end text or a quoted attribute, and what stands in for them. */
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `text` made safe inside an HTML element or an attribute quoted with `"` or `'`: `& < > " '`
 * become character references, everything else is left as it is.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
