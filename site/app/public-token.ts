/**
 * The site project's public token, which the server writes into `index.html`
 * (`<meta name="velvet-public-token">`) when it serves the page.
 */

/** The name of the meta tag holding the token. */
export const PUBLIC_TOKEN_META = 'velvet-public-token';

/**
 * The token from the page's meta tag.
 * @throws Error when the page was not served by Velvet (the placeholder is still there).
 */
export function readPublicToken(document: Document): string {
  const token = document
    .querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_TOKEN_META}"]`)
    ?.content.trim();
  if (!token || token.startsWith('__')) {
    throw new Error(
      'No public token in index.html: serve the site with the Velvet server (npm start) or Vite (npm run dev).',
    );
  }
  return token;
}
