/**
 * The guest list: which phone numbers are invited, kept as
 * `trusted_metadata.invited` on each number's user: the user the number signs in, never an
 * account that only claims it unproven (see `findByDestination`). Hosts edit it with
 * `npm run guests`; the site reads it from `GET /users/me`. Every function
 * takes the store and the project, so tests run them on a real database.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { JsonObject } from '../db/json-column.js';
import type { UserName } from '../products/users/index.js';
import {
  countryList,
  countryName,
  normalizePhone,
  UNTEXTABLE_TYPES,
} from '../products/users/index.js';
import type { Project } from '../projects/projects-repository.js';
import { type RsvpAnswer, RsvpRepository } from '../site/rsvp-repository.js';
import type { Store } from '../store.js';
import { formatCsv, parseCsv } from './csv.js';

/** An expected failure (a bad or unknown number): print the message, no stack trace. */
export class GuestListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuestListError';
  }
}

/** A phone number read from the command line or a CSV file. */
export interface GuestPhone {
  /** E.164, as the server stores it. */
  e164: string;
  /** ISO 3166 country, when the number has one. */
  country: string | undefined;
}

/**
 * Reads a phone number as a host types it: international with `+`, or a US
 * number without it (`415 555 2671`, `(415) 555-2671`, `1-415-555-2671`).
 * @throws GuestListError when it is not a valid number, or is a kind no text reaches (toll-free, premium rate…).
 */
export function parseGuestPhone(raw: string): GuestPhone {
  const typed = raw.trim();
  let candidate = typed;
  if (!typed.startsWith('+')) {
    const digits = typed.replace(/[\s().-]/g, '');
    if (/^\d{10}$/.test(digits)) candidate = `+1${digits}`;
    else if (/^1\d{10}$/.test(digits)) candidate = `+${digits}`;
    else if (/^00\d{6,}$/.test(digits)) candidate = `+${digits.slice(2)}`;
  }
  const shown = typed === '' ? '(empty)' : `"${typed.slice(0, 64)}"`;
  let phone: ReturnType<typeof normalizePhone>;
  try {
    phone = normalizePhone(candidate);
  } catch {
    throw new GuestListError(
      `${shown} is not a valid phone number ` +
        '(use +<country code><number>, or 10 digits for the US).',
    );
  }
  const kind = phone.type && UNTEXTABLE_TYPES[phone.type];
  if (kind) {
    throw new GuestListError(
      `${shown} is one of the ${kind}, which cannot receive text messages; ask the guest for a mobile number.`,
    );
  }
  return { e164: phone.e164, country: phone.country };
}

/**
 * Why a guest's number cannot receive the project's text messages, or `undefined` when it can:
 * `+442071838750 is a number in the United Kingdom, but this project texts only the United
 * States and Canada (sms.allowedCountries), so this guest cannot sign in by SMS.`
 */
export function countryWarning(phone: GuestPhone, project: Project): string | undefined {
  const allowed = project.settings.sms.allowedCountries;
  if (phone.country && allowed.includes(phone.country)) return undefined;
  const where = phone.country
    ? `a number in ${countryName(phone.country)}`
    : 'not tied to a country';
  return (
    `${phone.e164} is ${where}, but this project texts only ${countryList(allowed)} ` +
    '(sms.allowedCountries), so this guest cannot sign in by SMS.'
  );
}

