/**
 * The CSS of the passcode and confirmation screens: the six boxes, the toasts and the screens'
 * layout (the back button brings its own). It loads with those screens, not with the main screen.
 */
import { otpInputStyles } from '../../components/otp-input.styles.js';
import { toasterStyles } from '../../components/toaster.styles.js';

const screenStyles = `
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
  gap: .25rem;
}

.velvet-confirmation {
  align-items: center;
  text-align: center;
}

.velvet-confirmation__icon {
  width: 3rem;
  height: 3rem;
  color: var(--velvet-success, #0c5a56);
}
`;

/** Everything the passcode product shows after the main screen. */
export const otpScreenStyles = [otpInputStyles, toasterStyles, screenStyles].join('\n');
