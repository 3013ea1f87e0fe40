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
    widgetLabel: 'Sign in',
    loadingWidget: 'Loading sign-in…',
    widgetError: 'The sign-in could not load. Check your connection and try again.',
    signInErrorPrefix: 'Sign-in problem:',
  },
  rejection: {
    heading: 'Who are you??',
    text: 'Do you know us??',
    button: 'Try again',
    revoking: 'Signing out…',
    revokeError: 'We could not sign you out. Check your connection and try again.',
  },
  checking: 'Checking the guest list…',
  checkError: 'We could not reach the guest list. Check your connection and try again.',
  retry: 'Retry',
  invitationError: 'The invitation could not load. Check your connection and try again.',
} as const;
