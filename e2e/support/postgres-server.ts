/**
 * The PostgreSQL server the e2e suites that run on both databases use, as the server tests do,
 * and what a suite does when it does not answer: in CI (`CI` set) the suite fails, since a
 * skipped half would pass unseen; elsewhere it is skipped with the reason printed.
 */
import pg from 'pg';

/** `VELVET_TEST_DATABASE_URL`, or the local server the server tests use. */
export const POSTGRES_URL =
  process.env.VELVET_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * How long a connection to PostgreSQL may take before the server counts as absent: long, as an
 * absent server refuses at once and a busy one may answer slowly.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 30_000;

/** Whether the PostgreSQL server at `POSTGRES_URL` accepts a connection. */
export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: POSTGRES_URL,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The reason `suite` is skipped when PostgreSQL does not answer, printed.
 * @throws Error in CI, where a suite that needs PostgreSQL must not pass by skipping.
 */
export function missingPostgres(suite: string): string {
  const reason = `no PostgreSQL server answers at ${POSTGRES_URL}`;
  if (process.env.CI && process.env.CI !== 'false') {
    throw new Error(`${suite} needs PostgreSQL in CI: ${reason}`);
  }
  console.warn(`Skipping ${suite}: ${reason} (in CI this fails).`);
  return reason;
}
