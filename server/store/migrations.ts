/**
 * The schema, as an ordered list of migrations applied at start-up. The SQL is
 * portable between SQLite and PostgreSQL; each migration runs once, in a
 * transaction, and is recorded in `schema_migrations`.
 */
import type { Database } from './database.js';

/** One step of the schema's history. Never edit a released step: add a new one. */
interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: readonly string[];
}

/** Every migration, oldest first. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'identity provider: projects, users, passcodes, sessions, keys, limits, events',
    statements: [
      `CREATE TABLE projects (
        project_id TEXT PRIMARY KEY,
        public_token TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        settings TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE users (
        user_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(project_id),
        status TEXT NOT NULL,
        name TEXT NOT NULL,
        trusted_metadata TEXT NOT NULL,
        untrusted_metadata TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX users_by_project ON users (project_id, created_at)',
      `CREATE TABLE user_phone_numbers (
        phone_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(project_id),
        user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        phone_number TEXT NOT NULL,
        verified INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        UNIQUE (project_id, phone_number)
      )`,
      'CREATE INDEX user_phone_numbers_by_user ON user_phone_numbers (user_id)',
      `CREATE TABLE user_emails (
        email_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(project_id),
        user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        verified INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        UNIQUE (project_id, email)
      )`,
      'CREATE INDEX user_emails_by_user ON user_emails (user_id)',
      `CREATE TABLE passcodes (
        passcode_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        method_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        channel TEXT NOT NULL,
        destination TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        expires_at BIGINT NOT NULL,
        consumed_at BIGINT,
        superseded INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX passcodes_by_method ON passcodes (method_id, created_at)',
      `CREATE TABLE destination_guards (
        project_id TEXT NOT NULL,
        destination TEXT NOT NULL,
        consecutive_failures INTEGER NOT NULL,
        locked_until BIGINT,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (project_id, destination)
      )`,
      `CREATE TABLE sessions (
        session_id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
        token_hash TEXT NOT NULL UNIQUE,
        started_at BIGINT NOT NULL,
        last_accessed_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT,
        authentication_factors TEXT NOT NULL,
        attributes TEXT NOT NULL
      )`,
      'CREATE INDEX sessions_by_user ON sessions (user_id)',
      `CREATE TABLE signing_keys (
        kid TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        private_jwk TEXT NOT NULL,
        public_jwk TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        retired_at BIGINT
      )`,
      'CREATE INDEX signing_keys_by_project ON signing_keys (project_id, created_at)',
      `CREATE TABLE rate_limits (
        bucket TEXT PRIMARY KEY,
        window_start BIGINT NOT NULL,
        hits INTEGER NOT NULL
      )`,
      `CREATE TABLE telemetry_events (
        project_id TEXT NOT NULL,
        event_name TEXT NOT NULL,
        day TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (project_id, event_name, day)
      )`,
    ],
  },
];

/** Applies the migrations the database has not seen yet. Safe to call on every start. */
export async function migrate(db: Database): Promise<number[]> {
  await db.run(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`,
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      if (db.dialect === 'postgres') {
        // Two servers starting at once must not both apply the same step.
        await tx.run('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      }
      const seen = await tx.get('SELECT version FROM schema_migrations WHERE version = ?', [
        migration.version,
      ]);
      if (seen) return false;
      for (const statement of migration.statements) await tx.run(statement);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        Date.now(),
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
