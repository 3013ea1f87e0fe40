/** The screens of the widget (spec section 2): the one current screen is one of these. */

/** Every screen, by name. */
export const Screen = {
  Main: 'Main',
  RegisterNewPasskey: 'Register New Passkey',
  PasskeyRegistrationSuccess: 'Passkey Registration Success',
  PasskeyConfirmation: 'Passkey Confirmation',
  Password: 'Password',
  PasswordResetForm: 'Password Reset Form',
  PasswordForgot: 'Password Forgot',
  PasswordBreached: 'Password Breached',
  PasswordSetNew: 'Password Set New',
  PasswordDedupe: 'Password Dedupe',
  PasswordConfirmation: 'Password Confirmation',
  EmailConfirmation: 'Email Confirmation',
  OtpAuthenticate: 'OTP Authenticate',
  OtpConfirmation: 'OTP Confirmation',
  CryptoConnect: 'Crypto Connect',
  CryptoSignMessage: 'Crypto Sign Message',
  CryptoOtherScreen: 'Crypto Other Screen',
  CryptoSetupWallet: 'Crypto Setup Wallet',
  CryptoError: 'Crypto Error',
  CryptoConfirmation: 'Crypto Confirmation',
  IdpConsent: 'IDP Consent',
} as const;

/**
 * Screens declared by a product's lazy chunk, by name only: the names above ship in the first
 * download, these cost it nothing (`'OAuth Confirmation'`: the OAuth success screen).
 */
export type ChunkScreen = 'OAuth Confirmation';

/** A screen name. */
export type Screen = (typeof Screen)[keyof typeof Screen] | ChunkScreen;
