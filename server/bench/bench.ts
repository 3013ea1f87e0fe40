/**
 * `npm run bench`: requests per second and latency of the hot endpoints
 * under concurrent load on loopback, beside a bare Fastify route measured in
 * the same run. Runs on SQLite, or on PostgreSQL when
 * `VELVET_TEST_DATABASE_URL` or `DATABASE_URL` names a server (a scratch
 * database is created there and dropped). Prints a table; asserts nothing
 * about timing.
 */
import { cpus, totalmem } from 'node:os';
import Fastify from 'fastify';
import { BODY_LIMIT_BYTES } from '../app.js';
import { measureArgon2Verify } from './argon2-verify.js';
import { type LoadResult, type LoadSpec, runLoad } from './load.js';
import { benchPhones } from './phones.js';

/** Concurrent connections of every run. */
const CONNECTIONS = 10;
/** Seconds each measured run lasts (the passcode run is sized to last about as long). */
const DURATION_SECONDS = 5;
/** Seconds of warm-up before each duration run. */
const WARMUP_SECONDS = 1;
/** Passcode checks of the warm-up, which also estimates the rate. */
const OTP_WARMUP_CHECKS = 200;
/** Bounds of the passcode run, in checks. */
const OTP_CHECKS = { min: 500, max: 15_000 } as const;
/** Spare codes beyond the run's amount (autocannon may prepare a request per connection ahead). */
const SPARE_CODES = 4 * CONNECTIONS;
/** The whole bench gives up after this long. */
const DEADLINE_MS = 90_000;
/** A limit so high the bench never meets it. */
const UNLIMITED = { max: 1_000_000, windowMinutes: 1 };

