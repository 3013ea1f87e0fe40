/** The users product's tables: users, their phone numbers and their email addresses. */
import type { Kysely } from 'kysely';
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
}

/** A row of `user_phone_numbers`; `phone_id` doubles as the passcode `method_id`. */
export interface UserPhoneNumbersTable {
  phone_id: string;
  project_id: string;
  user_id: string;
  phone_number: string;
  /** 0 or 1. */
  verified: number;
  created_at: number;
}

/** A row of `user_emails`; `email_id` doubles as the passcode `method_id`. */
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
};
