/**
 * The page of the authorization and end-session endpoints: it mounts
 * `<velvet-identity-provider>`, which reads the request from the page's query (consent, or
 * logout when `post_logout_redirect_uri` is present) and signs the user in first when needed.
 * No inline script: the page's Content-Security-Policy runs only the server's own files.
 */

import { escapeHtml } from '../../http/escape-html.js';
import type { Project } from '../../projects/projects-repository.js';

/**
 * The sign-in widget's config for the project: its products, in its order, and its passcode
 * channels. Every configuration a project may have (`server/config/config.ts` refuses passkeys
 * as the only product) is one the widget accepts and signs in with:
 * - OAuth: a button per provider the project configures. The page's widget starts the provider's
 *   sign-in with this page's own address (the authorization request) as its login and sign-up
 *   redirect, which the OAuth start accepts on the server's own origin (`authorizationReturn`),
 *   so the provider's callback brings the visitor back to the same request; the page then
 *   authenticates the `token` of the address, removes it, and goes on to the consent.
 * - Email magic links (without email passcodes): the Email tab sends the link with this page's
 *   own address as its login and sign-up URL, which the send accepts by the same rule as OAuth's
 *   (`authorizationReturn`), so the link opens the same request; the page authenticates its
 *   `token`, removes it, and goes on to the consent.
 * - Email magic links and email passcodes together are the widget's configuration error (spec
 *   section 5: 'Cannot use both EML and Email OTP'); the Email tab is then passcodes, as the
 *   demo's <velvet-login> does for the development project (its default config: passcodes by
 *   text, WhatsApp and email): the visitor types the code on this page and goes on to the
 *   consent, where a link would open the project's magic-link landing page instead.
 */
export function signInConfig(project: Project): Record<string, unknown> {
  const { settings } = project;
  const emailPasscodes =
    settings.products.includes('otp') && settings.otp.methods.includes('email');
  const providers = Object.keys(settings.oauth.providers).map((type) => ({ type }));
  return {
    products: settings.products.filter(
      (product) => !(product === 'emailMagicLinks' && emailPasscodes),
    ),
    otpOptions: {
      methods: settings.otp.methods,
      expirationMinutes: settings.otp.defaultExpirationMinutes,
    },
    ...(settings.products.includes('oauth') && { oauthOptions: { providers } }),
  };
}

/** The HTML of the consent and logout page. */
export function idpPage(project: Project): string {
  const config = escapeHtml(JSON.stringify(signInConfig(project)));
  const name = escapeHtml(project.name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${name}: sign in</title>
<link rel="stylesheet" href="/oauth-assets/idp-page.css">
<script type="module" src="/widget/velvet.js"></script>
<script type="module" src="/widget/identity-provider.js"></script>
</head>
<body>
<main>
<h1 class="idp-project">${name}</h1>
<velvet-identity-provider public-token="${escapeHtml(project.publicToken)}" config="${config}"></velvet-identity-provider>
<noscript>This page needs JavaScript to sign you in.</noscript>
</main>
</body>
</html>
`;
}

/** The page's few styles (served as a file: the policy allows no inline script, and styles stay tidy). */
export const IDP_PAGE_CSS = `body{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f5f5f7;color:#1d1d1f}
main{max-width:440px;margin:48px auto;padding:0 16px}
.idp-project{font-size:1.25rem;text-align:center;margin:0 0 16px}`;
