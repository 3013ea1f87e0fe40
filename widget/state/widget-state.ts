/**
 * The widget's state and its one reducer. State is plain data (never rendered
 * templates); every change goes through an action of the spec: transition to
 * a screen, set the magic-link email, update OTP, crypto or password state,
 * set or clear the error descriptor. The initial screen is Main.
 */
import { Screen } from './screen.js';

/** How a passcode travels. */
export type OtpMethod = 'sms' | 'whatsapp' | 'email';

/** The passcode flow: where the code went, and the method to check it against. */
export interface OtpState {
  methodId: string;
  /** An email address or an international phone number. */
  destination: string;
  type: OtpMethod;
  /** When the code expires (epoch ms), for the countdown. */
  expiresAt: number;
}

/** The password flow (spec section 3). */
export interface PasswordState {
  email: string;
  /** From user search; `new` until known. */
  type: 'new' | 'password' | 'passwordless';
}

/** The crypto flow (spec section 3). */
export interface CryptoState {
  walletAddress: string;
  walletOption: string;
  walletChallenge: string;
}

/** An error shown on the current screen. */
export interface ErrorDescriptor {
  message: string;
}

/** Everything the widget remembers between renders. */
export interface WidgetState {
  screen: Screen;
  otp: OtpState | undefined;
  magicLinkEmail: string | undefined;
  password: PasswordState;
  crypto: CryptoState;
  error: ErrorDescriptor | undefined;
}

/** The actions of the spec. */
export type WidgetAction =
  | { type: 'transition'; screen: Screen }
  | { type: 'set-magic-link-email'; email: string | undefined }
  | { type: 'update-otp-state'; otp: OtpState | undefined }
  | { type: 'update-crypto-state'; crypto: Partial<CryptoState> }
  | { type: 'update-password-state'; password: Partial<PasswordState> }
  | { type: 'set-error'; error: ErrorDescriptor }
  | { type: 'clear-error' };

/** The state a widget starts in. */
export function initialState(): WidgetState {
  return {
    screen: Screen.Main,
    otp: undefined,
    magicLinkEmail: undefined,
    password: { email: '', type: 'new' },
    crypto: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
    error: undefined,
  };
}

/** The next state. A transition clears the error: each screen starts clean. */
export function reduce(state: WidgetState, action: WidgetAction): WidgetState {
  switch (action.type) {
    case 'transition':
      return { ...state, screen: action.screen, error: undefined };
    case 'set-magic-link-email':
      return { ...state, magicLinkEmail: action.email };
    case 'update-otp-state':
      return { ...state, otp: action.otp };
    case 'update-crypto-state':
      return { ...state, crypto: { ...state.crypto, ...action.crypto } };
    case 'update-password-state':
      return { ...state, password: { ...state.password, ...action.password } };
    case 'set-error':
      return { ...state, error: action.error };
    case 'clear-error':
      return { ...state, error: undefined };
  }
}
