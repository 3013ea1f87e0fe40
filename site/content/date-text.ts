/**
 * The invitation's dates as guests read them, written from the content's ISO dates
 * (`YYYY-MM-DD`) in the guest's language, so the hero's date and each schedule day's can never
 * disagree with the dates the calendars use: "July 26, 2025" and "Friday, July 25, 2025" in
 * English, "26 de julio de 2025" and "viernes, 25 de julio de 2025" in Spanish.
 */

/** `isoDate` (`YYYY-MM-DD`) as midnight UTC of that day; formatted in UTC, it stays that day. */
function utcDay(isoDate: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

/** The main date as the hero and the page's title show it, e.g. `July 26, 2025`. */
export function partyDateText(isoDate: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(isoDate));
}

/** A schedule day's full date, above its events, e.g. `Friday, July 25, 2025`. */
export function dayDateText(isoDate: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(isoDate));
}
