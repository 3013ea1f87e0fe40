/**
 * The OAuth flow in the widget: a button sends the browser to the provider (through the client
 * library, which keeps the PKCE verifier); the page the provider's answer opens
 * (`?stytch_token_type=oauth&token=…`) signs in by itself, as a magic link's page does.
 */
import type { OAuthProviderConfig } from '../../config/widget-config.js';
import { sessionMinutes } from '../../config/widget-config.js';
import type { ProductContext } from '../product.js';
import { RedirectLanding } from '../shared/redirect-landing.js';

/** The tokens of OAuth redirects that land on this page. */
const landing = new RedirectLanding('oauth');

/** Sends the browser to `provider`'s sign-in with the page's `oauthOptions`. */
export async function startProvider(
  provider: OAuthProviderConfig,
  context: ProductContext,
): Promise<void> {
  const options = context.config.oauthOptions;
  try {
    const client = await context.busy(context.client());
    await context.busy(
      client.oauth.start(provider.type, {
        ...(options?.loginRedirectURL && { login_redirect_url: options.loginRedirectURL }),
        ...(options?.signupRedirectURL && { signup_redirect_url: options.signupRedirectURL }),
        ...(provider.custom_scopes && { custom_scopes: provider.custom_scopes }),
        ...(provider.provider_params && { provider_params: provider.provider_params }),
      }),
    );
  } catch (error) {
    context.dispatch({ type: 'set-error', error: { message: context.reportError(error) } });
  }
}

/** Whether this page signed in from an OAuth redirect (the buttons then show success). */
let signedIn = false;

/** Whether the page signed in from the redirect that opened it. */
export function signedInFromRedirect(): boolean {
  return signedIn;
}

/** Whether this page is completing (or completed) an OAuth sign-in: One Tap stays away then. */
export function completingOAuth(): boolean {
  return landing.taken;
}

/**
 * Signs in with the token of the redirect that opened the page, once per page: the success shows
 * where the buttons were, or the error shows on the main screen (where the buttons stay).
 */
export function completeFromUrl(context: ProductContext): void {
  const token = landing.take();
  if (!token) return;
  signedIn = false;
  void (async () => {
    try {
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.oauth.authenticate(token, {
          session_duration_minutes: sessionMinutes(context.config),
        }),
      );
      signedIn = true;
      context.emitEvent('OAUTH_AUTHENTICATE', { ...response });
      context.completeFlow();
      context.dispatch({ type: 'clear-error' });
    } catch (error) {
      context.dispatch({ type: 'set-error', error: { message: context.reportError(error) } });
    }
  })();
}
