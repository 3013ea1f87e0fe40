/**
 * `npm run bench`: the hot endpoints under concurrent load on loopback, beside a bare Fastify
 * route measured in the same run, on SQLite and on PostgreSQL, with the server in its own
 * process as `npm start` runs it (compiled, plain `node`). Rows: `sessions/authenticate` at
 * 1,000 and at 100,000 live sessions (its p99 and its slowest request, where a stall shows),
 * `otps/authenticate` (each check a real, fresh code), the server's CPU time per request (all its
 * threads, read from /proc), and the server's resident memory when idle.
 *
 *   npm run bench                               # this checkout, SQLite and PostgreSQL
 *   npm run bench -- --before ../velvet-main    # and another checkout beside it ("before"),
 *                                               # compiled as its own `npm start` runs it
 *   npm run bench -- --rounds 3 --sqlite        # medians of 3 rounds, SQLite only
 *   npm run bench -- --skip-sizes               # without the download sizes
 *   npm run bench -- --sizes-only               # only the download sizes
 *   npm run bench -- --skip-time                # without the time to the phone form
 *   npm run bench -- --time-only --loads 9      # only that time, 9 loads of each page
 *   npm run bench -- --cpu-prof /tmp/prof       # and a V8 CPU profile of each Velvet server
 *
 * The download sizes (the widget's first render, the SMS flow, the gate page) come from each
 * checkout's own size-budget tests in Chromium (`page-sizes.ts`), beside their budgets. The time
 * to the phone form on a throttled phone (`time-to-form.ts`) is this checkout's widget beside
 * Stytch's prebuilt form, loaded alternately in the same run (medians of `--loads`, default 7).
 * PostgreSQL is `VELVET_TEST_DATABASE_URL`, `DATABASE_URL` or the local server (a scratch
 * database is created there and dropped); `--sqlite` or `--pg` runs one database only.
 * Asserts nothing about timing; exits 1 when a request failed.
 */
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildServer, serverBuildIsStale } from '../../scripts/build-server.js';
import {
  FIRST_RENDER_BUDGET_BYTES,
  GATE_BUDGET_BYTES,
  SMS_FLOW_BUDGET_BYTES,
} from '../../scripts/size-budgets.js';
import { ROOT_DIR } from '../paths.js';
import { measureArgon2Verify } from './argon2-verify.js';
import { type LoadResult, runLoad } from './load.js';
import { measurePageSizes, type PageSizes } from './page-sizes.js';
import { benchPhones } from './phones.js';
import { seedSessions } from './seed-sessions.js';
import {
  BENCH_PUBLIC_TOKEN,
  checkoutServer,
  type ServerKind,
  type ServerProcess,
  startServer,
} from './server-process.js';
import { measureTimeToForm, THROTTLED_PROFILE, TIME_TO_FORM_GOAL_RATIO } from './time-to-form.js';

/** The node flags of `npm start` (see package.json): the compiled server runs with them. */
export const START_NODE_FLAGS = ['--max-semi-space-size=2'] as const;
/** Concurrent connections of every run. */
const CONNECTIONS = 10;
/** Seconds of each measured run, after one second of warm-up. */
const DURATION_SECONDS = 4;
/** The session counts compared. */
const SMALL_TABLE = 1_000;
const LARGE_TABLE = 100_000;
/**
 * Passcode checks of the warm-up (which also estimates the rate), and bounds of the run. A
 * warm-up of 100 left the run at a few hundred checks, half of them before the server was warm:
 * the rate then swung by a factor of two from one run to the next.
 */
const OTP_WARMUP_CHECKS = 500;
const OTP_CHECKS = { min: 1_000, max: 4_000 } as const;
/** Seconds a server sits idle after its start before its memory is read. */
const IDLE_SECONDS = 3;

/** The goals of issue 19, printed beside each row. */
const GOALS = {
  sqlite: { sessions: 0.3, otp: 0.1 },
  postgres: { sessions: 0.15, otp: 0.06 },
  /** The slowest session check at 100,000 sessions, in ms. */
  stallMs: 50,
  idleMiB: 75,
} as const;
/** The download budgets (gzip bytes of JS and CSS), checked by the size-budget tests too. */
const SIZE_BUDGETS = {
  firstRender: FIRST_RENDER_BUDGET_BYTES,
  smsFlow: SMS_FLOW_BUDGET_BYTES,
  gate: GATE_BUDGET_BYTES,
} as const;

