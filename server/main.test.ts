/**
 * Start-up refusals of the real server entry (`server/main.ts` in a child process): each bad
 * setting stops it with exit code 1 and exactly one line on stderr, naming the setting, with no
 * stack trace and no password. A typo'd `NODE_ENV` or development beside a live config once
 * started quietly and listed live passcodes at `/dev/outbox`.
 */
import assert from 'node:assert/strict';
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { freePort } from './test/ports.js';
import { TEST_POSTGRES_URL } from './test/test-database.js';

const root = join(import.meta.dirname, '..');
const dir = () => mkdtempSync(join(tmpdir(), 'velvet-main-'));

/** The environment of every run: the parent's, less every setting a test might inherit. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(NODE_ENV|HOST|PORT|DATABASE_URL|VELVET_.*|TWILIO_.*|SMTP_URL|EMAIL_FROM|TRUST_PROXY|PUBLIC_URL)$/.test(
        name,
      )
    ) {
      delete env[name];
    }
  }
  return { ...env, DATA_DIR: join(dir(), 'data'), LOG_LEVEL: 'warn' };
}

/** Runs the server entry with `env` until it exits. */
function startUp(env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...baseEnv(), ...env },
    encoding: 'utf8',
    // Kills a start-up that never stops, never a slow one (tsx compiles the server first).
    timeout: 600_000,
  });
}

/**
 * Asserts the run refused to start: exit code 1, one line on stderr naming `setting`, matching
 * `problem`, with no stack trace.
 */
function assertRefused(run: SpawnSyncReturns<string>, setting: string, problem: RegExp): string {
  assert.equal(run.status, 1, `exit code 1, not ${run.status}; stderr:\n${run.stderr}`);
  const lines = run.stderr.split('\n').filter((line) => line !== '');
  assert.equal(lines.length, 1, `exactly one line on stderr:\n${run.stderr}`);
  const [line = ''] = lines;
  assert.ok(line.startsWith(`velvet: Invalid setting ${setting}: `), line);
  assert.match(line, problem);
  assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
  return line;
}

function writeLiveConfig(): string {
  const path = join(dir(), 'velvet.config.json');
  writeFileSync(
    path,
    JSON.stringify({ projects: [{ name: 'Party', publicToken: 'public-token-live-0123456789' }] }),
  );
  return path;
}

/** A server holding a port on 127.0.0.1 until closed. */
async function occupiedPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as { port: number }).port, server };
}

/** `url` (a `postgres://` URL) with the user, password and database given. */
function withDatabase(url: string, user: string, password: string, database: string): string {
  const next = new URL(url);
  next.username = user;
  next.password = password;
  next.pathname = `/${database}`;
  return next.toString();
}

