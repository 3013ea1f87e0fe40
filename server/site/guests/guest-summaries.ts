/**
 * The audit log's one-line summaries of guest list changes, in words a host reads
 * ("Added Ada Lovelace (+1 415 555 0100)", "Imported 150 guests: 148 added, 2 updated"): the
 * same whether the change came from the hosts' page or from `npm run guests`. A summary names
 * guests and numbers, never a code or a token.
 */
import type { ImportPlan } from './guest-import.js';
import { internationalFormat } from './guest-phone.js';

/** What a summary needs of a guest. */
interface Named {
  e164: string;
  name: string;
}

/** `Ada Lovelace (+1 415 555 0100)`, or the number alone for a guest without a name. */
export function describeGuest(guest: Named): string {
  const number = internationalFormat(guest.e164);
  return guest.name ? `${guest.name} (${number})` : number;
}

/** `Added Ada Lovelace (+1 415 555 0100)` (`again` when the number was on the list already). */
export function addSummary(guest: Named, alreadyInvited: boolean): string {
  return `Added ${describeGuest(guest)}${alreadyInvited ? ' again (already on the list)' : ''}`;
}

/** `Renamed … to …` and/or `changed …’s number from … to …`; undefined when nothing changed. */
export function editSummary(before: Named, after: Named): string | undefined {
  const changes: string[] = [];
  if (after.name !== before.name) changes.push(`renamed ${describeGuest(before)} to ${after.name}`);
  if (after.e164 !== before.e164) {
    changes.push(
      `changed ${after.name || 'a guest'}’s number from ${internationalFormat(before.e164)} to ${internationalFormat(after.e164)}`,
    );
  }
  const text = changes.join(' and ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : undefined;
}

/** `Took Ada Lovelace (+1 415 555 0100) off the list`. */
export function removeSummary(guest: Named): string {
  return `Took ${describeGuest(guest)} off the list`;
}

/** `Imported 150 guests: 148 added, 2 updated` (and what was unchanged or skipped). */
export function importSummary(plan: ImportPlan): string {
  const total = plan.add.length + plan.update.length + plan.unchanged.length;
  let summary = `Imported ${plural(total, 'guest')}: ${plan.add.length} added, ${plan.update.length} updated`;
  if (plan.unchanged.length > 0) summary += `, ${plan.unchanged.length} unchanged`;
  if (plan.problems.length > 0) summary += `; ${plural(plan.problems.length, 'line')} skipped`;
  return summary;
}

/** `Exported 150 guests as CSV`. */
export function exportSummary(count: number): string {
  return `Exported ${plural(count, 'guest')} as CSV`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
