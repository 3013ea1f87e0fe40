/**
 * `npm run guests -- hosts list|add|remove`: the site's hosts on the command line, through the
 * same list as the hosts' page (`server/site/host/host-list.ts`: a valid number or email, no
 * host twice, a config host removed in the config only, never the last host), each change in
 * the page's audit log as the command line's. This is how the first host is added when the
 * config lists none.
 */
import type { Project } from '../projects/projects-repository.js';
import { AuditLog, COMMAND_LINE } from '../site/host/audit-log.js';
import {
  type HostEntry,
  HostList,
  hostAddSummary,
  hostRemoveSummary,
} from '../site/host/host-list.js';
import type { Store } from '../store.js';
import { formatTime } from './guest-list.js';

/** The subcommands of `hosts`, with how many arguments each takes. */
export const HOST_COMMANDS: Readonly<Record<string, number>> = { list: 0, add: 1, remove: 1 };

/** One host as `hosts list` prints it. */
function hostLine(entry: HostEntry): string {
  const origin =
    entry.source === 'config'
      ? 'in the config file (hosts)'
      : `added ${formatTime(entry.addedAt ?? 0)} by ${entry.addedBy ?? 'unknown'}`;
  return `  ${entry.identifier}  ${origin}`;
}

/**
 * Runs `hosts <subcommand> [identifier]` on `project`; resolves to the exit code.
 * @throws HostListError for a refused change (nothing written).
 */
export async function runHostCommand(
  store: Store,
  project: Project,
  [subcommand, identifier = '']: readonly string[],
  now: () => number = Date.now,
): Promise<number> {
  const list = new HostList(store.db, project, now);
  const audit = new AuditLog(store.db, now);
  if (subcommand === 'add') {
    const entry = await list.add(identifier, COMMAND_LINE.label);
    await audit.record(project.projectId, COMMAND_LINE, 'host.add', hostAddSummary(entry));
    console.log(`Added ${entry.identifier} as a host: they sign in on the site's /host page.`);
    return 0;
  }
  if (subcommand === 'remove') {
    const entry = await list.remove(identifier);
    await audit.record(project.projectId, COMMAND_LINE, 'host.remove', hostRemoveSummary(entry));
    console.log(`Removed ${entry.identifier} from the hosts.`);
    return 0;
  }
  const hosts = await list.list();
  console.log(`Hosts of ${project.name}`);
  console.log(
    hosts.length === 0
      ? 'No hosts yet: add one with npm run guests -- hosts add <phone or email>.'
      : hosts.map(hostLine).join('\n'),
  );
  return 0;
}
