/**
 * The texts anyone may see: the gate, the rejection screen and the messages around them. They
 * are public (they ship in the page's main bundle), so nothing here may say whose party it is,
 * when or where; that belongs in `invitation.ts`.
 */

/** Every public text of the site. */
export const publicTexts = {
  gate: {
    eyebrow: 'Private invitation',
    heading: 'Do we know you?',
    intro: 'This page is for invited guests. Sign in with your phone number to see it.',
    button: "Let's check!",
    /** Shown instead of `intro` once the widget is open (the widget's own header is hidden). */
    widgetIntro: "Sign in with your phone number: we'll text you a code to check the guest list.",
    widgetLabel: 'Sign in',
    loadingWidget: 'Loading sign-in…',
    widgetError: 'The sign-in could not load. Check your connection and try again.',
  },
  rejection: {
    heading: 'Who are you??',
    text: 'Do you know us??',
    button: 'Try again',
    revoking: 'Signing out…',
    revokeError: 'We could not sign you out. Check your connection and try again.',
  },
  /** The invitation's button that ends the session (generic words: they ship publicly). */
  signOut: { button: 'Sign out', pending: 'Signing out…' },
  checking: 'Checking the guest list…',
  checkError: 'We could not reach the guest list',
  invitationError: 'The invitation could not load',
  /** Under either problem's heading. */
  connectionAdvice: 'Check your connection and try again.',
  retry: 'Retry',
  /** Said (politely) when the page moves to a screen after the guest did something. */
  announce: {
    invited: 'You are on the guest list. Here is your invitation.',
    notInvited: 'You are signed in, but this number is not on the guest list.',
    signedOut: 'You are signed out.',
  },
} as const;
