/**
 * The identity provider's storage: one typed database, migrated at open, and
 * the repositories every product shares (projects, users, sessions, signing
 * keys, rate limits, telemetry). A product's own tables are read by its own
 * repositories, made from `db` in the product's folder.
 */

import { type DatabaseTarget, type Db, type Dialect, openDatabase } from './db/database.js';
import { type MigrationReport, type Migrations, migrateToLatest } from './db/migrator.js';
import { OutboxRepository } from './delivery/outbox-repository.js';
import { SigningKeysRepository } from './keys/signing-keys-repository.js';
import { SessionsRepository } from './products/sessions/index.js';
import {
  UserListsMemo,
  type UserPart,
  UserReader,
  UsersRepository,
} from './products/users/index.js';
import { ProjectsRepository } from './projects/projects-repository.js';
import { RateLimitsRepository } from './rate-limit/rate-limits-repository.js';
import { TelemetryRepository } from './sdk/telemetry-repository.js';

/** The database and the shared repositories over it. */
export class Store {
  readonly projects: ProjectsRepository;
  readonly users: UsersRepository;
  readonly sessions: SessionsRepository;
  readonly signingKeys: SigningKeysRepository;
  readonly rateLimits: RateLimitsRepository;
  readonly telemetry: TelemetryRepository;
  /** The development outbox's messages (see `DevOutbox.share`). */
  readonly outbox: OutboxRepository;

  constructor(
    readonly db: Db,
    readonly dialect: Dialect,
    /** Resolves once every write made so far is on disk (see `OpenDatabase.durable`). */
    readonly durable: () => Promise<void> = () => Promise.resolve(),
    /** Copies the WAL into the database file now (see `OpenDatabase.checkpoint`). */
    readonly checkpoint: () => Promise<void> = () => Promise.resolve(),
    /** The products' parts of the user (see `UserPart`), read with every user. */
    userParts: readonly UserPart[] = [],
    /** What opening did to the schema (see `Store.open`); nothing for a store made otherwise. */
    readonly migrated?: MigrationReport,
  ) {
    const reader = new UserReader(dialect, userParts);
    this.projects = new ProjectsRepository(db);
    this.users = new UsersRepository(db, reader);
    this.sessions = new SessionsRepository(db, new UserListsMemo(db, reader));
    this.signingKeys = new SigningKeysRepository(db);
    this.rateLimits = new RateLimitsRepository(db);
    this.telemetry = new TelemetryRepository(db);
    this.outbox = new OutboxRepository(db);
  }

  /**
   * Opens the database (PostgreSQL when `databaseUrl` is set) and applies the
   * migrations it has not seen. The caller names them: the server, its CLI
   * and the tests pass `ALL_MIGRATIONS` (`server/all-migrations.ts`), so the
   * storage layer never reads the product list. So with the products' parts of
   * the user (`ALL_USER_PARTS`, `server/all-user-parts.ts`): without them, users
   * are read with their phone numbers and emails only (enough for a test of the
   * storage alone). The store's `migrated` says which steps ran and how long each took.
   * @throws DatabaseAheadError when a newer release migrated the database (see `migrateToLatest`).
   */
  static async open(
    target: DatabaseTarget,
    migrations: Migrations,
    userParts: readonly UserPart[] = [],
  ): Promise<Store> {
    const { db, dialect, durable, checkpoint } = await openDatabase(target);
    let migrated: MigrationReport;
    try {
      migrated = await migrateToLatest(db, migrations);
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return new Store(db, dialect, durable, checkpoint, userParts, migrated);
  }

  /** Makes every write durable, then closes the connection(s). */
  async close(): Promise<void> {
    await this.durable();
    await this.db.destroy();
  }
}
