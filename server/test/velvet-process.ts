/**
 * Starts the real Velvet server (`server/main.ts`, as `npm start` does) in a
 * child process on a free port and a fresh data directory, for end-to-end
 * and crash tests. The database is SQLite unless `VELVET_TEST_DATABASE_URL` names a
 * PostgreSQL server (then a fresh database is created on it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../../server/test/test-database.js';

/** A message from the development outbox. */
export interface OutboxMessage {
  channel: string;
  to: string;
  text: string;
  sent_at: string;
}

/** A running server. */
export interface VelvetServer {
  url: string;
  database: TestDatabase;
  /** The messages the outbox holds for `to`, newest first. */
  outbox(to: string): Promise<OutboxMessage[]>;
  /** The newest passcode sent to `to`. */
  lastCode(to: string): Promise<string>;
  /**
   * Every line the process has written so far (its log: pino's JSON lines, and anything else
   * on stdout or stderr), except the development outbox's prints of the messages it sent.
   */
  log(): string[];
  /** Whether the process is still running (it has not exited or been killed). */
  alive(): boolean;
  /** Kills the process without warning (SIGKILL), leaving the database in place. */
  crash(): Promise<void>;
  /**
   * Sends `signal` (SIGTERM by default) and resolves with the exit code once the process exited
   * (`null` when a signal ended it); the database stays in place, `stop` drops it.
   */
  terminate(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * Stops the process and drops the database (unless it was another server's).
   * @throws Error when the process's log holds a secret it issued (see `secretLeaks`): so
   *   every test that runs a real server checks its whole log.
   */
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await once(child, 'exit');
}

/**
 * The complete lines of `text` but the development outbox's prints: a `[outbox] …:` line and
 * the message's lines after it (indented by two spaces, or empty).
 */
function withoutOutboxPrints(text: string): string[] {
  const lines = text.split('\n').slice(0, -1);
  const kept: string[] = [];
  let inPrint = false;
  for (const line of lines) {
    if (line.startsWith('[outbox] ')) inPrint = true;
    else if (inPrint && line !== '' && !line.startsWith('  ')) inPrint = false;
    if (!inPrint) kept.push(line);
  }
  return kept;
}

/**
 * The secrets in messages the development outbox delivered: each passcode (six digits) and each
 * link's `token`.
 */
export function deliveredSecrets(messages: readonly OutboxMessage[]): string[] {
  const secrets = new Set<string>();
  for (const { text } of messages) {
    for (const [code] of text.matchAll(/(?<!\d)\d{6}(?!\d)/g)) secrets.add(code);
    for (const [, token] of text.matchAll(/[?&]token=([^&\s"'<>]+)/g)) {
      if (token) secrets.add(decodeURIComponent(token));
    }
  }
  return [...secrets];
}

/**
 * The lines of `log` that hold one of `secrets` (as is or percent-encoded; a passcode as a whole
 * number) or any JWT (`eyJ….eyJ….`): a log never holds a session JWT or an ID token.
 */
export function secretLeaks(log: readonly string[], secrets: readonly string[]): string[] {
  const jwt = /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\./;
  return log.filter(
    (line) => jwt.test(line) || secrets.some((secret) => holdsSecret(line, secret)),
  );
}

/** Whether `line` holds `secret`, as is or percent-encoded; an all-digit one as a whole number. */
export function holdsSecret(line: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(line);
  return line.includes(secret) || line.includes(encodeURIComponent(secret));
}

/**
 * Starts a server; `config` becomes its velvet.config.json when given. With `database`, the
 * server shares another's database (a second instance behind the same load balancer), and
 * `stop` leaves it for its owner to drop.
 */
export async function startVelvet(
  options: {
    config?: unknown;
    env?: Record<string, string>;
    /** A database to share with another process; the caller closes it. */
    database?: TestDatabase;
    /** A PostgreSQL server to use, or `''` for SQLite; the suite's choice when omitted. */
    postgresUrl?: string;
    /**
     * The source tree whose `server/main.ts` runs: this checkout when omitted, another
     * release's (see `checkoutRelease`) for an upgrade test.
     */
    root?: string;
  } = {},
): Promise<VelvetServer> {
  const database = options.database ?? (await createTestDatabase(options.postgresUrl));
  const ownsDatabase = options.database === undefined;
  let configPath = '';
  if (options.config) {
    configPath = join(database.dataDir, 'velvet.config.json');
    writeFileSync(configPath, JSON.stringify(options.config));
  }
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: options.root ?? root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      VELVET_CONFIG: configPath,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1]) resolve(`http://localhost:${match[1]}`);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stderr += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`velvet exited (${code}):\n${output}`)));
  });

  const exitCode = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const outbox = async (to: string): Promise<OutboxMessage[]> => {
    const response = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  };
  const log = () => [...withoutOutboxPrints(stdout), ...withoutOutboxPrints(stderr)];
  return {
    url,
    database,
    outbox,
    async lastCode(to) {
      const [message] = await outbox(to);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no passcode for ${to} in the outbox`);
      return code;
    },
    log,
    alive: () => child.exitCode === null && child.signalCode === null,
    crash: () => kill(child, 'SIGKILL'),
    async terminate(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exitCode;
    },
    async stop() {
      // What the outbox delivered, read while the server still answers (a crashed one cannot).
      const delivered = await fetch(`${url}/dev/outbox`)
        .then(async (response) =>
          response.ok ? ((await response.json()) as { messages: OutboxMessage[] }).messages : [],
        )
        .catch((): OutboxMessage[] => []);
      await kill(child, 'SIGTERM');
      if (ownsDatabase) await database.drop();
      const leaks = secretLeaks(log(), deliveredSecrets(delivered));
      if (leaks.length > 0) {
        throw new Error(`the server's log holds secrets it issued:\n${leaks.join('\n')}`);
      }
    },
  };
}
