/**
 * When and how Google One Tap shows (spec section 4): its positions, the rule for showing the
 * prompt alone, and its error states. Plain functions of the config, tested on their own.
 */
import type { VelvetConfig } from '../../config/widget-config.js';

/** Where a provider's `position` asks the prompt to show (Stytch's `OneTapPositions`). */
export const OneTapPosition = {
  /** Google's native prompt (FedCM) where the browser has it, else the top right corner. */
  floating: 'floating',
  /** The native prompt where the browser has it, else inside the widget. */
  floatingOrEmbedded: 'floatingOrEmbedded',
  /** The former name of `floatingOrEmbedded`. */
  embedded: 'embedded',
  /** Inside the widget where the browser has no native prompt, else not at all. */
  embeddedOnly: 'embeddedOnly',
  /** Always inside the widget (Google's legacy prompt). */
  forceLegacyEmbedded: 'forceLegacyEmbedded',
} as const;

/** A position name. */
export type OneTapPosition = (typeof OneTapPosition)[keyof typeof OneTapPosition];

/** The One Tap error states of the spec; `none` while all is well. */
export const OneTapError = {
  None: 'none',
  /** Google refused the page's origin for the client (`unregistered_origin`). */
  OriginNotAllowedForClient: 'origin_not_allowed_for_client',
  /** Google does not know the client id. */
  InvalidClient: 'invalid_client',
  /** The project has no Google client id (the server's error, or an empty id). */
  OAuthConfigNotFound: 'oauth_config_not_found',
  NoLoginRedirectUrlsSet: 'no_login_redirect_urls_set',
  NoSignupRedirectUrlsSet: 'no_signup_redirect_urls_set',
  DefaultProviderNotAllowed: 'default_provider_not_allowed',
} as const;

/** An error state. */
export type OneTapError = (typeof OneTapError)[keyof typeof OneTapError];

/** The height of the embedded prompt's box before Google sizes it, and after a cancel. */
export const ONE_TAP_EMBEDDED_HEIGHT_PX = 47;

/** How the prompt renders: floating, inside the widget, or not at all. */
export type OneTapMode = 'floating' | 'embedded' | false;

/** Whether `position` is one of the positions (unset means `floating`). */
export function isValidPosition(position: string | undefined): boolean {
  return position === undefined || Object.values<string>(OneTapPosition).includes(position);
}

/** Whether the browser has Google's native prompt (FedCM). */
export function browserHasFedCM(): boolean {
  return typeof window !== 'undefined' && 'IdentityCredential' in window;
}

/** How the prompt renders for `position` in a browser with or without FedCM; false if invalid. */
export function oneTapMode(position: string | undefined, fedcm: boolean): OneTapMode {
  if (!isValidPosition(position)) return false;
  if (position === OneTapPosition.forceLegacyEmbedded) return 'embedded';
  const embeddable =
    position === OneTapPosition.embedded ||
    position === OneTapPosition.embeddedOnly ||
    position === OneTapPosition.floatingOrEmbedded;
  if (embeddable && !fedcm) return 'embedded';
  return position === OneTapPosition.embeddedOnly ? false : 'floating';
}

/**
 * Whether the prompt shows alone, without the widget around it: OAuth is the only product, there
 * is exactly one provider, it is Google, `one_tap` is true and its position is valid (and floats).
 */
export function isOnlyFloatingOneTap(config: VelvetConfig, fedcm: boolean): boolean {
  const providers = config.oauthOptions?.providers ?? [];
  const [only] = providers;
  return (
    config.products.length === 1 &&
    config.products[0] === 'oauth' &&
    providers.length === 1 &&
    only?.type === 'google' &&
    only.one_tap === true &&
    oneTapMode(only.position, fedcm) === 'floating'
  );
}

/** An error state other than `none`. */
export type OneTapFailure = Exclude<OneTapError, 'none'>;

/** The error state an API error type stands for, if it is one of them. */
export function oneTapErrorOf(errorType: unknown): OneTapFailure | undefined {
  return Object.values<unknown>(OneTapError).includes(errorType) && errorType !== OneTapError.None
    ? (errorType as OneTapFailure)
    : undefined;
}
