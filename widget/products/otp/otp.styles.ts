/**
 * The passcode product's CSS: its forms' inputs, the six boxes, the toasts and its screens.
 * Plain CSS text; the element adopts it once, when the product loads.
 */
import { backButtonStyles } from '../../components/back-button.styles.js';
import { emailInputStyles } from '../../components/email-input.styles.js';
import { otpInputStyles } from '../../components/otp-input.styles.js';
import { phoneInputStyles } from '../../components/phone-input.styles.js';
import { toasterStyles } from '../../components/toaster.styles.js';

/** The product's own rules (the screens' layout). */
const screenStyles = `
velvet-otp-phone-form,
velvet-otp-email-form,
velvet-otp-authenticate,
velvet-otp-confirmation {
  display: block;
}

.velvet-otp-authenticate__countdown,
.velvet-otp-authenticate__verifying {
  color: var(--velvet-secondary, #5c727d);
}

.velvet-otp-authenticate__expired {
  color: var(--velvet-error, #8b1214);
}

.velvet-otp-authenticate__resend {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 4px;
}

.velvet-confirmation {
  align-items: center;
  text-align: center;
}

.velvet-confirmation__icon {
  color: var(--velvet-success, #0c5a56);
}
`;

/** Everything the passcode product renders. */
export const otpStyles = [
  phoneInputStyles,
  emailInputStyles,
  otpInputStyles,
  backButtonStyles,
  toasterStyles,
  screenStyles,
].join('\n');
