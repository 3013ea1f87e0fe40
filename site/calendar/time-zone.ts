/**
 * The party's time zone, as rules: when daylight time starts and ends, and each period's UTC
 * offset and name. One table gives both the `VTIMEZONE` of the `.ics` files and the UTC times of
 * the Google and Outlook links, so a calendar and a link never disagree about an hour.
 */

/** One period of a zone's year: from the given Sunday of `month` at `hour` (local wall time). */
export interface ZonePeriod {
  /** As calendars show it, e.g. `PDT`. */
  readonly name: string;
  /** Minutes east of UTC, e.g. -420 for UTC-07:00. */
  readonly offsetMinutes: number;
  /** 1 to 12. */
  readonly month: number;
  /** Which Sunday of the month (1 = the first). */
  readonly sunday: number;
  /** The local hour at which it begins. */
  readonly hour: number;
}

/** A zone whose year has a daylight and a standard period. */
export interface ZoneRules {
  readonly daylight: ZonePeriod;
  readonly standard: ZonePeriod;
}

/** The zones the invitation may be in: the US Pacific rules since 2007. */
export const TIME_ZONES = {
  'America/Los_Angeles': {
    daylight: { name: 'PDT', offsetMinutes: -420, month: 3, sunday: 2, hour: 2 },
    standard: { name: 'PST', offsetMinutes: -480, month: 11, sunday: 1, hour: 2 },
  },
} as const satisfies Record<string, ZoneRules>;

/** A time zone the invitation may name. */
export type PartyTimeZone = keyof typeof TIME_ZONES;

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:MM` as its parts; throws on anything else. */
export function parseLocalTime(local: string): readonly [number, number, number, number, number] {
  const match = LOCAL_TIME.exec(local);
  if (!match) throw new Error(`not a local time (YYYY-MM-DDTHH:MM): ${local}`);
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return [year ?? 0, month ?? 0, day ?? 0, hour ?? 0, minute ?? 0];
}

/** The wall time of `period`'s start in `year`, as a UTC timestamp of the same digits. */
function periodStart(year: number, period: ZonePeriod): number {
  const first = new Date(Date.UTC(year, period.month - 1, 1)).getUTCDay();
  const day = 1 + ((7 - first) % 7) + 7 * (period.sunday - 1);
  return Date.UTC(year, period.month - 1, day, period.hour);
}

/**
 * The UTC offset in minutes of `local` (`YYYY-MM-DDTHH:MM`, the wall time in `zone`). A wall
 * time that happens twice (the hour before daylight time ends) counts as daylight time.
 */
export function offsetAt(zone: PartyTimeZone, local: string): number {
  const [year, month, day, hour, minute] = parseLocalTime(local);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const { daylight, standard } = TIME_ZONES[zone];
  const inDaylight = wall >= periodStart(year, daylight) && wall < periodStart(year, standard);
  return inDaylight ? daylight.offsetMinutes : standard.offsetMinutes;
}

/** The instant of `local` (`YYYY-MM-DDTHH:MM`, the wall time in `zone`). */
export function toInstant(zone: PartyTimeZone, local: string): Date {
  const [year, month, day, hour, minute] = parseLocalTime(local);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  return new Date(wall - offsetAt(zone, local) * 60_000);
}

/** `-0700` for -420 minutes. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(size / 60))}${pad(size % 60)}`;
}

/** One period as a `DAYLIGHT` or `STANDARD` block, from 1970 on, yearly. */
function periodLines(kind: 'DAYLIGHT' | 'STANDARD', period: ZonePeriod, before: number): string[] {
  // `1970-03-08T02:00:00.000Z` as `19700308T020000`.
  const dtstart = new Date(periodStart(1970, period))
    .toISOString()
    .slice(0, 19)
    .replaceAll(/[-:]/g, '');
  return [
    `BEGIN:${kind}`,
    `TZOFFSETFROM:${utcOffset(before)}`,
    `TZOFFSETTO:${utcOffset(period.offsetMinutes)}`,
    `TZNAME:${period.name}`,
    `DTSTART:${dtstart}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${period.month};BYDAY=${period.sunday}SU`,
    `END:${kind}`,
  ];
}

/** The `VTIMEZONE` component of `zone` (RFC 5545 section 3.6.5), as unfolded lines. */
export function vtimezoneLines(zone: PartyTimeZone): string[] {
  const { daylight, standard } = TIME_ZONES[zone];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...periodLines('DAYLIGHT', daylight, standard.offsetMinutes),
    ...periodLines('STANDARD', standard, daylight.offsetMinutes),
    'END:VTIMEZONE',
  ];
}
