/**
 * The sign-in widget as the gate uses it: `<velvet-login>` through its React wrapper, with the
 * spec's own configuration (section 7: the OTP product, SMS only, 10-minute passcodes) and the
 * site project's guest session length, themed from the site theme (the same palette and type
 * as the page, and the gate's wording instead of the widget's header), and the page's client
 * library instance, so the page and the widget share one session. Loaded lazily, when the guest
 * presses "Let's check!".
 */
import { type CSSProperties, useMemo } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../widget/events.js';
import { VelvetLogin } from '../../widget/react/velvet-login-react.js';
import type { VelvetConfig } from '../../widget/velvet.js';
import { readGuestSessionMinutes } from '../app/guest-session.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { signInCustomProperties, signInTheme } from '../theme/site-theme.js';

/**
 * The widget's configuration on the site: passcodes by text message, valid 10 minutes, in the
 * site's colours and type, and a session as long as the site project keeps its guests'
 * (`site/app/guest-session.ts`), in the page's language.
 */
function signInConfig(
  sessionMinutes: number | undefined,
  locale: SiteLocale,
): Partial<VelvetConfig> {
  return {
    locale,
    products: ['otp'],
    otpOptions: { methods: ['sms'], expirationMinutes: 10 },
    ...(sessionMinutes ? { sessionOptions: { sessionDurationMinutes: sessionMinutes } } : {}),
    theme: signInTheme(),
  };
}

/** The site project's guest session length, read once. */
const SESSION_MINUTES = readGuestSessionMinutes(document);

/** The site theme's values for the widget's custom properties that the config has no key for. */
const SIGN_IN_STYLE = signInCustomProperties() as CSSProperties;

/** Props of {@link SignInWidget}. */
export interface SignInWidgetProps {
  client: VelvetClient;
  publicToken: string;
  /** The page's language: the widget's texts follow it. */
  locale: SiteLocale;
  onEvent: (event: VelvetEventDetail) => void;
  onError: (error: VelvetErrorDetail) => void;
}

/** The configured widget. */
export default function SignInWidget({
  client,
  publicToken,
  locale,
  onEvent,
  onError,
}: SignInWidgetProps) {
  // The same object on every render for one locale.
  const config = useMemo(() => signInConfig(SESSION_MINUTES, locale), [locale]);
  return (
    <VelvetLogin
      publicToken={publicToken}
      config={config}
      style={SIGN_IN_STYLE}
      client={client}
      onEvent={onEvent}
      onError={onError}
    />
  );
}