const { values: options } = parseArgs({
  options: {
    before: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    sqlite: { type: 'boolean', default: false },
    pg: { type: 'boolean', default: false },
    'skip-sizes': { type: 'boolean', default: false },
    'sizes-only': { type: 'boolean', default: false },
    'skip-time': { type: 'boolean', default: false },
    'time-only': { type: 'boolean', default: false },
    loads: { type: 'string', default: '7' },
    'cpu-prof': { type: 'string' },
  },
});
const rounds = Math.max(1, Number(options.rounds) || 1);
/** `npm start`'s flags, and V8's profiler when `--cpu-prof` names a folder for the profiles. */
const velvetNodeFlags: readonly string[] = options['cpu-prof']
  ? [...START_NODE_FLAGS, '--cpu-prof', `--cpu-prof-dir=${resolve(options['cpu-prof'])}`]
  : START_NODE_FLAGS;
const postgresUrl =
  process.env.VELVET_TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

const JSON_HEADERS = { 'content-type': 'application/json' };

function basicAuth(user: string, secret: string): string {
  return `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
}

/** What one server measured in one round. */
interface Measures {
  idleMiB: number;
  sessions?: { small: Measured; large: Measured };
  otp?: Measured;
  bare?: Measured;
}

/** A load run and the server's CPU time (user and system, all threads) per request, in us. */
type Measured = LoadResult & { cpuMicros: number };

/** A failed request anywhere makes the run fail. */
const failures: string[] = [];
function check(name: string, result: Measured): Measured {
  if (result.non2xx + result.errors > 0) {
    failures.push(`${name}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`);
  }
  return result;
}

/** `run`'s result with the server's CPU time (user and system) per completed request. */
async function withCpu(server: ServerProcess, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = server.cpuMicros();
  const result = await run();
  return { ...result, cpuMicros: (server.cpuMicros() - before) / Math.max(1, result.requests) };
}

async function measure(server: ServerProcess, path: string, secret: string, body: string) {
  const spec = {
    url: server.url,
    method: 'POST' as const,
    path,
    headers: { ...JSON_HEADERS, authorization: basicAuth(BENCH_PUBLIC_TOKEN, secret) },
    body,
    connections: CONNECTIONS,
  };
  await runLoad({ ...spec, duration: 1 });
  return withCpu(server, () => runLoad({ ...spec, duration: DURATION_SECONDS }));
}

async function api(
  server: ServerProcess,
  path: string,
  body: unknown,
  secret = BENCH_PUBLIC_TOKEN,
) {
  const response = await fetch(`${server.url}/sdk/v1${path}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, authorization: basicAuth(BENCH_PUBLIC_TOKEN, secret) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown> };
  if (!response.ok || !answer.data) {
    throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer.data;
}

