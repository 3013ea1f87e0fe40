/**
 * Google One Tap's English texts. They load with the One Tap chunk, so pages without it download
 * none of them (nor their translations, `widget/strings/one-tap-<language>.ts`); a page overrides
 * them through the element's `strings`. The developer-facing
 * errors read 'One Tap could not load: <reason>' (spec section 8); the widget shows them too.
 */
import type { ProductContext } from '../product.js';
import { type StringsOf, withProductOverrides } from '../shared/product-strings.js';

/** The texts. */
export const oneTapStrings = {
  oneTapPending: 'Loading Google sign-in…',
  oneTapCouldNotLoad: (reason: string) => `One Tap could not load: ${reason}`,
  oneTapNoClient:
    'no Google client is configured for this project (oauth_config_not_found). Add oauth.providers.google.clientId, the client ID from the Google Cloud console, to the project in velvet.config.json.',
  oneTapNoLoginUrls:
    'no login redirect URLs are set for this project, so oauthOptions.loginRedirectURL cannot be checked. List them in oauth.loginRedirectURLs in velvet.config.json.',
  oneTapNoSignupUrls:
    'no signup redirect URLs are set for this project, so oauthOptions.signupRedirectURL cannot be checked. List them in oauth.signupRedirectURLs in velvet.config.json.',
  oneTapHostNotAllowed: (host: string) =>
    `the host ${host} is not allowed for this Google client. Add the page's origin to the client's Authorized JavaScript origins in the Google Cloud console (for development, both http://localhost and http://localhost:<port>).`,
  oneTapInvalidClient:
    'Google does not recognise the client ID configured for this project. Check that oauth.providers.google.clientId matches the client ID in the Google Cloud console.',
  oneTapDefaultProvider:
    'the default OAuth provider is not compatible with One Tap. Configure your own Google client (oauth.providers.google.clientId).',
  oneTapScriptFailed: 'Google’s sign-in script (accounts.google.com/gsi/client) did not load.',
} as const;

/** Their shape. */
export type OneTapStrings = StringsOf<typeof oneTapStrings>;

/** The languages with a translation of these texts besides English, each its own chunk. */
const TRANSLATIONS: Readonly<Record<string, () => Promise<{ default: OneTapStrings }>>> = {
  es: () => import('../../strings/one-tap-es.js'),
  fr: () => import('../../strings/one-tap-fr.js'),
};

/** The texts in the language of `locale` (`es`, `fr-CA`…); `undefined` for English and others. */
export async function loadOneTapTranslation(locale: string): Promise<OneTapStrings | undefined> {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  const load = Object.hasOwn(TRANSLATIONS, language) ? TRANSLATIONS[language] : undefined;
  return load ? (await load()).default : undefined;
}

/** The texts in `translation` (English when none), with the page's overrides. */
export function oneTapTexts(context: ProductContext, translation?: OneTapStrings): OneTapStrings {
  return withProductOverrides(translation ?? oneTapStrings, context.pageStrings);
}
