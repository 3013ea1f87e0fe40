/** The identity provider's storage: one database, one repository per resource. */
import { type Database, openDatabase } from './database.js';
import { DestinationGuardsRepository } from './destination-guards-repository.js';
import { migrate } from './migrations.js';
import { PasscodesRepository } from './passcodes-repository.js';
import { ProjectsRepository } from './projects-repository.js';
import { RateLimitsRepository } from './rate-limits-repository.js';
import { SessionsRepository } from './sessions-repository.js';
import { SigningKeysRepository } from './signing-keys-repository.js';
import { TelemetryRepository } from './telemetry-repository.js';
import { UsersRepository } from './users-repository.js';

/** Every repository over one database. */
export class Store {
  readonly projects: ProjectsRepository;
  readonly users: UsersRepository;
  readonly passcodes: PasscodesRepository;
  readonly guards: DestinationGuardsRepository;
  readonly sessions: SessionsRepository;
  readonly signingKeys: SigningKeysRepository;
  readonly rateLimits: RateLimitsRepository;
  readonly telemetry: TelemetryRepository;

  constructor(readonly db: Database) {
    this.projects = new ProjectsRepository(db);
    this.users = new UsersRepository(db);
    this.passcodes = new PasscodesRepository(db);
    this.guards = new DestinationGuardsRepository(db);
    this.sessions = new SessionsRepository(db);
    this.signingKeys = new SigningKeysRepository(db);
    this.rateLimits = new RateLimitsRepository(db);
    this.telemetry = new TelemetryRepository(db);
  }

  /** Opens the database (PostgreSQL when `databaseUrl` is set) and applies the migrations. */
  static async open(target: { databaseUrl?: string; sqlitePath: string }): Promise<Store> {
    const db = await openDatabase(target);
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return new Store(db);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
