/** What the passcode product's forms and screens share. */
import type { OtpSendOptions } from '../../client/otp-client.js';
import type { ProductContext } from '../product.js';

/** The passcode expiry the widget assumes when the config names none (the server's default). */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 10;

/** When a code sent now expires, for the countdown (epoch ms). */
export function otpExpiresAt(context: ProductContext): number {
  const minutes = context.config.otpOptions?.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES;
  return context.clock.now() + minutes * 60_000;
}

/**
 * The send options the config asks for: its expiry, and its `locale`, in which the server writes
 * the message (the client leaves out what is undefined).
 */
export function sendOptions(context: ProductContext): OtpSendOptions {
  return {
    expiration_minutes: context.config.otpOptions?.expirationMinutes,
    locale: context.config.locale,
  };
}

/**
 * Loads the passcode and confirmation screens (a chunk of their own). Forms start it as the
 * code is sent, so the screen is there when the answer comes.
 */
export function loadOtpScreens(): Promise<unknown> {
  return import('./otp-screens.js');
}
