/**
 * Everything the invitation says, in one place a host can edit without touching a component:
 * the couple, the tagline, the date and city, the schedule, the FAQ (with the hosts' number
 * for texting them) and the photos, as the hosts wrote them (in any language the page is in: the
 * site's own words around them, in `site/i18n/`, follow the guest's). Its running texts may hold links written
 * as in Markdown, `[words](https://…)`: only `https:`, `mailto:` and `tel:` targets become
 * links.
 *
 * The object below is only the seed: at its first start the server stores it in the database
 * (`server/site/content/`), where the hosts edit and publish it from then on; the invitation
 * reads the published content from `/private/invitation.json`, which the server hands to invited
 * guests (and hosts) alone. The rules a stored content must follow (lengths, dates, links) are in
 * `server/site/content/content-validation.ts`. The site's code imports only this module's types:
 * never its data, from the gate or the invitation.
 */

import type { PartyTimeZone } from '../calendar/time-zone.js';

/** One event of a schedule day. */
export interface ScheduleEvent {
  /**
   * The event's lasting name (lowercase letters, digits and hyphens): its calendar file
   * (`/private/calendar/{id}.ics`) and the UID calendars know it by, so a second download
   * updates the entry instead of adding another. Keep it when the title changes.
   */
  readonly id: string;
  /** As guests read it, e.g. `6pm`. */
  readonly time: string;
  /** One emoji. */
  readonly icon: string;
  readonly title: string;
  /** May hold links, `[words](https://…)` (`site/text/inline-links.ts`). */
  readonly description: string;
  readonly location: string;
  /**
   * The street address, shown with a map link and a copy button, and in the calendars;
   * none for a place the hosts keep to themselves.
   */
  readonly address?: string;
  /** Where the address is, for the `geo:` link on phones and the map's pin. */
  readonly coordinates?: Coordinates;
  /**
   * When it starts and ends, as wall times in the invitation's `timeZone`
   * (`YYYY-MM-DDTHH:MM`); an event without them (a secret one, say) gets no calendar entry.
   */
  readonly starts?: string;
  readonly ends?: string;
}

/** A point on the map, in decimal degrees (WGS 84). */
export interface Coordinates {
  readonly lat: number;
  readonly lon: number;
}

/** The web maps the hosts may send guests to (phones get a `geo:` link instead). */
export type MapService = 'openstreetmap' | 'google';

/** How the places' map links work (their words are the site's: `site/i18n/`). */
export interface PlaceSettings {
  /** Where the map link goes on a computer (Android phones open their own maps app). */
  readonly maps: MapService;
}

/** The calendars' settings (the words around their links are the site's: `site/i18n/`). */
export interface CalendarSettings {
  /**
   * This party's lasting name (lowercase words and hyphens), in every event's UID
   * (`{event id}.{partyId}@velvet-invitation`): calendars update an entry they already hold,
   * even after the names, date or times change. Never reuse another party's.
   */
  readonly partyId: string;
}

/** One day of the schedule, shown as one tab. */
export interface ScheduleDay {
  /** The tab's lasting name: `day1`, `day2`, `day3` in order. */
  readonly key: 'day1' | 'day2' | 'day3';
  /** The tab's label. */
  readonly label: string;
  /**
   * The day as `YYYY-MM-DD`; the full date above the day's events is written from it in the
   * guest's language (`date-text.ts`: "Friday, July 25, 2025").
   */
  readonly isoDate: string;
  readonly title: string;
  readonly events: readonly ScheduleEvent[];
}

/** One question of the FAQ accordion. */
export interface FaqItem {
  readonly question: string;
  /** May hold links, `[words](https://…)` (`site/text/inline-links.ts`). */
  readonly answer: string;
}

/** One photobooth photo of the hero. */
export interface Photo {
  /** The file name at the site root without extension, e.g. `juno-felix-photobooth-1`. */
  readonly file: string;
  /** What the picture shows, for screen readers. */
  readonly alt: string;
}

/** The navigation's own words for its section links (each optional). */
export interface NavLabels {
  readonly hero?: string;
  readonly schedule?: string;
  readonly faq?: string;
}

