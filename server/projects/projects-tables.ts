/** The `projects` table: configured projects, stored so their ids stay stable. */
import type { Kysely } from 'kysely';
import type { Migrations } from '../db/migrator.js';

/** A row of `projects`. */
export interface ProjectsTable {
  project_id: string;
  public_token: string;
  name: string;
  /** `ProjectSettings` as JSON. */
  settings: string;
  created_at: number;
  updated_at: number;
}

/** The tables this folder owns. */
export interface ProjectTables {
  projects: ProjectsTable;
}

/** Their history. */
export const projectMigrations: Migrations = {
  '2025-07-01-01-projects': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('projects')
        .ifNotExists()
        .addColumn('project_id', 'text', (c) => c.primaryKey())
        .addColumn('public_token', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
