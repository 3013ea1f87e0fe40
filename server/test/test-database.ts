/**
 * The database a test server runs on: a fresh SQLite file, or, when
 * `VELVET_TEST_DATABASE_URL` names a PostgreSQL server, a fresh database
 * created on it and dropped afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where a test's data lives, and how to remove it. */
export interface TestDatabase {
  /** `postgres` or `sqlite`, for test names. */
  kind: 'postgres' | 'sqlite';
  databaseUrl?: string;
  sqlitePath: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** The PostgreSQL server the suite runs on, if any. */
export const TEST_POSTGRES_URL = process.env.VELVET_TEST_DATABASE_URL || undefined;

/**
 * Creates an empty database for one test server: on `postgresUrl` (the suite's PostgreSQL server
 * by default), or SQLite when there is none (an empty string asks for SQLite whatever the suite).
 */
export async function createTestDatabase(
  postgresUrl: string | undefined = TEST_POSTGRES_URL,
): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'velvet-test-'));
  const sqlitePath = join(dataDir, 'velvet.db');
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!postgresUrl) {
    return { kind: 'sqlite', sqlitePath, dataDir, drop: async () => removeDir() };
  }
  const name = `velvet_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    sqlitePath,
    dataDir,
    drop: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
