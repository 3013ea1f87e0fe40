/**
 * The pages of the development identity provider, within the server's page policy (no inline
 * script; forms post to the server itself): the sign-in page where the developer picks a preset
 * person or types one, and the page that returns to the app. Both say plainly that this is a
 * development stand-in, not the real provider.
 */
import { providerLabel as labelOf } from '../../widget/client/oauth-provider-names.js';
import { escapeHtml } from '../http/escape-html.js';
import { PRESET_IDENTITIES } from './test-identities.js';

/** The provider's name as people know it. */
export function providerLabel(provider: string): string {
  return labelOf(provider) ?? provider;
}

const STYLE = `body{font-family:Arial,Helvetica,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#19303d;line-height:1.4}
.banner{background:#fff4d6;border:2px solid #8a5a00;padding:.5rem .75rem;border-radius:.25rem}
button{font:inherit;padding:.5rem .9rem;margin:.25rem 0;border:1px solid #19303d;border-radius:.25rem;background:#fff;color:#19303d;cursor:pointer}
button.primary{background:#19303d;color:#fff}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1b6ac9;outline-offset:2px}
ul{list-style:none;padding:0}
label{display:block;margin:.5rem 0 .25rem}
input[type=text],input[type=email]{font:inherit;width:100%;box-sizing:border-box;padding:.4rem}
.check label{display:inline}
fieldset{border:1px solid #8a9aa5;margin:1rem 0;padding:.5rem 1rem}
a{color:#19303d}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
${STYLE}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The hidden fields that carry the authorization request through a form. */
function hiddenFields(request: Readonly<Record<string, string>>): string {
  return Object.entries(request)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
}

/** What the sign-in page shows. */
export interface SignInPageInput {
  provider: string;
  /** Where the forms post: the authorization endpoint. */
  action: string;
  /** The authorization request's parameters, posted back with the choice. */
  request: Readonly<Record<string, string>>;
  /** Why the typed identity was refused, shown above the form. */
  problem?: string;
}

/** The page where the developer chooses who signs in. */
export function signInPage(input: SignInPageInput): string {
  const label = escapeHtml(providerLabel(input.provider));
  const hidden = hiddenFields(input.request);
  const action = escapeHtml(input.action);
  const presets = PRESET_IDENTITIES.map(
    (person, index) =>
      `<li><button type="submit" name="preset" value="${index}">${escapeHtml(person.name)} &lt;${escapeHtml(person.email)}&gt;${person.emailVerified ? '' : ' (email not verified)'}</button></li>`,
  ).join('\n');
  const problem = input.problem
    ? `<p role="alert" id="problem">${escapeHtml(input.problem)}</p>`
    : '';
  return page(
    `Development sign-in: not the real ${providerLabel(input.provider)}`,
    `<h1>Development sign-in: not the real ${label}</h1>
<p class="banner" data-development-identity-provider>This page is Velvet's development identity provider. It stands in for ${label} on a development server only; nothing is sent to ${label}. Choose who signs in.</p>
<form method="post" action="${action}">
${hidden}
<h2>Sign in as a test person</h2>
<ul>
${presets}
</ul>
<button type="submit" name="decision" value="deny">Cancel (the provider refuses)</button>
</form>
<form method="post" action="${action}">
${hidden}
<fieldset>
<legend>Or type a test person</legend>
${problem}
<label for="dev-name">Name</label>
<input type="text" id="dev-name" name="name" required maxlength="100" autocomplete="off"${input.problem ? ' aria-describedby="problem"' : ''}>
<label for="dev-email">Email (optional)</label>
<input type="email" id="dev-email" name="email" maxlength="254" autocomplete="off">
<p class="check"><input type="checkbox" id="dev-verified" name="email_verified" checked> <label for="dev-verified">${label} says the email is verified</label></p>
<button type="submit" class="primary">Sign in as this person</button>
</fieldset>
</form>`,
  );
}

/** What the page that returns to the app shows. */
export interface ReturnPageInput {
  provider: string;
  /** Who signed in. */
  name: string;
  /** The app's callback with the answer in its query (a GET return). */
  location?: string;
  /** Apple's `response_mode=form_post`: the callback and the fields to post to it. */
  formPost?: { action: string; fields: Readonly<Record<string, string>> };
}

/**
 * The page that hands the answer back to the app: a link (or, for `form_post`, a form) that the
 * served `return.js` follows at once. A page rather than a redirect: the page policy's
 * `form-action` would stop a form's redirect to another origin.
 */
export function returnPage(input: ReturnPageInput, scriptUrl: string): string {
  const label = escapeHtml(providerLabel(input.provider));
  const onward = input.formPost
    ? `<form method="post" action="${escapeHtml(input.formPost.action)}" data-return>
${hiddenFields(input.formPost.fields)}
<button type="submit" class="primary">Continue to the app</button>
</form>`
    : `<p><a href="${escapeHtml(input.location ?? '')}" data-return>Continue to the app</a></p>`;
  return page(
    `Development sign-in: not the real ${providerLabel(input.provider)}`,
    `<h1>Development sign-in: not the real ${label}</h1>
<p class="banner" data-development-identity-provider>Signed in as ${escapeHtml(input.name)} at the development stand-in for ${label}. Returning to the app…</p>
${onward}
<script src="${escapeHtml(scriptUrl)}" defer></script>`,
  );
}

/** `return.js`: follows the return page's link or posts its form. */
export const RETURN_SCRIPT = `const onward = document.querySelector('[data-return]');
if (onward instanceof HTMLFormElement) onward.submit();
else if (onward instanceof HTMLAnchorElement) location.replace(onward.href);
`;

/** A refusal shown as a page (an unknown client, a redirect URI not the app's own). */
export function refusalPage(provider: string, message: string): string {
  const label = escapeHtml(providerLabel(provider));
  return page(
    'Development sign-in refused',
    `<h1>Development sign-in: not the real ${label}</h1>
<p class="banner" data-development-identity-provider>Velvet's development identity provider refused this request.</p>
<p role="alert" data-error>${escapeHtml(message)}</p>`,
  );
}
