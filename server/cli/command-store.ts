/**
 * What the host commands (`guests`, `impersonate`) share with the server when they open its
 * data: the same store, migrations and user parts, and the same one-line refusals for a data
 * folder that cannot be written, an unreachable PostgreSQL, or a database a newer server
 * migrated, instead of a stack trace.
 */
import { join } from 'node:path';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { ALL_USER_PARTS } from '../all-user-parts.js';
import { ConfigError, type ServerConfig } from '../config/config.js';
import { dataOpenError } from '../config/start-errors.js';
import { DatabaseAheadError } from '../db/migrator.js';
import { Store } from '../store.js';

/** Opens the server's store as `config` names it; refusals are `ConfigError` or `DatabaseAheadError`. */
export async function openCommandStore(config: ServerConfig): Promise<Store> {
  try {
    return await Store.open(
      { databaseUrl: config.databaseUrl, sqlitePath: join(config.dataDir, 'velvet.db') },
      ALL_MIGRATIONS,
      ALL_USER_PARTS,
    );
  } catch (error) {
    throw dataOpenError(error, config) ?? error;
  }
}

/** Whether `error` is a refusal of the setup that a command prints as its one line. */
export function isSetupRefusal(error: unknown): error is ConfigError | DatabaseAheadError {
  return error instanceof ConfigError || error instanceof DatabaseAheadError;
}
