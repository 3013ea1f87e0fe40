/** The users product's tables: users, their phone numbers and their email addresses. */
import { type Generated, type Kysely, sql } from 'kysely';
import { dialectOf } from '../../db/database.js';
import type { Migrations } from '../../db/migrator.js';

/** A row of `users`. */
export interface UsersTable {
  user_id: string;
  project_id: string;
  status: 'active' | 'pending';
  /** `UserName` as JSON. */
  name: string;
  trusted_metadata: string;
  untrusted_metadata: string;
  created_at: number;
  /**
   * Raised by triggers with every change to a row of the user's lists (phone numbers, emails,
   * passkeys, crypto wallets, TOTPs, OAuth accounts): whoever holds the lists as read at one
   * version knows them unchanged while the version is (see `UserListsMemo`).
   */
  lists_version: Generated<number>;
}

/**
 * A row of `user_phone_numbers`; `phone_id` doubles as the passcode `method_id`. A number is held
 * verified by at most one user of a project; unverified rows are pending claims, any number of
 * them per number (one per user).
 */
export interface UserPhoneNumbersTable {
  phone_id: string;
  project_id: string;
  user_id: string;
  phone_number: string;
  /** 0 or 1. */
  verified: number;
  created_at: number;
}

/** A row of `user_emails`; `email_id` doubles as the passcode `method_id` (held as phone numbers are). */
export interface UserEmailsTable {
  email_id: string;
  project_id: string;
  user_id: string;
  email: string;
  /** 0 or 1. */
  verified: number;
  created_at: number;
}

/** The tables this product owns. */
export interface UserTables {
  users: UsersTable;
  user_phone_numbers: UserPhoneNumbersTable;
  user_emails: UserEmailsTable;
}

/** Their history. */
export const userMigrations: Migrations = {
  '2025-07-01-05-users': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('trusted_metadata', 'text', (c) => c.notNull())
        .addColumn('untrusted_metadata', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_by_project')
        .ifNotExists()
        .on('users')
        .columns(['project_id', 'created_at'])
        .execute();
      for (const [table, id, value] of [
        ['user_phone_numbers', 'phone_id', 'phone_number'],
        ['user_emails', 'email_id', 'email'],
      ] as const) {
        await db.schema
          .createTable(table)
          .ifNotExists()
          .addColumn(id, 'text', (c) => c.primaryKey())
          .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('users.user_id').onDelete('cascade'),
          )
          .addColumn(value, 'text', (c) => c.notNull())
          .addColumn('verified', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint(`${table}_unique_${value}`, ['project_id', value])
          .execute();
        await db.schema
          .createIndex(`${table}_by_user`)
          .ifNotExists()
          .on(table)
          .column('user_id')
          .execute();
      }
    },
  },
  '2026-11-25-01-user-lists-version': {
    // The list tables are the products' (webauthn, crypto wallets, TOTP, OAuth), all made by
    // migrations named before this one.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('lists_version', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // The tables whose rows a user lists (each has a `user_id` column). A list table added
      // later adds its own triggers in its own migration.
      const listTables = [
        'user_phone_numbers',
        'user_emails',
        'webauthn_registrations',
        'crypto_wallets',
        'totps',
        'oauth_registrations',
      ];
      const raise = (user: string) =>
        `UPDATE users SET lists_version = lists_version + 1 WHERE user_id = ${user}`;
      if (dialectOf(db) === 'postgres') {
        await sql
          .raw(
            `CREATE OR REPLACE FUNCTION velvet_user_lists_changed() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP <> 'INSERT' THEN ${raise('OLD.user_id')}; END IF;
              IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id) THEN
                ${raise('NEW.user_id')};
              END IF;
              RETURN NULL;
            END $$`,
          )
          .execute(db);
        for (const table of listTables) {
          await sql
            .raw(
              `CREATE TRIGGER ${table}_lists_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
              FOR EACH ROW EXECUTE FUNCTION velvet_user_lists_changed()`,
            )
            .execute(db);
        }
        return;
      }
      for (const table of listTables) {
        for (const [event, users] of [
          ['INSERT', 'NEW.user_id'],
          ['UPDATE', 'OLD.user_id OR user_id = NEW.user_id'],
          ['DELETE', 'OLD.user_id'],
        ] as const) {
          await sql
            .raw(
              `CREATE TRIGGER ${table}_lists_version_${event.toLowerCase()} AFTER ${event}
              ON ${table} BEGIN ${raise(users)}; END`,
            )
            .execute(db);
        }
      }
    },
  },
  '2026-11-26-01-pending-identifiers': {
    // A phone number or email is unique per project only among verified rows: a pending claim
    // (verified = 0) no longer blocks the destination's owner. At most one row per user and
    // destination. SQLite cannot drop a table's UNIQUE constraint, so each table is rebuilt.
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      const postgres = dialectOf(db) === 'postgres';
      for (const [table, id, value] of DESTINATION_TABLES) {
        if (postgres) {
          // Whatever the constraint was named (the first release named none).
          await sql
            .raw(
              `DO $$ DECLARE c record; BEGIN
                FOR c IN SELECT conname FROM pg_constraint
                  WHERE conrelid = '${table}'::regclass AND contype = 'u'
                LOOP EXECUTE format('ALTER TABLE ${table} DROP CONSTRAINT %I', c.conname);
                END LOOP; END $$`,
            )
            .execute(db);
        } else {
          await rebuildWithoutUnique(db, table, id, value);
        }
        await sql
          .raw(
            `CREATE UNIQUE INDEX ${table}_verified_${value} ON ${table} (project_id, ${value})
            WHERE verified = 1`,
          )
          .execute(db);
        await sql
          .raw(
            `CREATE UNIQUE INDEX ${table}_by_${value}_and_user
            ON ${table} (project_id, ${value}, user_id)`,
          )
          .execute(db);
      }
    },
  },
};

