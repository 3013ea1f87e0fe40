/**
 * A rolling restart behind `deploy/nginx/velvet.conf` (Debian's nginx) loses no request: two
 * server processes on one database sit in the site's upstream, as `velvet@8080` and
 * `velvet@8081` do; each in turn gets SIGTERM, drains (the production default,
 * `PRODUCTION_DRAIN_MS`), exits 0 and is started again on its port, while a client sends a
 * steady stream of requests to nginx over keep-alive connections. Every request is answered by
 * the server (no 502 or 504 from nginx, no connection error).
 */
import { Agent, request } from 'node:https';
import { expect, test } from '@playwright/test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../server/config/config.js';
import { PRODUCTION_DRAIN_MS } from '../server/ops/graceful-shutdown.js';
import { eventually } from '../server/test/eventually.js';
import { freePort } from '../server/test/ports.js';
import { createTestDatabase, type TestDatabase } from '../server/test/test-database.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { type NginxProxy, startNginx } from './support/nginx-proxy.js';

const AUTH = `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`).toString('base64')}`;
/** How many requests the client keeps in flight at once, each on its own kept-alive connection. */
const CONCURRENCY = 4;

let proxy: NginxProxy | undefined;
let database: TestDatabase | undefined;
const servers: VelvetServer[] = [];

test.afterAll(async () => {
  for (const server of servers) await server.stop();
  await proxy?.stop();
  await database?.drop();
});

/** One call of the stream: an idempotent GET, or a POST nginx must never send twice. */
interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const CALLS: readonly Call[] = [
  { method: 'GET', path: `/sdk/v1/projects/bootstrap/${DEVELOPMENT_PUBLIC_TOKEN}` },
  {
    method: 'POST',
    path: '/sdk/v1/sessions/authenticate',
    body: JSON.stringify({ session_token: 'not-a-session-token' }),
  },
];

/** `call` through nginx; its status, or the client's error for a request that got no answer. */
function send(url: string, agent: Agent, call: Call): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request(
      `${url}${call.path}`,
      {
        method: call.method,
        agent,
        rejectUnauthorized: false,
        headers: {
          authorization: AUTH,
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', (error) => resolve(`response error: ${error.message}`));
      },
    );
    outgoing.on('error', (error) => resolve(`request error: ${error.message}`));
    outgoing.end(call.body);
  });
}

/** The lines of `server`'s log that record a request it received. */
function requestsServed(server: VelvetServer): number {
  return server.log().filter((line) => line.includes('"incoming request"')).length;
}

test('a rolling restart behind nginx answers every request of a steady stream', async () => {
  const ports: [number, number] = [await freePort(), await freePort()];
  proxy = await startNginx(...ports);
  const url = proxy.url;
  database = await createTestDatabase();
  const shared = database;
  const start = (port: number) =>
    startVelvet({
      database: shared,
      env: {
        PORT: String(port),
        PUBLIC_URL: url,
        TRUST_PROXY: '1',
        SHUTDOWN_DRAIN_MS: String(PRODUCTION_DRAIN_MS),
      },
    });
  const running = [await start(ports[0]), await start(ports[1])];
  servers.push(...running);

  // The stream: CONCURRENCY clients, each sending its next request once the last was answered.
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const answers = new Map<Call, (number | string)[]>(CALLS.map((call) => [call, []]));
  let streaming = true;
  const clients = Array.from({ length: CONCURRENCY }, async (_, client) => {
    for (let n = client; streaming; n++) {
      const call = CALLS[n % CALLS.length] as Call;
      answers.get(call)?.push(await send(url, agent, call));
    }
  });

  for (const [index, port] of ports.entries()) {
    const old = running[index] as VelvetServer;
    const other = running[1 - index] as VelvetServer;
    await eventually(
      () => requestsServed(old) > 20 && requestsServed(other) > 20,
      'both processes serve the stream',
    );
    // SIGTERM: the process drains, then exits 0; nginx passes what it refuses to the other.
    expect(await old.terminate('SIGTERM')).toBe(0);
    const restarted = await start(port);
    servers.push(restarted);
    running[index] = restarted;
  }
  await eventually(
    () => running.every((server) => requestsServed(server) > 20),
    'both restarted processes serve the stream',
  );
  streaming = false;
  await Promise.all(clients);
  agent.destroy();

  const [get, post] = CALLS.map((call) => answers.get(call) ?? []) as [
    (number | string)[],
    (number | string)[],
  ];
  const total = get.length + post.length;
  test.info().annotations.push({
    type: 'requests',
    description: `${total} (${get.length} GET, ${post.length} POST)`,
  });
  console.log(`rolling restart: ${total} requests (${get.length} GET, ${post.length} POST)`);
  const failed = (status: number | string) =>
    typeof status === 'string' || status === 502 || status === 504;
  const unanswered = [
    ...get.filter(failed).map((status) => `GET: ${status}`),
    ...post.filter(failed).map((status) => `POST: ${status}`),
  ];
  expect(
    unanswered,
    `requests nginx or the client failed, of ${total}; nginx's error log:\n${proxy.errorLog()}`,
  ).toEqual([]);
  // Each call got the server's one answer for it.
  expect(new Set(get)).toEqual(new Set([200]));
  expect(new Set(post).size).toBe(1);
  expect(post[0]).toBeGreaterThanOrEqual(400);
  expect(post[0]).toBeLessThan(500);
});
