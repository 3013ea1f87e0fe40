/**
 * What the Email tab's submit does for passcodes by email: send the passcode (with the config's
 * expiry and templates), log `email_sent`, and go to the passcode screen. The form itself is the
 * shared `<velvet-email-entry-form>`.
 */
import { VelvetEventType } from '../../events.js';
import type { ProductContext } from '../product.js';
import { loadOtpScreens, sendOptions } from './otp-flow.js';
import { showPasscodeScreen } from './send-form.js';

/** Sends a passcode to `email` and shows the passcode screen. */
export async function sendEmailPasscode(email: string, context: ProductContext): Promise<void> {
  void loadOtpScreens();
  const client = await context.busy(context.client());
  const { loginTemplateId, signupTemplateId } = context.config.otpOptions ?? {};
  const response = await context.busy(
    client.otps.email.loginOrCreate(email, {
      ...sendOptions(context),
      ...(loginTemplateId ? { login_template_id: loginTemplateId } : {}),
      ...(signupTemplateId ? { signup_template_id: signupTemplateId } : {}),
    }),
  );
  client.telemetry.logEvent('email_sent', { email, type: 'login_or_create_otp' });
  showPasscodeScreen(
    context,
    { type: 'email', destination: email, response },
    VelvetEventType.OtpEmailLoginOrCreate,
  );
}