describe('start-up refusals, one line each', () => {
  test('NODE_ENV must be production, development or test: NODE_ENV=prod with a live config refuses', () => {
    // Before: "prod" was not "production", so the server started in development with the live
    // project and served its passcodes at /dev/outbox.
    const line = assertRefused(
      startUp({ NODE_ENV: 'prod', VELVET_CONFIG: writeLiveConfig() }),
      'NODE_ENV',
      /must be production, development or test \(unset is development\), not "prod"/,
    );
    assert.doesNotMatch(line, /outbox/);
  });

  test('development refuses a live project or real delivery unless VELVET_ALLOW_DEV_SURFACES is on', async () => {
    const config = writeLiveConfig();
    assertRefused(
      startUp({ VELVET_CONFIG: config }),
      'NODE_ENV',
      /^velvet: Invalid setting NODE_ENV: unset \(development\) serves the development outbox .* but projects\[0\] in .*velvet\.config\.json has a live public token: set NODE_ENV=production, or VELVET_ALLOW_DEV_SURFACES=1/,
    );
    assertRefused(
      startUp({ NODE_ENV: 'test', VELVET_CONFIG: config }),
      'NODE_ENV',
      /^velvet: Invalid setting NODE_ENV: test serves the development outbox/,
    );
    assertRefused(
      startUp({ NODE_ENV: 'development', SMTP_URL: 'smtps://user:pw@mail.example:465' }),
      'NODE_ENV',
      /but SMTP_URL sets up real delivery/,
    );
    assertRefused(
      startUp({ TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef' }),
      'NODE_ENV',
      /but TWILIO_ACCOUNT_SID sets up real delivery/,
    );

    // Explicitly allowed, development starts beside the live project, with its outbox.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...baseEnv(),
        LOG_LEVEL: 'info',
        PORT: '0',
        VELVET_CONFIG: config,
        VELVET_ALLOW_DEV_SURFACES: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', (code) => reject(new Error(`velvet exited (${code}):\n${output}`)));
      });
      assert.equal((await fetch(`${url}/dev/outbox`)).status, 200);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
  });

  test('HOST: explicit in production, an address or a name, one of this machine', () => {
    assertRefused(
      startUp({
        NODE_ENV: 'production',
        VELVET_SECRET: 's'.repeat(32),
        VELVET_CONFIG: writeLiveConfig(),
      }),
      'HOST',
      /must be set when NODE_ENV=production: 127\.0\.0\.1 behind a proxy on this machine, or 0\.0\.0\.0/,
    );
    assertRefused(startUp({ HOST: 'my host' }), 'HOST', /not "my host"/);
    // 192.0.2.1 is TEST-NET-1, documentation only: no machine has it.
    assertRefused(
      startUp({ HOST: '192.0.2.1', PORT: '0' }),
      'HOST',
      /192\.0\.2\.1 is not an address of this machine/,
    );
  });

  test('PORT in use', async () => {
    const { port, server } = await occupiedPort();
    try {
      assertRefused(
        startUp({ HOST: '127.0.0.1', PORT: String(port) }),
        'PORT',
        new RegExp(`${port} is in use on 127\\.0\\.0\\.1: another process listens there`),
      );
    } finally {
      server.close();
    }
  });

  test('TRUST_PROXY, VELVET_CONFIG unreadable, DATA_DIR unusable', () => {
    assertRefused(startUp({ TRUST_PROXY: 'the proxy' }), 'TRUST_PROXY', /not "the proxy"/);
    const folder = dir();
    assertRefused(
      startUp({ VELVET_CONFIG: folder }),
      'VELVET_CONFIG',
      new RegExp(`cannot read ${folder} \\(EISDIR\\)`),
    );
    const file = join(dir(), 'a-file');
    writeFileSync(file, '');
    assertRefused(
      startUp({ DATA_DIR: join(file, 'data') }),
      'DATA_DIR',
      /cannot keep the data in .*a-file\/data \(a part of the path is a file, not a folder\)/,
    );
  });

  test('VELVET_CONFIG not valid JSON: the file, line and column, and what was expected', () => {
    // Before: "is not valid JSON (... in JSON at position 52)", a count of characters to find.
    const path = join(dir(), 'velvet.config.json');
    writeFileSync(
      path,
      '{\n  "projects": [\n    {\n      "name": "Party"\n      "publicToken": "public-token-live-0123456789"\n    }\n  ]\n}\n',
    );
    assertRefused(
      startUp({ VELVET_CONFIG: path }),
      `${path}:5:7`,
      /is not valid JSON: expected ',' or '}' after property value$/,
    );
  });

  test('DATABASE_URL: malformed or unreachable, named by host, port and database, never the password', async () => {
    const malformed = startUp({ DATABASE_URL: 'postgres://velvet:hunter2-secret@db:port/velvet' });
    assertRefused(malformed, 'DATABASE_URL', /is not a valid URL: write it as postgres:\/\//);
    assert.doesNotMatch(malformed.stderr, /hunter2/);

    const port = await freePort();
    const unreachable = startUp({
      DATABASE_URL: `postgres://velvet:hunter2-secret@127.0.0.1:${port}/velvet`,
    });
    assertRefused(
      unreachable,
      'DATABASE_URL',
      new RegExp(`cannot open PostgreSQL at 127\\.0\\.0\\.1:${port}/velvet: connection refused`),
    );
    assert.doesNotMatch(unreachable.stderr, /hunter2/);
  });

  test('DATABASE_URL: a missing database or a refused user on a running PostgreSQL', {
    skip: TEST_POSTGRES_URL ? false : 'needs PostgreSQL (VELVET_TEST_DATABASE_URL, --pg)',
  }, () => {
    const server = TEST_POSTGRES_URL ?? '';
    const { hostname, port } = new URL(server);
    const where = `${hostname.replaceAll('.', '\\.')}:${port || '5432'}`;
    const missing = startUp({
      DATABASE_URL: withDatabase(
        server,
        new URL(server).username,
        'hunter2-secret',
        'velvet_no_such_database',
      ),
    });
    assertRefused(
      missing,
      'DATABASE_URL',
      new RegExp(
        `cannot open PostgreSQL at ${where}/velvet_no_such_database: (the database does not exist|password authentication failed)`,
      ),
    );
    assert.doesNotMatch(missing.stderr, /hunter2/);
    const refused = startUp({
      DATABASE_URL: withDatabase(server, 'velvet_no_such_role', 'hunter2-secret', 'postgres'),
    });
    assertRefused(
      refused,
      'DATABASE_URL',
      new RegExp(
        `cannot open PostgreSQL at ${where}/postgres: (the server refused the user|password authentication failed)`,
      ),
    );
    assert.doesNotMatch(refused.stderr, /hunter2/);
  });
});