/** Sends a passcode to each phone (10 at a time) and returns the authenticate bodies. */
async function sendCodes(server: ServerProcess, phones: readonly string[]): Promise<string[]> {
  const bodies: string[] = new Array(phones.length);
  let next = 0;
  const worker = async () => {
    while (next < phones.length) {
      const index = next++;
      const phone = phones[index] ?? '';
      const sent = await api(server, '/otps/sms/login_or_create', { phone_number: phone });
      const outbox = await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(phone)}`);
      const [message] = ((await outbox.json()) as { messages: Array<{ text: string }> }).messages;
      const token = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (!token) throw new Error(`no passcode for ${phone}`);
      bodies[index] = JSON.stringify({ method_id: sent.method_id, token });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return bodies;
}

async function measurePasscodeChecks(server: ServerProcess, phones: string[]) {
  const spec = {
    url: server.url,
    method: 'POST' as const,
    path: '/sdk/v1/otps/authenticate',
    headers: { ...JSON_HEADERS, authorization: basicAuth(BENCH_PUBLIC_TOKEN, BENCH_PUBLIC_TOKEN) },
    connections: CONNECTIONS,
  };
  const spare = 4 * CONNECTIONS;
  const warmup = await runLoad({
    ...spec,
    bodies: await sendCodes(server, phones.slice(0, OTP_WARMUP_CHECKS + spare)),
    amount: OTP_WARMUP_CHECKS,
  });
  const checks = Math.min(
    OTP_CHECKS.max,
    Math.max(OTP_CHECKS.min, Math.ceil(warmup.rps * DURATION_SECONDS)),
  );
  const rest = phones.slice(OTP_WARMUP_CHECKS + spare, OTP_WARMUP_CHECKS + 2 * spare + checks);
  const bodies = await sendCodes(server, rest);
  return withCpu(server, () => runLoad({ ...spec, bodies, amount: checks }));
}

/** Starts `kind`, measures every row on it, and stops it. */
async function measureServer(kind: ServerKind, usePostgres: boolean): Promise<Measures> {
  const server = await startServer(kind, usePostgres ? postgresUrl : undefined);
  try {
    await new Promise((done) => setTimeout(done, IDLE_SECONDS * 1000));
    const idleMiB = server.rssMiB();
    if (kind.kind === 'bare') {
      return { idleMiB, bare: check('bare', await measure(server, '/bare', '', '{}')) };
    }
    const phone = '+14155550100';
    const sent = await api(server, '/otps/sms/login_or_create', { phone_number: phone });
    const [code] = await sendCodesFor(server, phone);
    const signedIn = await api(server, '/otps/authenticate', {
      method_id: sent.method_id,
      token: code,
      session_duration_minutes: 600,
    });
    const token = String(signedIn.session_token);
    const sessionId = String((signedIn.session as { session_id: string }).session_id);
    const database = server.database;
    if (!database) throw new Error('no database');
    await seedSessions(database, sessionId, 1, SMALL_TABLE - 1);
    const path = '/sdk/v1/sessions/authenticate';
    const small = check('sessions 1k', await measure(server, path, token, '{}'));
    await seedSessions(database, sessionId, SMALL_TABLE, LARGE_TABLE - 1);
    const large = check('sessions 100k', await measure(server, path, token, '{}'));
    const otp = check(
      'otps/authenticate',
      await measurePasscodeChecks(server, benchPhones(OTP_WARMUP_CHECKS + OTP_CHECKS.max + 200)),
    );
    return { idleMiB, sessions: { small, large }, otp };
  } finally {
    await server.stop();
  }
}

/** The code of the newest passcode to `phone`. */
async function sendCodesFor(server: ServerProcess, phone: string): Promise<string[]> {
  const outbox = await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(phone)}`);
  const [message] = ((await outbox.json()) as { messages: Array<{ text: string }> }).messages;
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no passcode for ${phone}`);
  return [code];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The table of one database: each row's median over the rounds, beside its baseline. */
function printTable(
  database: string,
  goals: { sessions: number; otp: number },
  bare: Measures[],
  variants: Array<{ name: string; measures: Measures[] }>,
): void {
  const bareRps = median(bare.map((m) => m.bare?.rps ?? 0));
  const bareP99 = median(bare.map((m) => m.bare?.p99 ?? 0));
  const bareMiB = median(bare.map((m) => m.idleMiB));
  const of = (measures: Measures[], pick: (m: Measures) => number | undefined) =>
    median(measures.map((m) => pick(m) ?? Number.NaN));
  const ratio = (rps: number) => `${rps.toFixed(0)} req/s = ${(rps / bareRps).toFixed(2)}x`;
  const rows: Array<[string, string, string, ...string[]]> = [
    [
      'sessions/authenticate, 1k sessions',
      `>= ${goals.sessions.toFixed(2)}x`,
      `${bareRps.toFixed(0)} req/s (p99 ${bareP99} ms)`,
      ...variants.map(({ measures }) => {
        const rps = of(measures, (m) => m.sessions?.small.rps);
        return `${ratio(rps)} (p99 ${of(measures, (m) => m.sessions?.small.p99)} ms)`;
      }),
    ],
    [
      'sessions/authenticate p99 (max), 1k -> 100k',
      `flat, max <= ${GOALS.stallMs} ms`,
      `p99 ${bareP99} ms`,
      ...variants.map(
        ({ measures }) =>
          `${of(measures, (m) => m.sessions?.small.p99)} (${of(measures, (m) => m.sessions?.small.max)}) -> ` +
          `${of(measures, (m) => m.sessions?.large.p99)} (${of(measures, (m) => m.sessions?.large.max)}) ms, ` +
          `${of(measures, (m) => m.sessions?.large.rps).toFixed(0)} req/s at 100k`,
      ),
    ],
    [
      'otps/authenticate',
      `>= ${goals.otp.toFixed(2)}x`,
      `${bareRps.toFixed(0)} req/s`,
      ...variants.map(({ measures }) => {
        const rps = of(measures, (m) => m.otp?.rps);
        return `${ratio(rps)} (p99 ${of(measures, (m) => m.otp?.p99)} ms)`;
      }),
    ],
    [
      'server CPU per request: sessions 1k / otps',
      'informative',
      `${of(bare, (m) => m.bare?.cpuMicros).toFixed(0)} us`,
      ...variants.map(
        ({ measures }) =>
          `${of(measures, (m) => m.sessions?.small.cpuMicros).toFixed(0)} us / ` +
          `${of(measures, (m) => m.otp?.cpuMicros).toFixed(0)} us`,
      ),
    ],
    [
      'server memory idle (RSS)',
      `<= ${GOALS.idleMiB} MiB`,
      `${bareMiB.toFixed(0)} MiB`,
      ...variants.map(({ measures }) => `${of(measures, (m) => m.idleMiB).toFixed(0)} MiB`),
    ],
  ];
  const header = ['measure', 'goal', 'bare Fastify (baseline)', ...variants.map((v) => v.name)];
  console.log(`\n${database}, medians of ${bare.length} round(s):\n`);
  printMarkdownTable(header, rows);
}

/** Prints a Markdown table with its columns padded to one width. */
function printMarkdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

/** The download sizes of each checkout beside their budgets. */
function printSizes(variants: Array<{ name: string; sizes: PageSizes }>): void {
  const bytes = (value: number | undefined) =>
    value === undefined ? 'not measured' : `${value.toLocaleString('en-US')} B`;
  const rows = (
    [
      ['SMS-only widget, first render', 'firstRender'],
      ['SMS flow, phone form -> passcode screen', 'smsFlow'],
      ['gate page until the phone form', 'gate'],
    ] as const
  ).map(([measure, key]) => [
    measure,
    `<= ${bytes(SIZE_BUDGETS[key])}`,
    ...variants.map(({ sizes }) => bytes(sizes[key])),
  ]);
  console.log('\nJS and CSS downloaded, gzip, as the size-budget tests measure it in Chromium:\n');
  printMarkdownTable(['measure', 'budget', ...variants.map((v) => v.name)], rows);
  for (const { name, sizes } of variants) {
    if (sizes.problem) console.log(`  ${name}: ${sizes.problem}`);
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The time to the phone form, Velvet beside Stytch, with the ratio of the medians. */
async function measureTime(): Promise<void> {
  const loads = Math.max(1, Number(options.loads) || 7);
  const times = await measureTimeToForm(loads);
  const velvet = median(times.velvet);
  const stytch = median(times.stytch);
  const p = THROTTLED_PROFILE;
  console.log(
    `\nTime to the phone form, throttled (${p.latencyMs} ms RTT, ${p.downloadBitsPerSecond / 1e6} Mbps down, ` +
      `${p.uploadBitsPerSecond / 1e3} kbps up, CPU ${p.cpuSlowdown}x), medians of ${loads} loads each, alternating:\n`,
  );
  const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  printMarkdownTable(
    ['measure', 'goal', "Stytch's prebuilt form (baseline)", 'Velvet'],
    [
      [
        'SMS-only sign-in, navigation -> phone field',
        `<= ${TIME_TO_FORM_GOAL_RATIO}x`,
        `${stytch.toFixed(0)} ms`,
        `${velvet.toFixed(0)} ms = ${(velvet / stytch).toFixed(2)}x`,
      ],
    ],
  );
  console.log(`  loads: Stytch ${ms(times.stytch)} ms; Velvet ${ms(times.velvet)} ms`);
}

async function main(): Promise<number> {
  printMachine();
  if (options['time-only']) {
    await measureTime();
    return 0;
  }
  if (!options['sizes-only'] && serverBuildIsStale()) await buildServer();
  const beforeRoot = options.before ? resolve(options.before) : undefined;
  const serversMeasured = !options['sizes-only'];
  const variants = await serverVariants(beforeRoot, serversMeasured);
  for (const database of await benchDatabases(serversMeasured)) {
    await measureDatabase(database, variants);
  }
  if (!options['skip-sizes']) await measureSizes(beforeRoot);
  if (!options['skip-time']) await measureTime();
  if (!serversMeasured) return 0;
  const verify = await measureArgon2Verify(2);
  console.log(
    `\nargon2id verify (${verify.parameters}): ${verify.perSecondPerCore.toFixed(1)} ` +
      `verifications/s/core (${verify.verifications} in ${verify.seconds.toFixed(1)} s)`,
  );
  for (const failure of failures) console.log(`failed requests: ${failure}`);
  console.log(
    failures.length === 0
      ? '\nEvery request succeeded: each passcode check was a real, fresh code.'
      : '\nSome requests failed: the figures above do not measure successful calls.',
  );
  return failures.length === 0 ? 0 : 1;
}

/** The machine and the load, printed before any figure. */
function printMachine(): void {
  const cpuList = cpus();
  console.log('Velvet benchmark');
  console.log(
    `  machine: ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${process.platform}`,
  );
  console.log(
    `  load: autocannon in a child process, ${CONNECTIONS} connections, 1 s warm-up, ` +
      `${DURATION_SECONDS} s runs; each server in its own process on a scratch database`,
  );
}

/** The Velvet servers measured: this checkout, after the `--before` checkout when given. */
async function serverVariants(
  beforeRoot: string | undefined,
  serversMeasured: boolean,
): Promise<Array<{ name: string; kind: ServerKind }>> {
  const after: ServerKind = {
    kind: 'velvet-compiled',
    root: ROOT_DIR,
    nodeFlags: velvetNodeFlags,
  };
  const before =
    beforeRoot && serversMeasured ? await checkoutServer(beforeRoot, velvetNodeFlags) : undefined;
  return [
    ...(before
      ? [
          {
            name: `before (${before.root}, ${before.kind === 'velvet-tsx' ? 'tsx' : 'compiled'})`,
            kind: before,
          },
        ]
      : []),
    { name: beforeRoot ? 'after (this checkout, compiled)' : 'Velvet (compiled)', kind: after },
  ];
}

/** The databases measured: SQLite unless `--pg`, PostgreSQL unless `--sqlite` when it answers. */
async function benchDatabases(
  serversMeasured: boolean,
): Promise<Array<{ name: string; postgres: boolean }>> {
  const databases: Array<{ name: string; postgres: boolean }> = [];
  if (serversMeasured && !options.pg) databases.push({ name: 'SQLite', postgres: false });
  if (!serversMeasured || options.sqlite) return databases;
  if (await postgresReachable()) {
    databases.push({ name: `PostgreSQL (${new URL(postgresUrl).host})`, postgres: true });
  } else {
    console.log(`  PostgreSQL: no server answers at ${new URL(postgresUrl).host}; skipped`);
  }
  return databases;
}

/** Measures bare Fastify and every variant on `database`, round after round, then prints them. */
async function measureDatabase(
  database: { name: string; postgres: boolean },
  variants: ReadonlyArray<{ name: string; kind: ServerKind }>,
): Promise<void> {
  const bareKind: ServerKind = { kind: 'bare', root: ROOT_DIR };
  const bare: Measures[] = [];
  const measured = variants.map((variant) => ({
    name: variant.name,
    measures: [] as Measures[],
  }));
  for (let round = 1; round <= rounds; round++) {
    console.log(`- ${database.name}, round ${round} of ${rounds}: bare Fastify`);
    bare.push(await measureServer(bareKind, database.postgres));
    for (const [index, variant] of variants.entries()) {
      console.log(`- ${database.name}, round ${round} of ${rounds}: ${variant.name}`);
      measured[index]?.measures.push(await measureServer(variant.kind, database.postgres));
    }
  }
  printTable(database.name, database.postgres ? GOALS.postgres : GOALS.sqlite, bare, measured);
}

/** Measures and prints the download sizes of this checkout and the `--before` one. */
async function measureSizes(beforeRoot: string | undefined): Promise<void> {
  const checkouts = [
    ...(beforeRoot ? [{ name: `before (${beforeRoot})`, root: beforeRoot }] : []),
    { name: beforeRoot ? 'after (this checkout)' : 'Velvet', root: ROOT_DIR },
  ];
  const sized: Array<{ name: string; sizes: PageSizes }> = [];
  for (const checkout of checkouts) {
    console.log(`- download sizes: ${checkout.name}`);
    sized.push({ name: checkout.name, sizes: await measurePageSizes(checkout.root) });
  }
  printSizes(sized);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exitCode = 1;
  },
);