// The test harness reads the PostgreSQL URL when it is imported.
const postgresUrl = process.env.VELVET_TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
if (postgresUrl) process.env.VELVET_TEST_DATABASE_URL = postgresUrl;
const { TEST_PUBLIC_TOKEN, basicAuth, signInBySms, startTestServer } = await import(
  '../test/test-server.js'
);
type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** One row of the table. */
interface Row {
  name: string;
  result: LoadResult;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A Fastify server with one trivial JSON route, configured like Velvet's. */
async function startBareServer() {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT_BYTES });
  app.post('/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** Sends one passcode to each phone (10 at a time) and reads each code from the outbox. */
async function sendCodes(server: TestServer, phones: readonly string[]): Promise<string[]> {
  const bodies: string[] = new Array(phones.length);
  let next = 0;
  const worker = async () => {
    while (next < phones.length) {
      const index = next++;
      const phone = phones[index] ?? '';
      const sent = await server.api('/otps/sms/login_or_create', { body: { phone_number: phone } });
      if (sent.status !== 200)
        throw new Error(`send to ${phone} failed: ${JSON.stringify(sent.body)}`);
      // Read at once: the outbox keeps only the newest 200 messages.
      bodies[index] = JSON.stringify({
        method_id: sent.body.method_id,
        token: server.lastCode(phone),
      });
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return bodies;
}

/** Runs a warm-up of `WARMUP_SECONDS`, then the measured run. */
async function measureForDuration(spec: Omit<LoadSpec, 'connections'>): Promise<LoadResult> {
  await runLoad({ ...spec, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  return runLoad({ ...spec, connections: CONNECTIONS, duration: DURATION_SECONDS });
}

async function measurePasscodeChecks(server: TestServer): Promise<LoadResult> {
  const spec = {
    url: server.url,
    method: 'POST' as const,
    path: '/sdk/v1/otps/authenticate',
    headers: { ...JSON_HEADERS, authorization: basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN) },
    connections: CONNECTIONS,
  };
  const phones = benchPhones(OTP_WARMUP_CHECKS + SPARE_CODES + OTP_CHECKS.max + SPARE_CODES);
  const warmupPhones = phones.slice(0, OTP_WARMUP_CHECKS + SPARE_CODES);
  const warmup = await runLoad({
    ...spec,
    bodies: await sendCodes(server, warmupPhones),
    amount: OTP_WARMUP_CHECKS,
  });
  const estimate = Math.ceil(warmup.rps * DURATION_SECONDS);
  const checks = Math.min(OTP_CHECKS.max, Math.max(OTP_CHECKS.min, estimate));
  const runPhones = phones.slice(warmupPhones.length, warmupPhones.length + checks + SPARE_CODES);
  const sendStarted = Date.now();
  const bodies = await sendCodes(server, runPhones);
  const sendSeconds = ((Date.now() - sendStarted) / 1000).toFixed(1);
  console.log(
    `  sent ${bodies.length} passcodes to distinct numbers in ${sendSeconds} s; ` +
      `measuring ${checks} checks (warm-up ran at ${warmup.rps.toFixed(0)} req/s)`,
  );
  const result = await runLoad({ ...spec, bodies, amount: checks });
  if (result.bodiesUsed > bodies.length) {
    console.log(`  warning: ${result.bodiesUsed - bodies.length} requests reused a code`);
  }
  return result;
}

function pad(text: string, width: number, left = false): string {
  return left ? text.padEnd(width) : text.padStart(width);
}

/** autocannon records latency in whole milliseconds. */
function milliseconds(value: number): string {
  return value < 1 ? '<1' : String(value);
}

function printTable(rows: readonly Row[]): void {
  const bare = rows[0]?.result.rps ?? 0;
  const header = [
    'endpoint',
    'requests',
    'seconds',
    'req/s',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'vs bare',
  ];
  const cells = rows.map(({ name, result }) => [
    name,
    String(result.requests),
    result.seconds.toFixed(2),
    result.rps.toFixed(0),
    milliseconds(result.p50),
    milliseconds(result.p99),
    String(result.non2xx + result.errors),
    bare > 0 ? `${(result.rps / bare).toFixed(2)}x` : '-',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((c) => (c[i] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    values.map((value, i) => pad(value, widths[i] ?? 0, i === 0)).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of cells) console.log(line(row));
}

async function main(): Promise<number> {
  const cpuList = cpus();
  console.log('Velvet benchmark');
  console.log(
    `  machine: ${cpuList.length} CPUs (${cpuList[0]?.model.trim() ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${process.platform}`,
  );
  const database = postgresUrl
    ? `PostgreSQL (a scratch database on ${new URL(postgresUrl).host})`
    : 'SQLite (a scratch file, WAL, synchronous=FULL)';
  console.log(`  database: ${database}`);
  console.log(
    `  load: autocannon in a child process, ${CONNECTIONS} connections, ` +
      `${WARMUP_SECONDS} s warm-up, ${DURATION_SECONDS} s runs\n`,
  );

  const bareServer = await startBareServer();
  let server: TestServer | undefined;
  try {
    server = await startTestServer({
      project: {
        otp: {
          sendLimits: { perDestination: UNLIMITED, perIp: UNLIMITED },
          authenticateLimit: { perIp: UNLIMITED },
        },
        products: ['otp', 'passwords'],
        passwords: { authenticateLimit: { perIp: UNLIMITED } },
      },
    });
    const rows: Row[] = [];

    console.log('- bare Fastify route');
    rows.push({
      name: 'POST /bare (baseline)',
      result: await measureForDuration({
        url: bareServer.url,
        method: 'POST',
        path: '/bare',
        headers: JSON_HEADERS,
        body: JSON.stringify({ hello: 'world' }),
      }),
    });

    console.log('- POST /sdk/v1/sessions/authenticate');
    const signedIn = await signInBySms(server, '+14155552671');
    rows.push({
      name: 'POST /sessions/authenticate',
      result: await measureForDuration({
        url: server.url,
        method: 'POST',
        path: '/sdk/v1/sessions/authenticate',
        headers: {
          ...JSON_HEADERS,
          authorization: basicAuth(TEST_PUBLIC_TOKEN, signedIn.session_token),
        },
        body: '{}',
      }),
    });

    console.log('- POST /sdk/v1/otps/authenticate');
    rows.push({ name: 'POST /otps/authenticate', result: await measurePasscodeChecks(server) });

    console.log('- POST /sdk/v1/passwords/authenticate');
    const password = 'bench-Violet-Harbor-7-juggles';
    const created = await server.api('/passwords', {
      body: { email: 'bench@example.com', password },
    });
    if (created.status !== 200) throw new Error(`password create: ${JSON.stringify(created.body)}`);
    rows.push({
      name: 'POST /passwords/authenticate',
      result: await measureForDuration({
        url: server.url,
        method: 'POST',
        path: '/sdk/v1/passwords/authenticate',
        headers: {
          ...JSON_HEADERS,
          authorization: basicAuth(TEST_PUBLIC_TOKEN, TEST_PUBLIC_TOKEN),
        },
        body: JSON.stringify({ email: 'bench@example.com', password }),
      }),
    });

    console.log('- argon2id verification, one at a time');
    const verify = await measureArgon2Verify();
    console.log('');
    printTable(rows);
    console.log(
      `\nargon2id verify (${verify.parameters}): ${verify.perSecondPerCore.toFixed(1)} ` +
        `verifications/s/core (${verify.verifications} in ${verify.seconds.toFixed(1)} s)`,
    );
    const failed = rows.filter((row) => row.result.non2xx + row.result.errors > 0);
    for (const row of failed) {
      console.log(
        `\n${row.name}: ${row.result.non2xx} non-2xx answers, ${row.result.errors} errors`,
      );
      console.log(`  status codes: ${JSON.stringify(row.result.statusCodes)}`);
    }
    console.log(
      failed.length === 0
        ? '\nEvery request succeeded (non-2xx = 0): each passcode check was a real, good code.'
        : '\nSome requests failed: the numbers above do not measure successful calls.',
    );
    return failed.length === 0 ? 0 : 1;
  } finally {
    await server?.close();
    await bareServer.app.close();
  }
}

const deadline = setTimeout(() => {
  console.error(`bench: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('bench failed:', error);
    process.exitCode = 1;
  },
);
