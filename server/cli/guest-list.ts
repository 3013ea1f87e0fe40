/**
 * The guest list as `npm run guests` shows it: the command's calls into the guests' service
 * (`server/site/guests/`, where every rule of the list lives, shared with the hosts' page), with
 * the shapes the command prints, and the list as a text table. Every function takes the store
 * and the project, so tests run them on a real database.
 */
import type { Project } from '../projects/projects-repository.js';
import { nationalFormat } from '../site/guests/guest-phone.js';
import type {
  GuestEntry,
  InviteResult as ServiceInviteResult,
} from '../site/guests/guest-service.js';
import { GuestService } from '../site/guests/guest-service.js';
import { importSummary } from '../site/guests/guest-summaries.js';
import type { RsvpAnswer } from '../site/rsvp-repository.js';
import type { Store } from '../store.js';

export { formatGuestCsv } from '../site/guests/guest-export.js';
export { isHeaderRow } from '../site/guests/guest-import.js';
export { splitName } from '../site/guests/guest-names.js';
export { countryWarning, GuestListError, parseGuestPhone } from '../site/guests/guest-phone.js';

/** What `inviteGuest` did: the service's answer without the user id. */
export type InviteResult = Omit<ServiceInviteResult, 'userId'>;

/**
 * Puts a phone number on the list (and names the guest): `GuestService.invite`.
 * @throws GuestListError for an invalid number or name.
 */
export async function inviteGuest(
  store: Store,
  project: Project,
  rawPhone: string,
  name: string | undefined,
  now: number,
): Promise<InviteResult> {
  const { userId: _, ...result } = await new GuestService(store, project, () => now).invite(
    rawPhone,
    name,
  );
  return result;
}

/**
 * Takes a number off the list, keeping the user and its history: `GuestService.remove`.
 * @throws GuestListError for an invalid number or one no user has.
 */
export async function removeGuest(
  store: Store,
  project: Project,
  rawPhone: string,
): Promise<{ e164: string; outcome: 'removed' | 'not-invited' }> {
  const { e164, outcome } = await new GuestService(store, project).remove(rawPhone);
  return { e164, outcome };
}

/** The invited numbers (every phone user with `all`), oldest first: `GuestService.list`. */
export function listGuests(
  store: Store,
  project: Project,
  options: { all?: boolean } = {},
): Promise<GuestEntry[]> {
  return new GuestService(store, project).list(options);
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

/** What `importGuests` did, as the command sums it up. */
export interface ImportResult {
  /** Lines that put a number on the list. */
  invited: { line: number; e164: string }[];
  /** Lines of numbers on the list already (renamed or not). */
  alreadyInvited: { line: number; e164: string }[];
  invalid: { line: number; message: string }[];
  /** Invited numbers outside the project's `sms.allowedCountries`: they cannot sign in by SMS. */
  warnings: { line: number; e164: string; message: string }[];
  /** Whether the first row was taken as a header. */
  header: boolean;
  /** The audit log's summary of the import. */
  summary: string;
}

/**
 * Invites every `phone,name` line of a CSV file: `GuestService.applyImport` (see `planImport`
 * for the rules).
 * @throws GuestListError when a number is given different names (nothing is imported).
 */
export async function importGuests(
  store: Store,
  project: Project,
  csvText: string,
  now: number,
): Promise<ImportResult> {
  const plan = await new GuestService(store, project, () => now).applyImport(csvText);
  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  return {
    invited: plan.add.map(({ line, e164 }) => ({ line, e164 })),
    alreadyInvited: [...plan.update, ...plan.unchanged]
      .map(({ line, e164 }) => ({ line, e164 }))
      .sort(byLine),
    invalid: plan.problems,
    warnings: plan.warnings,
    header: plan.header,
    summary: importSummary(plan),
  };
}
