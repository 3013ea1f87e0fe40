/**
 * Importing a CSV file of guests, as a plan first: which lines add a number to the list, which
 * rename a guest already on it, which change nothing, which cannot be used (problems) and which
 * numbers the project cannot text (warnings). The plan is computed from the list as it stands
 * and writes nothing; `GuestService.applyImport` then carries out the adds and renames. The
 * command line (`npm run guests -- import`) and the hosts' page read the same plan.
 */

import type { Project } from '../../projects/projects-repository.js';
import { parseCsv } from './csv.js';
import { tidyGuestName } from './guest-names.js';
import { countryWarning, GuestListError, parseGuestPhone } from './guest-phone.js';

/** A number of the list as the plan sees it before the import. */
export interface ListedNumber {
  userId: string;
  invited: boolean;
  /** The name the list shows (`''` for none). */
  name: string;
}

/** A line that puts a number on the list (a new guest, or a known number not invited yet). */
export interface PlannedAdd {
  line: number;
  e164: string;
  /** The name the guest will have (`''` for none). */
  name: string;
  /** Whether the line gives that name (else it is the one the number's user has already). */
  named: boolean;
}

/** A line that renames a guest already on the list. */
export interface PlannedUpdate {
  line: number;
  /** The guest's user. */
  userId: string;
  e164: string;
  name: string;
  previousName: string;
}

/** A line that changes nothing (the number is on the list with that name, or the line names nobody). */
export interface PlannedUnchanged {
  line: number;
  e164: string;
}

/** A line of the file that cannot be used. */
export interface ImportProblem {
  line: number;
  message: string;
}

/** A number of the file that the project cannot text (it is still imported). */
export interface ImportWarning {
  line: number;
  e164: string;
  message: string;
}

/** What importing a file does (or did, once applied). */
export interface ImportPlan {
  /** Whether the first row was taken as a header. */
  header: boolean;
  add: PlannedAdd[];
  update: PlannedUpdate[];
  unchanged: PlannedUnchanged[];
  problems: ImportProblem[];
  /** Numbers outside the project's `sms.allowedCountries`: they cannot sign in by SMS. */
  warnings: ImportWarning[];
}

/** A first row such as `phone,name` or `Phone number, Guest`: no digits, a known title. */
export function isHeaderRow(fields: readonly string[]): boolean {
  return (
    fields.every((field) => !/\d/.test(field)) &&
    fields.some((field) => /phone|number|mobile|cell|tel|name|guest/i.test(field))
  );
}

/** One usable line: its number read, its name tidied. */
interface GuestLine {
  line: number;
  e164: string;
  country: string | undefined;
  name: string;
}

/**
 * Plans the import of `csvText` against the list as it stands (`listed`, by E.164 number):
 * every `phone,name` line (a header row is detected and skipped; further columns are ignored).
 * A number given twice with the same name (or once without one) changes nothing the second time.
 * @throws GuestListError when a number is given different names (nothing can be imported).
 * @throws CsvError when the text is not CSV (a quoted field never closed).
 */
export function planImport(
  csvText: string,
  listed: ReadonlyMap<string, ListedNumber>,
  project: Project,
): ImportPlan {
  const rows = parseCsv(csvText);
  const header = rows[0] !== undefined && isHeaderRow(rows[0].fields);
  const plan: ImportPlan = {
    header,
    add: [],
    update: [],
    unchanged: [],
    problems: [],
    warnings: [],
  };
  const lines: GuestLine[] = [];
  for (const row of header ? rows.slice(1) : rows) {
    // Columns after the name are ignored; a name holding a comma must be quoted.
    const [phone = '', name = ''] = row.fields;
    if (phone === '') {
      plan.problems.push({ line: row.line, message: 'no phone number' });
      continue;
    }
    try {
      lines.push({ line: row.line, ...parseGuestPhone(phone), name: tidyGuestName(name) });
    } catch (error) {
      if (!(error instanceof GuestListError)) throw error;
      plan.problems.push({ line: row.line, message: error.message });
    }
  }
  assertNoConflictingNames(lines);
  const state = new Map(listed);
  const added = new Map<string, PlannedAdd>();
  for (const line of lines) {
    planLine(plan, state, added, line);
    const warning = countryWarning(line, project);
    if (warning) plan.warnings.push({ line: line.line, e164: line.e164, message: warning });
  }
  plan.problems.sort((a, b) => a.line - b.line);
  return plan;
}

/**
 * Files one line in the plan and records its effect in `state`, for the lines after it. A line
 * naming a number that an earlier line of the file adds gives that add its name (no two lines
 * give a number different names: see `assertNoConflictingNames`).
 */
function planLine(
  plan: ImportPlan,
  state: Map<string, ListedNumber>,
  added: Map<string, PlannedAdd>,
  line: GuestLine,
): void {
  const { e164, name } = line;
  const current = state.get(e164);
  const earlier = added.get(e164);
  if (earlier) {
    if (name !== '' && !earlier.named) Object.assign(earlier, { name, named: true });
    plan.unchanged.push({ line: line.line, e164 });
  } else if (!current?.invited) {
    const add = { line: line.line, e164, name: name || current?.name || '', named: name !== '' };
    plan.add.push(add);
    added.set(e164, add);
  } else if (name !== '' && name !== current.name) {
    plan.update.push({
      line: line.line,
      userId: current.userId,
      e164,
      name,
      previousName: current.name,
    });
    state.set(e164, { ...current, name });
  } else {
    plan.unchanged.push({ line: line.line, e164 });
  }
}

/**
 * Finds numbers that two lines give different names (a line without a name names nobody):
 * importing them would silently rename a guest.
 * @throws GuestListError naming each such number and its lines, before anything is written.
 */
function assertNoConflictingNames(lines: readonly GuestLine[]): void {
  const names = new Map<string, { name: string; line: number }[]>();
  for (const { e164, name, line } of lines) {
    if (name === '') continue;
    names.set(e164, [...(names.get(e164) ?? []), { name, line }]);
  }
  const conflicts = [...names].filter(
    ([, given]) => new Set(given.map((entry) => entry.name)).size > 1,
  );
  if (conflicts.length === 0) return;
  const described = conflicts.map(
    ([e164, given]) =>
      `  ${e164}: ${given.map((entry) => `line ${entry.line} "${entry.name}"`).join(', ')}`,
  );
  throw new GuestListError(
    `Nothing was imported: ${conflicts.length === 1 ? 'a number is' : 'numbers are'} given ` +
      `different names on different lines, and only one name can be kept:\n${described.join('\n')}\n` +
      'Keep one line per guest (or give every line of a number the same name), then import again.',
  );
}
