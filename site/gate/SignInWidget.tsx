/**
 * The sign-in widget as the gate uses it: `<velvet-login>` through its React wrapper, with the
 * spec's own configuration (section 7: the OTP product, SMS only, 10-minute passcodes), passkeys
 * for a guest who saved one (`site/passkey-offer/`: in the browser's autofill, or a button where
 * the browser has none), the
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
import { readGuestSessionMinutes, readSitePasskeys } from '../app/guest-session.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { signInCustomProperties, signInTheme } from '../theme/site-theme.js';

/**
 * The widget's configuration on the site: passcodes by text message, valid 10 minutes, and the
 * passkey a guest saved after a first sign-in (no text then) when the site's project offers
 * passkeys (`readSitePasskeys`), in the site's colours and type, a session as long as the site
 * project keeps its guests' (`site/app/guest-session.ts`), in the page's language.
 */
function signInConfig(
  sessionMinutes: number | undefined,
  passkeys: boolean,
  locale: SiteLocale,
  methods: readonly PasscodeMethod[],
): Partial<VelvetConfig> {
  return {
    locale,
    products: passkeys ? ['otp', 'passkeys'] : ['otp'],
    otpOptions: { methods: [...methods], expirationMinutes: 10 },
    ...(sessionMinutes ? { sessionOptions: { sessionDurationMinutes: sessionMinutes } } : {}),
    theme: signInTheme(),
  };
}

/** The site project's guest session length and whether it offers passkeys, read once. */
const SESSION_MINUTES = readGuestSessionMinutes(document);
const PASSKEYS = readSitePasskeys(document);

/** The site theme's values for the widget's custom properties that the config has no key for. */
const SIGN_IN_STYLE = signInCustomProperties() as CSSProperties;

/** A passcode channel the site signs in with. */
type PasscodeMethod = 'sms' | 'email';

/** Guests sign in by text. */
const GUEST_METHODS: readonly PasscodeMethod[] = ['sms'];

/** Props of {@link SignInWidget}. */
export interface SignInWidgetProps {
  /**
   * The passcode channels offered: text alone for guests (the default); the hosts' page adds
   * email when the project has it, for hosts listed by email.
   */
  passcodeMethods?: readonly PasscodeMethod[];
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
  passcodeMethods = GUEST_METHODS,
}: SignInWidgetProps) {
  // The same object on every render for one locale and set of channels.
  const config = useMemo(
    () => signInConfig(SESSION_MINUTES, PASSKEYS, locale, passcodeMethods),
    [locale, passcodeMethods],
  );
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
