/**
 * The failures of start-up that a setting causes, told as one `ConfigError` line instead of a
 * stack trace: a database that cannot be reached, is missing or refuses the user (`DATABASE_URL`,
 * named by host, port and database, never with its password), a data folder that cannot be
 * written (`DATA_DIR`), and an address or port the server cannot listen on (`HOST`, `PORT`).
 * Anything else is not a setting's fault and is left to the caller (a stack trace helps there).
 */
import { ConfigError } from './config-error.js';

/** Where the server keeps its data, as `main.ts` opens it. */
export interface DataTarget {
  /** The `postgres://` URL, when PostgreSQL holds the data. */
  databaseUrl?: string;
  /** The data folder (`DATA_DIR`): the SQLite file and the generated secret. */
  dataDir: string;
}

/** Error codes of the network and of the file system, as Node reports them. */
const NETWORK_PROBLEMS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused: is PostgreSQL running there?',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve (DNS lookup failed)',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ECONNRESET: 'the connection was reset',
};

/** PostgreSQL's refusals of a connection (SQLSTATE), each with what to check. */
const POSTGRES_REFUSALS: Readonly<Record<string, string>> = {
  '3D000': 'the database does not exist: create it (createdb) or name another',
  '28P01': 'password authentication failed: check the user and password',
  '28000': 'the server refused the user (no such role, or no pg_hba.conf entry for it)',
  '57P03': 'the database server is starting up or shutting down',
  '53300': 'the database server has no connection slot left',
};

/** File-system errors a data folder can run into. */
const FILE_PROBLEMS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EISDIR: 'a folder is in the way of a file',
  EEXIST: 'a file is in the way of the folder',
  SQLITE_CANTOPEN: 'SQLite cannot open the database file',
  SQLITE_READONLY: 'the database file is read-only',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** `host:port/database` of a `postgres://` URL: what a message may name (never the password). */
export function databaseLocation(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const host = url.hostname || 'the local socket';
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
    return `${host}:${url.port || '5432'}/${database}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/**
 * The `ConfigError` for an error of opening the data (the database, the secret file), or
 * `undefined` when the error is not a setting's fault (a failed migration, a bug).
 */
export function dataOpenError(error: unknown, target: DataTarget): ConfigError | undefined {
  const code = codeOf(error);
  if (code !== undefined && code in FILE_PROBLEMS) {
    return new ConfigError(
      'DATA_DIR',
      `cannot keep the data in ${target.dataDir} (${FILE_PROBLEMS[code]})`,
    );
  }
  if (!target.databaseUrl) return undefined;
  const where = `PostgreSQL at ${databaseLocation(target.databaseUrl)}`;
  const problem =
    (code === undefined ? undefined : (NETWORK_PROBLEMS[code] ?? POSTGRES_REFUSALS[code])) ??
    (code?.startsWith('08') ? 'the connection failed' : undefined) ??
    (/^(Connection terminated|timeout expired)/i.test((error as Error)?.message ?? '')
      ? 'the connection was closed before it was ready'
      : undefined);
  return problem === undefined
    ? undefined
    : new ConfigError('DATABASE_URL', `cannot open ${where}: ${problem}`);
}

/** The `ConfigError` for an error of listening on `host`:`port`, or `undefined` for another. */
export function listenError(error: unknown, host: string, port: number): ConfigError | undefined {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new ConfigError(
        'PORT',
        `${port} is in use on ${host}: another process listens there; stop it or choose another PORT`,
      );
    case 'EACCES':
      return new ConfigError(
        'PORT',
        `${port} needs privileges on ${host}: choose a PORT from 1024 up (a proxy can serve 80 and 443)`,
      );
    case 'EADDRNOTAVAIL':
      return new ConfigError('HOST', `${host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ConfigError('HOST', `${host} does not resolve to an address`);
    default:
      return undefined;
  }
}
