/**
 * The passcode product's CSS for the main screen: its forms' inputs. Plain CSS text; the
 * element adopts it once, when the product loads. The later screens bring their own
 * (`otp-screens.styles.ts`).
 */
import { phoneInputStyles } from '../../components/phone-input.styles.js';

/** Everything the passcode product shows on the main screen. */
export const otpStyles = `${phoneInputStyles}
velvet-otp-phone-form,
velvet-email-entry-form {
  display: block;
}
`;
