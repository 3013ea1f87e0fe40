/**
 * The widget configuration of the spec (section 3): products and their
 * options, session options, `enableShadowDOM`, the theme and the locale.
 */
import type { OtpMethod } from '../state/widget-state.js';

/** The products the widget can offer, in the order the page lists them. */
export const Products = {
  oauth: 'oauth',
  crypto: 'crypto',
  emailMagicLinks: 'emailMagicLinks',
  otp: 'otp',
  passwords: 'passwords',
  passkeys: 'passkeys',
} as const;

/** A product name. */
export type Product = (typeof Products)[keyof typeof Products];

/** Email magic-link options. */
export interface EmailMagicLinksOptions {
  loginRedirectURL?: string;
  loginExpirationMinutes?: number;
  signupRedirectURL?: string;
  signupExpirationMinutes?: number;
  createUserAsPending?: boolean;
  domainHint?: string;
}

/** One OAuth provider button. */
export interface OAuthProviderConfig {
  type: string;
  position?: string;
  one_tap?: boolean;
  cancel_on_tap_outside?: boolean;
  custom_scopes?: string[];
  provider_params?: Record<string, string>;
}

/** OAuth options. */
export interface OAuthOptions {
  providers: OAuthProviderConfig[];
  loginRedirectURL?: string;
  signupRedirectURL?: string;
}

/** Passcode options. */
export interface OtpOptions {
  methods: OtpMethod[];
  expirationMinutes: number;
  loginTemplateId?: string;
  signupTemplateId?: string;
}

/** Password options. */
export interface PasswordOptions {
  loginRedirectURL?: string;
  loginExpirationMinutes?: number;
  resetPasswordRedirectURL?: string;
  resetPasswordExpirationMinutes?: number;
  resetPasswordTemplateId?: string;
}

/** Session options. */
export interface SessionOptions {
  sessionDurationMinutes: number;
}

/** Colours and borders of a button kind. */
export interface ButtonTheme {
  backgroundColor?: string;
  textColor?: string;
  borderColor?: string;
  borderRadius?: string;
}

/** The theme: everything a page may change about the look. */
export interface WidgetTheme {
  container?: {
    backgroundColor?: string;
    borderColor?: string;
    borderRadius?: string;
    width?: string;
  };
  colors?: { primary?: string; secondary?: string; success?: string; error?: string };
  buttons?: { primary?: ButtonTheme; secondary?: ButtonTheme; disabled?: ButtonTheme };
  inputs?: {
    backgroundColor?: string;
    borderColor?: string;
    borderRadius?: string;
    placeholderColor?: string;
    textColor?: string;
  };
  typography?: { fontFamily?: string; fontSize?: string; titleColor?: string; textColor?: string };
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
}

/** The whole configuration a page gives the widget. */
export interface VelvetConfig extends WidgetTheme {
  products: Product[];
  emailMagicLinksOptions?: EmailMagicLinksOptions;
  oauthOptions?: OAuthOptions;
  otpOptions?: OtpOptions;
  passwordOptions?: PasswordOptions;
  sessionOptions?: SessionOptions;
  enableShadowDOM?: boolean;
  /** The theme may also be nested here; top-level theme keys are read too. */
  theme?: WidgetTheme;
  locale?: string;
}

/** The session length the widget asks for when the config names none (the server's default). */
export const DEFAULT_SESSION_MINUTES = 60;

/**
 * The `session_duration_minutes` of a sign-in: the config's `sessionOptions`, else the default.
 * Here, in a module the entry holds, rather than a module of its own: shared by every product's
 * lazily loaded screens, it would otherwise be a chunk of its own, one more request in each flow.
 */
export function sessionMinutes(config: Pick<VelvetConfig, 'sessionOptions'> | undefined): number {
  return config?.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_MINUTES;
}
