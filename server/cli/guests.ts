/**
 * `npm run guests -- <command>`: the hosts' guest list on the command line.
 * It reads the server's configuration, opens the same database (safe while
 * the server runs) and edits the first configured project, or the one
 * `--project <public token>` names. The work is done by `guest-list.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config.js';
import type { Project } from '../projects/projects-repository.js';
import { CsvError } from '../site/guests/csv.js';
import { GuestService } from '../site/guests/guest-service.js';
import { addSummary, exportSummary, removeSummary } from '../site/guests/guest-summaries.js';
import { AuditLog, COMMAND_LINE } from '../site/host/audit-log.js';
import { HostListError } from '../site/host/host-list.js';
import type { Store } from '../store.js';
import { isSetupRefusal, openCommandStore } from './command-store.js';
import {
  countryWarning,
  formatGuestCsv,
  formatGuestTable,
  GuestListError,
  importGuests,
  inviteGuest,
  listGuests,
} from './guest-list.js';
import { HOST_COMMANDS, runHostCommand } from './host-commands.js';

/** The help text, printed by `help` and after a usage mistake. */
export const HELP = `Velvet guest list

Usage: npm run guests -- <command> [options]

Commands:
  add <phone> [name]    Invite a phone number (and name the guest).
  remove <phone>        Take a number off the list (the account stays).
  list                  Show the guest list, who has signed in and each answer.
  export [file.csv]     Write the list with every answer and note as CSV
                        (to the file, readable by you alone, or to the screen).
  import <file.csv>     Invite every "phone,name" line of a CSV file.
  hosts list            Show the site's hosts (the config file's and those added).
  hosts add <id>        Make a phone number or email a host of the hosts' page.
  hosts remove <id>     Remove a host added here or in the page (never the last).
  help                  Show this text.

Options:
  --project <token>     Work on the project with this public token
                        (default: the first project of the configuration).
  --all                 With list or export: every phone number, invited or not.

Phone numbers are international (+14155552671); 10 digits without + are read as US.
Every change is written to the hosts' page's audit log, as the command line's.
The configuration is the server's: DATA_DIR, DATABASE_URL, VELVET_CONFIG or
velvet.config.json.

Examples:
  npm run guests -- add +14155552671 "Ada Lovelace"
  npm run guests -- import guests.csv
  npm run guests -- list --all
  npm run guests -- export answers.csv
  npm run guests -- hosts add ada@example.com`;

/** Bad usage: the help text follows, and the exit code is 2. */
class UsageError extends Error {}

interface Command {
  name: 'add' | 'remove' | 'list' | 'export' | 'import' | 'hosts' | 'help';
  args: string[];
  project?: string;
  all: boolean;
}