/** The destination tables: name, id column, value column. */
const DESTINATION_TABLES = [
  ['user_phone_numbers', 'phone_id', 'phone_number'],
  ['user_emails', 'email_id', 'email'],
] as const;

/**
 * SQLite: `table` made again without its UNIQUE constraint (an autoindex no statement can
 * drop): a copy of its rows in a new table that takes its name, its index by user and the
 * `lists_version` triggers of `2026-11-25-01-user-lists-version`.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
async function rebuildWithoutUnique(db: Kysely<any>, table: string, id: string, value: string) {
  const next = `${table}_next`;
  const columns = `${id}, project_id, user_id, ${value}, verified, created_at`;
  for (const statement of [
    `CREATE TABLE ${next} (${id} TEXT PRIMARY KEY,
      project_id TEXT NOT NULL REFERENCES projects(project_id),
      user_id TEXT NOT NULL REFERENCES users(user_id) ON DELETE CASCADE,
      ${value} TEXT NOT NULL, verified INTEGER NOT NULL, created_at BIGINT NOT NULL)`,
    `INSERT INTO ${next} (${columns}) SELECT ${columns} FROM ${table}`,
    `DROP TABLE ${table}`,
    `ALTER TABLE ${next} RENAME TO ${table}`,
    `CREATE INDEX ${table}_by_user ON ${table} (user_id)`,
    // The triggers `2026-11-25-01-user-lists-version` made, which went with the old table.
    ...(['INSERT', 'UPDATE', 'DELETE'] as const).map(
      (event) =>
        `CREATE TRIGGER ${table}_lists_version_${event.toLowerCase()} AFTER ${event} ON ${table}
        BEGIN UPDATE users SET lists_version = lists_version + 1
        WHERE user_id = ${event === 'UPDATE' ? 'OLD.user_id OR user_id = NEW.user_id' : `${event === 'INSERT' ? 'NEW' : 'OLD'}.user_id`}; END`,
    ),
  ]) {
    await sql.raw(statement).execute(db);
  }
}

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends UserTables {}
}
