/**
 * Who the site's hosts are: the config's `hosts` (always hosts, removed only from the config)
 * and those added since from the hosts' page or the command line (`site_hosts`). One list for
 * the page, the command line and the check of each request (`host-check.ts`), with its rules in
 * one place: an identifier is a valid number or email, no host is listed twice, and the last
 * host cannot be removed.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Project } from '../../projects/projects-repository.js';
import { normalizeHostIdentifier } from './host-settings.js';
import './host-tables.js';

/** One host as the page lists them. */
export interface HostEntry {
  /** `config:<identifier>` for a config host, else the row's id. */
  id: string;
  identifier: string;
  source: 'config' | 'added';
  /** Epoch milliseconds; null for a config host. */
  addedAt: number | null;
  addedBy: string | null;
}

/** A change to the list refused: `code` says why, `message` says it to a host. */
export class HostListError extends Error {
  constructor(
    readonly code:
      | 'invalid_identifier'
      | 'already_host'
      | 'not_found'
      | 'config_host'
      | 'last_host',
    message: string,
  ) {
    super(message);
    this.name = 'HostListError';
  }
}

/** The audit log's summary of a host added, from the page or the command line. */
export function hostAddSummary(entry: HostEntry): string {
  return `Added ${entry.identifier} as a host`;
}

/** The audit log's summary of a host removed, from the page or the command line. */
export function hostRemoveSummary(entry: HostEntry): string {
  return `Removed ${entry.identifier} from the hosts`;
}

/** The hosts of one project. */
export class HostList {
  constructor(
    private readonly db: Db,
    private readonly project: Project,
    private readonly clock: () => number,
  ) {}

  /** The config's hosts. */
  private get configured(): readonly string[] {
    return this.project.settings.hosts ?? [];
  }

  /** Every host: the config's first, then the added ones, oldest first. */
  async list(): Promise<HostEntry[]> {
    const rows = await this.db
      .selectFrom('site_hosts')
      .selectAll()
      .where('project_id', '=', this.project.projectId)
      .orderBy('added_at')
      .orderBy('host_id')
      .execute();
    const configured = this.configured;
    return [
      ...configured.map((identifier) => ({
        id: `config:${identifier}`,
        identifier,
        source: 'config' as const,
        addedAt: null,
        addedBy: null,
      })),
      ...rows
        .filter((row) => !configured.includes(row.identifier))
        .map((row) => ({
          id: row.host_id,
          identifier: row.identifier,
          source: 'added' as const,
          addedAt: Number(row.added_at),
          addedBy: row.added_by,
        })),
    ];
  }

  /** Which of `identifiers` (normalised) is a host's, the config's first; undefined for none. */
  async hostAmong(identifiers: readonly string[]): Promise<string | undefined> {
    const configured = this.configured.find((each) => identifiers.includes(each));
    if (configured) return configured;
    if (identifiers.length === 0) return undefined;
    const row = await this.db
      .selectFrom('site_hosts')
      .select('identifier')
      .where('project_id', '=', this.project.projectId)
      .where('identifier', 'in', [...identifiers])
      .orderBy('added_at')
      .executeTakeFirst();
    return row?.identifier;
  }

  /**
   * Adds `raw` (a phone number or email as typed) as a host, added by `addedBy`.
   * @throws HostListError `invalid_identifier` or `already_host`, having written nothing.
   */
  async add(raw: string, addedBy: string): Promise<HostEntry> {
    let identifier: string;
    try {
      identifier = normalizeHostIdentifier(raw);
    } catch (error) {
      throw new HostListError('invalid_identifier', (error as Error).message);
    }
    if (await this.hostAmong([identifier])) {
      throw new HostListError('already_host', `${identifier} is already a host.`);
    }
    const entry = {
      id: `host-${randomUUID()}`,
      identifier,
      source: 'added' as const,
      addedAt: this.clock(),
      addedBy,
    };
    const inserted = await this.db
      .insertInto('site_hosts')
      .values({
        host_id: entry.id,
        project_id: this.project.projectId,
        identifier,
        added_by: addedBy,
        added_at: entry.addedAt,
      })
      .onConflict((oc) => oc.columns(['project_id', 'identifier']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      throw new HostListError('already_host', `${identifier} is already a host.`);
    }
    return entry;
  }

  /**
   * Removes the added host `idOrIdentifier` (its id, or its number or email as typed).
   * @throws HostListError `not_found`, `config_host` (listed in the config file) or `last_host`,
   *   having written nothing.
   */
  async remove(idOrIdentifier: string): Promise<HostEntry> {
    const all = await this.list();
    let wanted: string | undefined;
    try {
      wanted = normalizeHostIdentifier(idOrIdentifier);
    } catch {
      wanted = undefined;
    }
    const entry = all.find((each) => each.id === idOrIdentifier || each.identifier === wanted);
    if (!entry) throw new HostListError('not_found', 'There is no such host.');
    if (entry.source === 'config') {
      throw new HostListError(
        'config_host',
        `${entry.identifier} is listed in the config file (hosts): remove it there.`,
      );
    }
    if (all.length <= 1) {
      throw new HostListError(
        'last_host',
        `${entry.identifier} is the last host: add another host before removing this one.`,
      );
    }
    // The count and the delete in one statement, so a host removed meanwhile is counted (on
    // SQLite, whose writes are serial, two removals can never leave none).
    const deleted = await this.db
      .deleteFrom('site_hosts')
      .where('host_id', '=', entry.id)
      .where('project_id', '=', this.project.projectId)
      .where((eb) =>
        eb(
          eb
            .selectFrom('site_hosts')
            .select(eb.fn.countAll().as('n'))
            .where('project_id', '=', this.project.projectId),
          '>',
          this.configured.length > 0 ? 0 : 1,
        ),
      )
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) {
      throw new HostListError(
        'last_host',
        `${entry.identifier} is the last host: add another host before removing this one.`,
      );
    }
    return entry;
  }
}
