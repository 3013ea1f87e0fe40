/**
 * The sign-in widget as the gate uses it: `<velvet-login>` through its React wrapper, with the
 * spec's own configuration (section 7: the OTP product, SMS only, 10-minute passcodes) and the
 * page's client library instance, so the page and the widget share one session. Loaded lazily,
 * when the guest presses "Let's check!".
 */
import type { VelvetClient } from '../../widget/client/index.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../widget/events.js';
import { VelvetLogin } from '../../widget/react/velvet-login-react.js';
import type { VelvetConfig } from '../../widget/velvet.js';

/** The widget's configuration on the site: passcodes by text message, valid 10 minutes. */
export const SIGN_IN_CONFIG: Partial<VelvetConfig> = {
  products: ['otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
};

/** Props of {@link SignInWidget}. */
export interface SignInWidgetProps {
  client: VelvetClient;
  publicToken: string;
  onEvent: (event: VelvetEventDetail) => void;
  onError: (error: VelvetErrorDetail) => void;
}

/** The configured widget. */
export default function SignInWidget({ client, publicToken, onEvent, onError }: SignInWidgetProps) {
  return (
    <VelvetLogin
      publicToken={publicToken}
      config={SIGN_IN_CONFIG}
      client={client}
      onEvent={onEvent}
      onError={onError}
    />
  );
}
