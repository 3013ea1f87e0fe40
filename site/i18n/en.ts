/**
 * The site's own words in English, the catalogue every other locale translates: the gate, the
 * rejection screen, the messages around them and the invitation's chrome (navigation, sign out,
 * calendar, map and copy labels, the RSVP form, the greeting's wording). They ship publicly (in
 * the page's main bundle), so nothing here may say whose party it is, when or where: the hosts'
 * own content belongs in `site/content/invitation.ts`.
 */

/** Every text the site writes itself, in English; `{name}`-style slots are filled in later. */
export const en = {
  /** The `lang` of the page in this catalogue's language. */
  lang: 'en',
  /** The page's title until the invitation shows (`index.html` has it in English). */
  title: 'A private invitation',
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
  /** The invitation's button that ends the session. */
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
  /** The invitation's chrome around the hosts' content. */
  invitation: {
    /** The top navigation: its name, and the label of each section's link. */
    nav: { label: 'Sections', hero: 'Home', schedule: 'Schedule', faq: 'FAQ' },
    /** Names the hero's list of photos. */
    photos: 'Our photos',
    greeting: { named: 'Welcome, {name}!', unnamed: 'Welcome!' },
    calendar: {
      wholeParty: 'Add the whole weekend to your calendar',
      /** Names an event's group of calendar links; `{title}` is the event's title. */
      eventGroup: 'Add {title} to your calendar',
      file: 'Calendar file',
      google: 'Google Calendar',
      outlook: 'Outlook',
    },
    places: {
      /** Names an event's group of place links; `{title}` is the event's title. */
      placeGroup: 'Find {title}',
      map: 'Map',
      copy: 'Copy address',
      copied: 'Address copied',
      copyFailed: 'Could not copy: the address is selected, copy it from there',
    },
    rsvp: {
      heading: 'RSVP',
      subtitle: 'Tell us if you are coming, and how many of you.',
      question: 'Are you coming?',
      yes: 'Yes, count me in',
      no: 'Sorry, I cannot make it',
      partySize: 'How many of you, you included?',
      partySizeHint: 'Up to {max}.',
      note: 'A note for us (optional)',
      noteHint: 'Allergies, a song request, anything. Up to {max} characters; only we read it.',
      submit: 'Send my answer',
      update: 'Update my answer',
      saving: 'Saving…',
      saved: 'Thank you! Your answer is saved.',
      chooseOne: 'Choose yes or no.',
      until: 'You can answer, and change your answer, until {date}.',
      closed: 'Answers closed on {date}: yours can no longer change.',
      yourAnswer: 'Your answer',
      comingAlone: 'Coming, just you',
      comingWith: 'Coming, {count} of you',
      notComing: 'Not coming',
      noAnswer: 'You did not answer.',
      yourNote: 'Your note',
      loading: 'Loading your answer…',
      loadFailed: 'Your answer could not be loaded.',
      retry: 'Try again',
      saveFailed: 'Your answer was not saved: {reason}',
      offline: 'the server could not be reached. Check your connection and try again.',
    },
    /** The passkey offer after a sign-in by text (`site/passkey-offer/`). */
    passkeyOffer: {
      /** The offer region's accessible name. */
      label: 'Passkey',
      /** The registration element's texts (its `PasskeyStrings` keys). */
      strings: {
        registerTitle: 'Sign in faster next time',
        registerText:
          'Save a passkey on this device and come back with your face, fingerprint or screen lock, without waiting for a text.',
        createPasskey: 'Create a passkey',
        skip: 'No thanks',
        registrationSuccessTitle: 'Passkey saved: next time, no text needed.',
        done: 'Done',
      },
      /** The line that replaces the offer once the guest answered it, by answer. */
      outcomes: {
        skipped:
          'No passkey, then: you sign in with a text, and we won’t ask again on this device.',
        done: 'Next time, sign in with your passkey: no text needed.',
      },
    },
  },
};

/** The shape every locale's catalogue has (the English one's, every text a string). */
export type SiteTexts = typeof en;

/** The invitation's chrome words, by part. */
export type InvitationChrome = SiteTexts['invitation'];