/**
 * The hero's greeting of the signed-in guest. With `byName`, a guest the hosts' list names
 * (`npm run guests -- add +1… "Ada Lovelace"`) reads the site's `named` greeting with `{name}` as their first name
 * ("Welcome, Ada!"); a guest with no name on the list, or every guest when `byName` is false,
 * reads the `unnamed` one (`site/i18n/`). The name comes from the server for that guest's own session only, never
 * from this file or any other public or private file.
 */
export interface GreetingSettings {
  readonly byName: boolean;
}

/** The whole invitation. */
export interface InvitationContent {
  /** The couple, as the navigation title and the hero heading show them. */
  readonly names: string;
  /** May hold links, `[words](https://…)` (`site/text/inline-links.ts`). */
  readonly tagline: string;
  /** How the hero greets the signed-in guest (by name, or not). */
  readonly greeting: GreetingSettings;
  /**
   * The main event's date as `YYYY-MM-DD`, one of the schedule's days; guests read it written in
   * their language (`date-text.ts`: "July 26, 2025").
   */
  readonly isoDate: string;
  /** City and state. */
  readonly location: string;
  /** The time zone of every event's `starts` and `ends`. */
  readonly timeZone: PartyTimeZone;
  readonly calendar: CalendarSettings;
  readonly places: PlaceSettings;
  readonly schedule: {
    readonly heading: string;
    /** May hold links, `[words](https://…)` (`site/text/inline-links.ts`). */
    readonly subtitle: string;
    readonly days: readonly ScheduleDay[];
  };
  readonly faq: {
    readonly heading: string;
    readonly subtitle: string;
    readonly items: readonly FaqItem[];
    /** The "Still Have Questions?" card, with the hosts' number for texting them. */
    readonly closing: {
      readonly heading: string;
      /** May hold links, `[words](https://…)` (`site/text/inline-links.ts`). */
      readonly text: string;
      /** The number guests text, as they should read it, e.g. `+1 415-555-0142`. */
      readonly phone: string;
      /** The words of the link that opens a text message to `phone`. */
      readonly textLabel: string;
    };
  };
  /**
   * The navigation's words for its links to the hero, the schedule and the FAQ; a label left out
   * (or the whole object) reads the site's own words in the guest's language (`site/i18n/`).
   */
  readonly nav?: NavLabels;
  /**
   * The four photobooth photos, in order. Their `file` names are the photo slots' and fixed: a
   * new photo replaces the files behind a name (`npm run site:photos`, or the hosts' page).
   */
  readonly photos: readonly Photo[];
  readonly footer: {
    readonly thanks: string;
    /** The small footer image (file name without extension) and its description. */
    readonly image: Photo;
  };
}

/** The prefix of the photo files: `{PHOTO_NAME}-photobooth-1.jpg` to `-4.jpg`. */
export const PHOTO_NAME = 'juno-felix';

