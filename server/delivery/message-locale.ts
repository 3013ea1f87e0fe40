/**
 * The languages the server writes its messages in (passcodes, magic links, password resets),
 * and what every product's message catalogue shares: the locale a request's `locale` picks, the
 * catalogue's shape (one entry per language, so a missing language is a type error) and how long
 * a code or a link lasts in words. Each product keeps its own texts beside its message, in its
 * folder (`passcode-texts.ts`, `magic-link-texts.ts`, `password-reset-texts.ts`): the English
 * entry defines the type, so a text missing from a translation is a type error too.
 */

/** The languages with a message catalogue, as BCP 47 language tags; `en` is the default. */
export const MESSAGE_LOCALES = ['en', 'es', 'fr'] as const;

/** One of {@link MESSAGE_LOCALES}. */
export type MessageLocale = (typeof MESSAGE_LOCALES)[number];

/** A product's texts in every language of {@link MESSAGE_LOCALES}. */
export type MessageCatalogue<Texts> = { readonly [Locale in MessageLocale]: Texts };

/**
 * The language a request's `locale` picks: its language subtag when the server writes in it
 * (`es-MX` → `es`, `FR_fr` → `fr`), English for anything else, empty or absent.
 */
export function messageLocaleOf(requested: string | undefined): MessageLocale {
  const language = requested?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return MESSAGE_LOCALES.find((locale) => locale === language) ?? 'en';
}

/** The singular and plural words of a unit of time in one language. */
interface UnitWords {
  readonly one: string;
  readonly other: string;
}

/** Minutes, hours and days, in each language (1 is singular in all three; 0 never occurs). */
const UNITS: MessageCatalogue<Readonly<Record<'minute' | 'hour' | 'day', UnitWords>>> = {
  en: {
    minute: { one: 'minute', other: 'minutes' },
    hour: { one: 'hour', other: 'hours' },
    day: { one: 'day', other: 'days' },
  },
  es: {
    minute: { one: 'minuto', other: 'minutos' },
    hour: { one: 'hora', other: 'horas' },
    day: { one: 'día', other: 'días' },
  },
  fr: {
    minute: { one: 'minute', other: 'minutes' },
    hour: { one: 'heure', other: 'heures' },
    day: { one: 'jour', other: 'jours' },
  },
};

/** The largest unit a duration may be said in. */
export type LargestUnit = 'minute' | 'hour' | 'day';

/**
 * `minutes` in words, in the largest whole unit up to `largest`: `10 minutes`, `1 hora`,
 * `2 jours`.
 * @throws RangeError when `minutes` is not a positive integer.
 */
export function durationText(
  locale: MessageLocale,
  minutes: number,
  largest: LargestUnit = 'minute',
): string {
  if (!Number.isInteger(minutes) || minutes < 1) {
    throw new RangeError(`expirationMinutes must be a positive integer, got ${minutes}`);
  }
  const words = UNITS[locale];
  const say = (count: number, unit: UnitWords) => `${count} ${count === 1 ? unit.one : unit.other}`;
  if (largest === 'day' && minutes % 1440 === 0) return say(minutes / 1440, words.day);
  if (largest !== 'minute' && minutes % 60 === 0) return say(minutes / 60, words.hour);
  return say(minutes, words.minute);
}
