/** What a test reads of the database to show that a refused request changed nothing. */
import type { Schema } from '../db/schema.js';
import type { Store } from '../store.js';

/**
 * The tables that hold how users sign in, what they were sent and their sessions: a request that
 * adds or removes a way to sign in, a factor, a password or a session writes one of them.
 */
export const SIGN_IN_TABLES = [
  'users',
  'user_phone_numbers',
  'user_emails',
  'passcodes',
  'magic_links',
  'passwords',
  'password_resets',
  'webauthn_registrations',
  'webauthn_challenges',
  'crypto_wallets',
  'crypto_challenges',
  'oauth_registrations',
  'totps',
  'totp_recovery_codes',
  'sessions',
  'dev_outbox',
] as const;

/** A table's rows. */
type Rows = Record<string, unknown>[];

/**
 * Every row of `tables`, each table's rows in one order whatever the database returned them in,
 * for `assert.deepEqual` before and after a request.
 */
export async function rowsOf(
  store: Store,
  tables: readonly (keyof Schema & string)[] = SIGN_IN_TABLES,
): Promise<Record<string, Rows>> {
  const all: Record<string, Rows> = {};
  for (const table of tables) {
    const rows = (await store.db.selectFrom(table).selectAll().execute()) as Rows;
    all[table] = rows
      .map((row) => ({
        row,
        key: JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? `${v}` : v)),
      }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ row }) => row);
  }
  return all;
}