/** The invitation of Juno and Felix: the seed of the stored content. */
export const invitation: InvitationContent = {
  names: 'Juno & Felix',
  tagline: 'We eloped! Now come get silly with us at a bar.',
  greeting: { byName: true },
  isoDate: '2025-07-26',
  location: 'San Francisco, CA',
  timeZone: 'America/Los_Angeles',
  calendar: { partyId: 'juno-and-felix-eloped-2025' },
  places: { maps: 'openstreetmap' },
  schedule: {
    heading: 'Event Schedule',
    subtitle: 'For the ambitious: the whole weekend. For everyone else: Saturday night.',
    days: [
      {
        key: 'day1',
        label: 'Friday',
        isoDate: '2025-07-25',
        title: 'Warm-up',
        events: [
          {
            id: 'welcome-beers',
            time: '5:30pm',
            icon: '🍻',
            title: 'Welcome Beers',
            description: 'Optional and very casual. In town early? Come say hi over a pint.',
            location: 'Harbor Hops Brewing, Pier 70',
            address: '420 22nd St, San Francisco, CA 94107',
            coordinates: { lat: 37.7603, lon: -122.3856 },
            starts: '2025-07-25T17:30',
            ends: '2025-07-25T20:00',
          },
        ],
      },
      {
        key: 'day2',
        label: 'Saturday',
        isoDate: '2025-07-26',
        title: 'The Big Night',
        events: [
          {
            id: 'we-elope',
            time: 'Earlier',
            icon: '💍',
            title: 'We Elope',
            description: 'Just the two of us and an officiant. Guests not invited, on purpose.',
            location: 'Top secret',
          },
          {
            id: 'after-party',
            time: '6pm',
            icon: '🪩',
            title: 'After Party',
            description:
              'A DJ spins modern electronic, nu-disco and early-2000s nostalgia. Dance accordingly.',
            location: 'The Mirrorball Room, Mission District, San Francisco',
            address: '2550 Mission St, San Francisco, CA 94110',
            coordinates: { lat: 37.7563, lon: -122.4187 },
            starts: '2025-07-26T18:00',
            ends: '2025-07-26T22:00',
          },
          {
            id: 'after-after-party',
            time: '10pm',
            icon: '🏠',
            title: 'After After Party',
            description:
              'For the die-hards: the party moves to our place. [Call us](tel:+14155550142) if you get lost.',
            location: 'Our home (address by text)',
            starts: '2025-07-26T22:00',
            ends: '2025-07-27T02:00',
          },
        ],
      },
      {
        key: 'day3',
        label: 'Sunday',
        isoDate: '2025-07-27',
        title: 'Recovery',
        events: [
          {
            id: 'park-hang',
            time: '11am',
            icon: '🧺',
            title: 'Park Hang',
            description: 'Blankets, leftover snacks and whatever is left of your voice.',
            location: 'Dolores Park, Mission District',
            address: 'Dolores St & 19th St, San Francisco, CA 94114',
            coordinates: { lat: 37.7596, lon: -122.4269 },
            starts: '2025-07-27T11:00',
            ends: '2025-07-27T15:00',
          },
        ],
      },
    ],
  },
  faq: {
    heading: 'Frequently Asked Questions',
    subtitle: 'Everything you need to know',
    items: [
      {
        question: 'What should I wear?',
        answer:
          'Disco! Sequins, metallics, bell bottoms, ballgowns, tailcoats. Shoes you can dance in are required.',
      },
      {
        question: 'Wait, is this a wedding?',
        answer:
          'Nope, this is not a wedding invite. We are eloping earlier that day; this is the party afterwards.',
      },
      {
        question: 'Can I bring a plus-one?',
        answer: 'Yes, if they are an important person to you. Just tell us so we can count them.',
      },
      {
        question: 'When should I arrive?',
        answer: 'Come at 6pm. There is no ceremony and there are no speeches, just the party.',
      },
      {
        question: 'Will there be food?',
        answer: 'Pizza! Including gluten-free and vegan pies.',
      },
      {
        question: 'How do I RSVP?',
        answer:
          'Right here: the RSVP section below the schedule takes your answer (coming or not, how many of you, a note for us), and you can change it later.',
      },
      {
        question: 'Is there a gift registry?',
        answer: 'There is no gift registry. Your company (and your dance moves) is plenty.',
      },
      {
        question: 'How do I get there?',
        answer:
          'BART to 16th St Mission is a short walk away ([plan your trip](https://www.bart.gov/planner)). Parking nearby is a myth, so leave the car at home.',
      },
      {
        question: 'Do I have to dance?',
        answer: 'Strictly speaking, no. But the DJ will take it personally.',
      },
    ],
    closing: {
      heading: 'Still Have Questions?',
      text: 'Text us! Event questions come with our premium texting service level: replies within minutes, emoji included at no extra charge. Or [email us](mailto:juno.felix@example.com).',
      phone: '+1 415-555-0142',
      textLabel: 'Text us at',
    },
  },
  photos: [
    {
      file: `${PHOTO_NAME}-photobooth-1`,
      alt: 'Photobooth frame: a mirror ball over two clinking cocktail glasses on a pink backdrop',
    },
    {
      file: `${PHOTO_NAME}-photobooth-2`,
      alt: 'Photobooth frame: heart-shaped sunglasses and a feather boa on a teal backdrop',
    },
    {
      file: `${PHOTO_NAME}-photobooth-3`,
      alt: 'Photobooth frame: a moustache and a pair of red lips on sticks, with confetti',
    },
    {
      file: `${PHOTO_NAME}-photobooth-4`,
      alt: 'Photobooth frame: a neon "just eloped" sign glowing over a dance floor',
    },
  ],
  footer: {
    thanks: 'Thank you for celebrating with us!',
    image: { file: `${PHOTO_NAME}-footer`, alt: 'A small mirror ball' },
  },
};
