/**
 * The password flow's steps that more than one screen takes: the Email tab's submit (user
 * search, then the Password screen), the reset emails, and the link that opened the page
 * (`stytch_token_type=reset_password` or `login`).
 */
import type { VelvetClient } from '../../client/velvet-client.js';
import { Screen } from '../../state/screen.js';
import type { ProductContext } from '../product.js';
import { forgetRedirectToken } from '../shared/redirect-landing.js';

/** The telemetry `type` of the reset-password flow. */
export const RESET_PASSWORD_FLOW_TYPE = 'reset_password';

/** Loads the product's screens (a chunk of their own), started as the user searches. */
export function loadPasswordScreens(): Promise<unknown> {
  return import('./password-screens.js');
}

/**
 * The Email tab's submit with passwords configured: asks what kind of user the address is
 * (`new`, `password` or `passwordless`), stores it and shows the Password screen.
 */
export async function searchUser(email: string, context: ProductContext): Promise<void> {
  void loadPasswordScreens();
  const client = await context.busy(context.client());
  const { user_type: type } = await context.busy(client.user.search(email));
  context.dispatch({ type: 'update-password-state', password: { email, type } });
  context.dispatch({ type: 'transition', screen: Screen.Password });
}

/**
 * Emails a reset link to the password state's address, with the page's `passwordOptions`
 * (redirect URLs, expiry, template) and `locale`, and logs `email_sent`.
 */
export async function sendResetEmail(
  context: ProductContext,
  client?: VelvetClient,
): Promise<void> {
  const email = context.state.password.email;
  const velvet = client ?? (await context.busy(context.client()));
  const options = context.config.passwordOptions ?? {};
  await context.busy(
    velvet.passwords.resetByEmailStart({
      email,
      ...(options.resetPasswordRedirectURL
        ? { reset_password_redirect_url: options.resetPasswordRedirectURL }
        : {}),
      ...(options.loginRedirectURL ? { login_redirect_url: options.loginRedirectURL } : {}),
      ...(options.resetPasswordExpirationMinutes !== undefined
        ? { reset_password_expiration_minutes: options.resetPasswordExpirationMinutes }
        : {}),
      ...(options.resetPasswordTemplateId
        ? { reset_password_template_id: options.resetPasswordTemplateId }
        : {}),
      // The language the server writes the email in.
      ...(context.config.locale ? { locale: context.config.locale } : {}),
    }),
  );
  velvet.telemetry.logEvent('email_sent', { email, type: RESET_PASSWORD_FLOW_TYPE });
  context.emitEvent('PASSWORD_RESET_BY_EMAIL_START', { email });
}

/** The token of the link that opened the page, kept for the Password Reset Form. */
export interface LinkToken {
  readonly kind: 'reset_password' | 'login';
  readonly token: string;
}

let linkToken: LinkToken | undefined;

/** The link's token (read once at load); `undefined` when the page was not opened from one. */
export function currentLinkToken(): LinkToken | undefined {
  return linkToken;
}

/** Forgets the link's token (used, or replaced). */
export function forgetLinkToken(): void {
  linkToken = undefined;
}

/**
 * Runs when the product loads: a page opened from a reset link (`stytch_token_type` is
 * `reset_password`, or `login` for a token that signs in at once) shows the Password Reset
 * Form. The token leaves the address bar, so a reload cannot reuse it.
 */
export function openFromLink(context: ProductContext): void {
  const params = new URLSearchParams(globalThis.location.search);
  const kind = params.get('stytch_token_type');
  const token = params.get('token');
  if ((kind !== 'reset_password' && kind !== 'login') || !token) return;
  linkToken = { kind, token };
  forgetRedirectToken();
  void loadPasswordScreens();
  context.dispatch({ type: 'transition', screen: Screen.PasswordResetForm });
}