/** The options of every command. */
const OPTIONS = {
  project: { type: 'string' },
  all: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function parseCommand(argv: string[]): Command {
  const parsed = readArgs(argv);
  const [name, ...args] = parsed.positionals;
  const { project, all = false, help = false } = parsed.values;
  if (help || name === 'help') return { name: 'help', args: [], all };
  const arity: Record<string, [number, number]> = {
    add: [1, Number.POSITIVE_INFINITY],
    remove: [1, 1],
    list: [0, 0],
    export: [0, 1],
    import: [1, 1],
    hosts: [1, 2],
  };
  if (name === undefined) throw new UsageError('Name a command.');
  const bounds = arity[name];
  if (!bounds) throw new UsageError(`Unknown command "${name}".`);
  if (args.length < bounds[0] || args.length > bounds[1]) {
    throw new UsageError(`Wrong number of arguments for "${name}".`);
  }
  if (name === 'hosts' && HOST_COMMANDS[args[0] ?? ''] !== args.length - 1) {
    throw new UsageError(
      'Use hosts list, hosts add <phone or email> or hosts remove <phone or email>.',
    );
  }
  if (all && name !== 'list' && name !== 'export') {
    throw new UsageError('--all goes with list or export only.');
  }
  return { name: name as Command['name'], args, project, all };
}

async function openProject(
  store: Store,
  config: ReturnType<typeof loadConfig>,
  token?: string,
): Promise<Project> {
  const stored: Project[] = [];
  for (const project of config.projects)
    stored.push(await store.projects.upsert(project, Date.now()));
  const chosen = token === undefined ? stored[0] : stored.find((p) => p.publicToken === token);
  if (!chosen) {
    const known = stored.map((p) => `  ${p.publicToken} (${p.name})`).join('\n');
    throw new GuestListError(
      `No configured project has the public token "${token}". Known:\n${known}`,
    );
  }
  return chosen;
}

/** Runs `command` on `project`'s guest list; resolves to the exit code. */
async function run(command: Command, store: Store, project: Project): Promise<number> {
  const now = Date.now();
  switch (command.name) {
    case 'add':
      return runAdd(command, store, project, now);
    case 'remove':
      return runRemove(command, store, project);
    case 'list':
      return runList(command, store, project);
    case 'export':
      return runExport(command, store, project);
    case 'import':
      return runImport(command, store, project, now);
    case 'hosts':
      return runHostCommand(store, project, command.args);
    case 'help':
      return 0;
  }
}

/** Writes a change to the hosts' page's audit log, as the command line's. */
async function audit(store: Store, project: Project, action: string, summary: string) {
  await new AuditLog(store.db, Date.now).record(project.projectId, COMMAND_LINE, action, summary);
}

/** `guests add <phone> [name]`. */
async function runAdd(command: Command, store: Store, project: Project, now: number) {
  const [phone = '', ...words] = command.args;
  const name = words.join(' ').trim() || undefined;
  const result = await inviteGuest(store, project, phone, name, now);
  await audit(
    store,
    project,
    'guest.add',
    addSummary(result, result.outcome === 'already-invited'),
  );
  const who = result.name ? `${result.e164} (${result.name})` : result.e164;
  console.log(result.outcome === 'invited' ? `Invited ${who}.` : `${who} was already invited.`);
  const warning = countryWarning(result, project);
  if (warning) console.log(`Warning: ${warning}`);
  return 0;
}

/** `guests remove <phone>`. */
async function runRemove(command: Command, store: Store, project: Project) {
  const result = await new GuestService(store, project).remove(command.args[0] ?? '');
  if (result.outcome === 'removed') {
    await audit(store, project, 'guest.remove', removeSummary(result));
  }
  console.log(
    result.outcome === 'removed'
      ? `Removed ${result.e164} from the guest list.`
      : `${result.e164} was not on the guest list.`,
  );
  return 0;
}

/** `guests list [--all]`. */
async function runList(command: Command, store: Store, project: Project) {
  const entries = await listGuests(store, project, { all: command.all });
  console.log(`Guest list of ${project.name}`);
  console.log(formatGuestTable(entries, { all: command.all }));
  return 0;
}

/**
 * `guests export [file.csv] [--all]`: the list with the answers as CSV, to the file (created
 * readable by its owner alone: the notes are the guests' private words) or to standard output.
 */
async function runExport(command: Command, store: Store, project: Project) {
  const entries = await listGuests(store, project, { all: command.all });
  const csv = formatGuestCsv(entries);
  await audit(store, project, 'guest.export', exportSummary(entries.length));
  const file = command.args[0];
  if (file === undefined || file === '-') {
    process.stdout.write(csv);
    return 0;
  }
  try {
    writeFileSync(file, csv, { mode: 0o600 });
  } catch (error) {
    throw new GuestListError(
      `Cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  console.log(`Wrote ${entries.length} ${entries.length === 1 ? 'guest' : 'guests'} to ${file}.`);
  return 0;
}

/** `guests import <file.csv>`: 1 when some row was invalid. */
async function runImport(command: Command, store: Store, project: Project, now: number) {
  const file = command.args[0] ?? '';
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new GuestListError(
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    );
  }
  const result = await importGuests(store, project, text, now);
  await audit(store, project, 'guest.import', result.summary);
  for (const problem of result.invalid) {
    console.log(`${file}:${problem.line}: ${problem.message}`);
  }
  for (const warning of result.warnings) {
    console.log(`${file}:${warning.line}: warning: ${warning.message}`);
  }
  console.log(
    `Invited ${result.invited.length}, already invited ${result.alreadyInvited.length}, ` +
      `invalid ${result.invalid.length}.` +
      (result.warnings.length > 0
        ? ` ${result.warnings.length} cannot sign in by SMS (outside sms.allowedCountries).`
        : ''),
  );
  return result.invalid.length > 0 ? 1 : 0;
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`guests: ${error.message}\n`);
    console.error(HELP);
    return 2;
  }
  if (command.name === 'help') {
    console.log(HELP);
    return 0;
  }

  const config = loadConfig(process.env, process.cwd(), { command: true });
  const store = await openCommandStore(config);
  try {
    const project = await openProject(store, config, command.project);
    return await run(command, store, project);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (
      isSetupRefusal(error) ||
      error instanceof GuestListError ||
      error instanceof HostListError
    ) {
      console.error(`guests: ${error.message}`);
    } else if (error instanceof CsvError) {
      console.error(`guests: the CSV file cannot be read: ${error.message}`);
    } else {
      console.error('guests: unexpected error:', error);
    }
    process.exitCode = 1;
  },
);
