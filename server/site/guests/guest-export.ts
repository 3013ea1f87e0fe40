/** The guest list as a CSV file for a spreadsheet: `npm run guests -- export` and the hosts' page. */
import { formatCsv } from './csv.js';
import type { GuestEntry } from './guest-service.js';

/**
 * The list as CSV: a header, then one row per entry with its answer and whole note. Notes are
 * the guests' own words: a cell a spreadsheet would run as a formula stays text (`csvCell`).
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
