/**
 * The magic-link flow: send a link for the typed address (with the page's
 * `emailMagicLinksOptions`), and complete the sign-in when the page was opened from a link.
 */
import type { VelvetClient } from '../../client/velvet-client.js';
import { sessionMinutes } from '../../config/widget-config.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { RedirectLanding } from '../shared/redirect-landing.js';

/** The tokens of magic links that land on this page. */
const landing = new RedirectLanding('magic_links');

/** The telemetry `type` of the magic-link login-or-create flow. */
export const MAGIC_LINK_FLOW_TYPE = 'login_or_create_eml';

/** Loads the confirmation screen (a chunk of its own), started as the link is sent. */
export function loadMagicLinkScreens(): Promise<unknown> {
  return import('./magic-link-confirmation-screen.js');
}

/** The send options in Stytch's names, from the page's `emailMagicLinksOptions` and `locale`. */
export function sendOptions(context: ProductContext): Record<string, string | number | boolean> {
  const options = context.config.emailMagicLinksOptions ?? {};
  const body: Record<string, string | number | boolean> = {};
  if (options.loginRedirectURL) body.login_magic_link_url = options.loginRedirectURL;
  if (options.signupRedirectURL) body.signup_magic_link_url = options.signupRedirectURL;
  if (options.loginExpirationMinutes !== undefined)
    body.login_expiration_minutes = options.loginExpirationMinutes;
  if (options.signupExpirationMinutes !== undefined)
    body.signup_expiration_minutes = options.signupExpirationMinutes;
  if (options.createUserAsPending !== undefined)
    body.create_user_as_pending = options.createUserAsPending;
  // The language the server writes the email in.
  if (context.config.locale) body.locale = context.config.locale;
  return body;
}

/** Sends a link to `email`, then shows Email Confirmation (the Email tab's action). */
export async function sendMagicLink(email: string, context: ProductContext): Promise<void> {
  void loadMagicLinkScreens();
  const client = await context.busy(context.client());
  const response = await context.busy(
    client.magicLinks.email.loginOrCreate(email, sendOptions(context)),
  );
  client.telemetry.logEvent('email_sent', { email, type: MAGIC_LINK_FLOW_TYPE });
  context.dispatch({ type: 'set-magic-link-email', email });
  context.emitEvent('MAGIC_LINK_LOGIN_OR_CREATE', { ...response, email });
  context.dispatch({ type: 'transition', screen: Screen.EmailConfirmation });
}

/**
 * Signs in with the token of the link that opened the page, once per page: the success screen
 * follows, or the error shows on the main screen (where a new link can be asked for).
 */
export function completeFromUrl(context: ProductContext): void {
  const token = landing.take();
  if (!token) return;
  void loadMagicLinkScreens();
  void (async () => {
    let client: VelvetClient | undefined;
    try {
      client = await context.busy(context.client());
      const response = await context.busy(
        client.magicLinks.authenticate(token, {
          session_duration_minutes: sessionMinutes(context.config),
        }),
      );
      context.emitEvent('MAGIC_LINK_AUTHENTICATE', { ...response });
      context.dispatch({ type: 'set-magic-link-email', email: undefined });
      context.dispatch({ type: 'transition', screen: Screen.EmailConfirmation });
    } catch (error) {
      context.dispatch({ type: 'set-error', error: { message: context.reportError(error) } });
    }
  })();
}