/** `"Ada  Augusta Lovelace"` → first name `Ada`, last name `Augusta Lovelace`. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** A user's name as one line (`''` when it has none). */
export function fullName(name: UserName): string {
  return [name.first_name, name.middle_name, name.last_name]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** `+14155552671` → `(415) 555-2671`; the E.164 text when it cannot be formatted. */
export function nationalFormat(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

/** What `inviteGuest` did. */
export interface InviteResult {
  e164: string;
  country: string | undefined;
  /** The name now on the list (`''` when none is known). */
  name: string;
  /** `invited`: newly on the list; `already-invited`: it was on the list before. */
  outcome: 'invited' | 'already-invited';
  /** Whether the number had no user before. */
  createdUser: boolean;
}

/**
 * Puts a phone number on the list: finds the user it signs in (the one holding it verified, else
 * an unproven account holding it pending, see `findByDestination`) or creates one, sets
 * `trusted_metadata.invited = true` (keeping the other trusted fields) and,
 * when `name` is given, the user's name and `trusted_metadata.guest_name`.
 * @throws GuestListError for an invalid number.
 */
export async function inviteGuest(
  store: Store,
  project: Project,
  rawPhone: string,
  name: string | undefined,
  now: number,
): Promise<InviteResult> {
  const phone = parseGuestPhone(rawPhone);
  const guestName = name?.trim().replace(/\s+/g, ' ') || undefined;
  const method = await store.users.findOrCreateByDestination(project, 'phone', phone.e164, now, {
    trustedMetadata: { invited: true, ...(guestName ? { guest_name: guestName } : {}) },
    ...(guestName ? { name: splitName(guestName) } : {}),
  });
  const user = await store.users.findById(project.projectId, method.userId);
  if (!user) throw new Error(`user ${method.userId} vanished`);
  const wasInvited = !method.created && user.trustedMetadata.invited === true;
  const metadata: JsonObject = { ...user.trustedMetadata, invited: true };
  if (guestName) metadata.guest_name = guestName;
  if (!method.created) await store.users.setTrustedMetadata(user.userId, metadata);
  let shownName = fullName(user.name);
  if (guestName && !method.created) {
    const parts = splitName(guestName);
    await store.users.setName(user.userId, { ...user.name, ...parts, middle_name: '' });
    shownName = guestName;
  }
  return {
    e164: phone.e164,
    country: phone.country,
    name: shownName || (typeof metadata.guest_name === 'string' ? metadata.guest_name : ''),
    outcome: wasInvited ? 'already-invited' : 'invited',
    createdUser: method.created,
  };
}

/** What `removeGuest` did. */
export interface RemoveResult {
  e164: string;
  /** `removed`: it was on the list; `not-invited`: the user exists but was not on it. */
  outcome: 'removed' | 'not-invited';
}

/**
 * Takes a number off the list (`trusted_metadata.invited = false`); the user
 * and its history stay.
 * @throws GuestListError for an invalid number or one no user has.
 */
export async function removeGuest(
  store: Store,
  project: Project,
  rawPhone: string,
): Promise<RemoveResult> {
  const phone = parseGuestPhone(rawPhone);
  const method = await store.users.findByDestination(project.projectId, 'phone', phone.e164);
  const user = method && (await store.users.findById(project.projectId, method.userId));
  if (!user) throw new GuestListError(`${phone.e164} is not on the guest list (no such number).`);
  const wasInvited = user.trustedMetadata.invited === true;
  await store.users.setTrustedMetadata(user.userId, { ...user.trustedMetadata, invited: false });
  return { e164: phone.e164, outcome: wasInvited ? 'removed' : 'not-invited' };
}

/** One phone number of the list. */
export interface GuestEntry {
  e164: string;
  name: string;
  invited: boolean;
  /** Whether the guest ever signed in (proved the number with a code). */
  signedIn: boolean;
  /** When the newest session started, in epoch milliseconds. */
  lastSessionAt: number | null;
  /** The guest's answer to the invitation (see `server/site/rsvp-routes.ts`), or null. */
  rsvp: RsvpAnswer | null;
}

/** The invited numbers (every phone user with `all`), oldest first. */
export async function listGuests(
  store: Store,
  project: Project,
  options: { all?: boolean } = {},
): Promise<GuestEntry[]> {
  const users = await store.users.listPhoneUsers(project.projectId);
  const answers = await new RsvpRepository(store.db).listByUser(project.projectId);
  return users
    .map((user) => {
      const guestName = user.trustedMetadata.guest_name;
      return {
        e164: user.phoneNumber,
        name: fullName(user.name) || (typeof guestName === 'string' ? guestName : ''),
        invited: user.trustedMetadata.invited === true,
        // Only a proven number's sessions are the guest's: an unproven account holding it may
        // have been made by someone else.
        signedIn: user.verified,
        lastSessionAt: user.verified ? user.lastSessionAt : null,
        rsvp: answers.get(user.userId) ?? null,
      };
    })
    .filter((entry) => options.all || entry.invited);
}

/** `2025-07-26 18:00 UTC`. */
export function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The list as a text table with a count line, ready to print. */
export function formatGuestTable(entries: readonly GuestEntry[], options: { all?: boolean } = {}) {
  const header = ['Phone', 'E.164', 'Name', 'Invited', 'Signed in', 'RSVP', 'Note'];
  const rows = entries.map((entry) => [
    nationalFormat(entry.e164),
    entry.e164,
    entry.name || '-',
    entry.invited ? 'yes' : 'no',
    !entry.signedIn
      ? 'not yet'
      : entry.lastSessionAt === null
        ? 'yes'
        : `yes, ${formatTime(entry.lastSessionAt)}`,
    rsvpWords(entry.rsvp),
    noteExcerpt(entry.rsvp?.note ?? ''),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const invited = entries.filter((entry) => entry.invited);
  const signedIn = invited.filter((entry) => entry.signedIn).length;
  let count = `${invited.length} invited, ${signedIn} signed in`;
  const others = entries.length - invited.length;
  if (options.all && others > 0) count += `, ${others} not on the list`;
  const lines =
    entries.length === 0
      ? [options.all ? 'No phone numbers yet.' : 'Nobody is on the guest list yet.']
      : [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
  const answers = rsvpTotals(invited);
  return [...lines, ...(answers ? [answers] : []), count].join('\n');
}

/** An answer as the table shows it: `yes, 2`, `no` or `-` (none yet). */
function rsvpWords(rsvp: RsvpAnswer | null): string {
  if (!rsvp) return '-';
  return rsvp.attending ? `yes, ${rsvp.partySize}` : 'no';
}

/** The longest note excerpt the table shows; `guests export` writes the whole note. */
const NOTE_EXCERPT = 40;

/** A note on one line, cut to `NOTE_EXCERPT` characters (`-` for none). */
function noteExcerpt(note: string): string {
  const flat = note.replace(/\s+/g, ' ').trim();
  if (!flat) return '-';
  const chars = [...flat];
  return chars.length > NOTE_EXCERPT ? `${chars.slice(0, NOTE_EXCERPT - 1).join('')}…` : flat;
}

/** `RSVP: 2 coming (5 people), 1 not coming, 3 not answered`, or undefined before any answer. */
function rsvpTotals(invited: readonly GuestEntry[]): string | undefined {
  const coming = invited.filter((entry) => entry.rsvp?.attending);
  const notComing = invited.filter((entry) => entry.rsvp && !entry.rsvp.attending).length;
  if (coming.length + notComing === 0) return undefined;
  const people = coming.reduce((sum, entry) => sum + (entry.rsvp?.partySize ?? 0), 0);
  const waiting = invited.length - coming.length - notComing;
  return `RSVP: ${coming.length} coming (${people} ${people === 1 ? 'person' : 'people'}), ${notComing} not coming, ${waiting} not answered`;
}

/**
 * The list as CSV for a spreadsheet (`guests export`): a header, then one row per entry with
 * its answer and whole note. Notes are the guests' own words: a cell a spreadsheet would run
 * as a formula stays text (`csvCell`).
 */
export function formatGuestCsv(entries: readonly GuestEntry[]): string {
  const header = [
    'phone',
    'name',
    'invited',
    'signed_in',
    'rsvp',
    'party_size',
    'note',
    'answered_at',
  ];
  const rows = entries.map((entry) => [
    entry.e164,
    entry.name,
    entry.invited ? 'yes' : 'no',
    entry.signedIn ? 'yes' : 'no',
    entry.rsvp ? (entry.rsvp.attending ? 'yes' : 'no') : '',
    entry.rsvp ? String(entry.rsvp.partySize) : '',
    entry.rsvp?.note ?? '',
    entry.rsvp ? new Date(entry.rsvp.updatedAt).toISOString() : '',
  ]);
  return formatCsv([header, ...rows]);
}

/** A line of an imported file that could not be used. */
export interface ImportProblem {
  line: number;
  message: string;
}

/** A number of an imported file that the project cannot text. */
export interface ImportWarning {
  line: number;
  e164: string;
  message: string;
}

/** What `importGuests` did. */
export interface ImportResult {
  invited: InviteResult[];
  alreadyInvited: InviteResult[];
  invalid: ImportProblem[];
  /** Invited numbers outside the project's `sms.allowedCountries`: they cannot sign in by SMS. */
  warnings: ImportWarning[];
  /** Whether the first row was taken as a header. */
  header: boolean;
}

/** A first row such as `phone,name` or `Phone number, Guest`: no digits, a known title. */
export function isHeaderRow(fields: readonly string[]): boolean {
  return (
    fields.every((field) => !/\d/.test(field)) &&
    fields.some((field) => /phone|number|mobile|cell|tel|name|guest/i.test(field))
  );
}

/**
 * Finds numbers that two rows give different names (after trimming and collapsing spaces;
 * a row without a name names nobody): importing them would silently rename a guest.
 * @throws GuestListError naming each such number and its lines, before anything is written.
 */
function assertNoConflictingNames(rows: readonly { line: number; fields: string[] }[]): void {
  const names = new Map<string, { name: string; line: number }[]>();
  for (const row of rows) {
    const [phone = '', name = ''] = row.fields;
    let e164: string;
    try {
      e164 = parseGuestPhone(phone).e164;
    } catch {
      continue;
    }
    const guestName = name.trim().replace(/\s+/g, ' ');
    if (guestName === '') continue;
    names.set(e164, [...(names.get(e164) ?? []), { name: guestName, line: row.line }]);
  }
  const conflicts = [...names].filter(
    ([, given]) => new Set(given.map((entry) => entry.name)).size > 1,
  );
  if (conflicts.length === 0) return;
  const lines = conflicts.map(
    ([e164, given]) =>
      `  ${e164}: ${given.map((entry) => `line ${entry.line} "${entry.name}"`).join(', ')}`,
  );
  throw new GuestListError(
    `Nothing was imported: ${conflicts.length === 1 ? 'a number is' : 'numbers are'} given ` +
      `different names on different lines, and only one name can be kept:\n${lines.join('\n')}\n` +
      'Keep one line per guest (or give every line of a number the same name), then import again.',
  );
}

/**
 * Invites every `phone,name` line of a CSV file (a header row is detected and
 * skipped; further columns are ignored). A bad line is reported and skipped;
 * the others are still invited. A number given twice with the same name (or
 * once without one) counts as already invited the second time; a number given
 * two different names stops the import before anything is written. A number
 * outside the project's allowed countries is invited, with a warning.
 * @throws GuestListError when a number is given different names.
 */
export async function importGuests(
  store: Store,
  project: Project,
  csvText: string,
  now: number,
): Promise<ImportResult> {
  const rows = parseCsv(csvText);
  const header = rows[0] !== undefined && isHeaderRow(rows[0].fields);
  const guests = header ? rows.slice(1) : rows;
  assertNoConflictingNames(guests);
  const result: ImportResult = {
    invited: [],
    alreadyInvited: [],
    invalid: [],
    warnings: [],
    header,
  };
  for (const row of guests) {
    // Columns after the name are ignored; a name holding a comma must be quoted.
    const [phone = '', name = ''] = row.fields;
    if (phone === '') {
      result.invalid.push({ line: row.line, message: 'no phone number' });
      continue;
    }
    try {
      const invite = await inviteGuest(store, project, phone, name || undefined, now);
      (invite.outcome === 'invited' ? result.invited : result.alreadyInvited).push(invite);
      const warning = countryWarning(invite, project);
      if (warning) result.warnings.push({ line: row.line, e164: invite.e164, message: warning });
    } catch (error) {
      if (!(error instanceof GuestListError)) throw error;
      result.invalid.push({ line: row.line, message: error.message });
    }
  }
  return result;
}
