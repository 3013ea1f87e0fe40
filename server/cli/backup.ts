/**
 * `npm run backup -- FILE`: a consistent copy of the SQLite database into FILE, taken while the
 * server runs (SQLite's online backup, through better-sqlite3's `backup()`). FILE is made with
 * mode 0600 (it holds every user and session) and is never overwritten. The database is the
 * server's: `DATA_DIR/velvet.db`. On PostgreSQL (`DATABASE_URL` set) it makes nothing and says
 * in one line to use `pg_dump`. The backup holds no secret: keep `VELVET_SECRET` (or
 * `DATA_DIR/secret.key`) beside it, or the restored server cannot open its sealed keys.
 */
import { chmodSync, closeSync, existsSync, openSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

/** A backup that could not be made, told in one line. */
export class BackupError extends Error {}

/** The command that backs up a PostgreSQL database instead (docs/operations.md, "Backup and restore", shows it too). */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=velvet.dump "$DATABASE_URL"';

/** Pages copied per step after the first: the whole database, so a busy server never restarts it. */
const PAGES_PER_STEP = 2 ** 30;

/**
 * Copies the SQLite database at `source` into `destination`, which must not exist; resolves to
 * the pages copied. The copy is one consistent state of the database, whatever the server
 * writes meanwhile (in WAL mode, writers go on during the copy).
 */
export async function backupSqlite(source: string, destination: string): Promise<number> {
  if (!existsSync(source)) throw new BackupError(`no database at ${source}`);
  // Made here, exclusively and private, before SQLite writes into it: never an existing file,
  // never readable by others even for a moment.
  let fd: number;
  try {
    fd = openSync(destination, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'EEXIST'
        ? `${destination} exists: a backup never overwrites a file`
        : `cannot create ${destination} (${code ?? (error as Error).message})`,
    );
  }
  closeSync(fd);
  chmodSync(destination, 0o600);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await db.backup(destination, { progress: () => PAGES_PER_STEP });
    return totalPages;
  } catch (error) {
    rmSync(destination, { force: true });
    throw new BackupError(`backup failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/** What the command does with `argv` (after `--`) and `env`; resolves to its exit code. */
export async function runBackup(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  cwd = process.cwd(),
): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0 || file.startsWith('-')) {
    out('usage: npm run backup -- FILE (a new file: the SQLite database is copied into it)');
    return 2;
  }
  if (env.DATABASE_URL) {
    out(`velvet: the database is PostgreSQL: back it up with pg_dump: ${PG_DUMP_COMMAND}`);
    return 1;
  }
  // DATA_DIR as the server reads it (from the project's folder, where npm runs both); FILE from
  // the folder the command was typed in (npm's INIT_CWD).
  const source = join(resolve(cwd, env.DATA_DIR ?? 'data'), 'velvet.db');
  const destination = resolve(env.INIT_CWD ?? cwd, file);
  try {
    const pages = await backupSqlite(source, destination);
    out(`velvet: backed up ${source} to ${destination} (${pages} pages, mode 0600)`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out(`velvet: ${error.message}`);
    return 1;
  }
}

runBackup(process.argv.slice(2), process.env, (line) => console.log(line)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('velvet: backup failed:', error);
    process.exitCode = 1;
  },
);
