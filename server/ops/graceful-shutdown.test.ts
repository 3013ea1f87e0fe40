/**
 * Graceful shutdown of the real server (`server/main.ts` in a child process): SIGTERM with slow
 * requests in flight and keep-alive connections open answers every request and exits 0; a vendor
 * that never answers is given up before the deadline; and the sequence's own rules (settings,
 * the deadline's exit 1).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { after, describe, test } from 'node:test';
import { DEVELOPMENT_PUBLIC_TOKEN } from '../config/config.js';
import { ConfigError } from '../config/config-error.js';
import { eventually, eventuallyResolves } from '../test/eventually.js';
import { acceptsConnections } from '../test/ports.js';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';
import {
  DEVELOPMENT_DRAIN_MS,
  PRODUCTION_DRAIN_MS,
  SHUTDOWN_TIMEOUT_MS,
  shutDown,
  shutdownSettingsFromEnv,
} from './graceful-shutdown.js';
import { ServerLifecycle } from './lifecycle.js';

const AUTH = `Basic ${Buffer.from(`${DEVELOPMENT_PUBLIC_TOKEN}:${DEVELOPMENT_PUBLIC_TOKEN}`).toString('base64')}`;

/**
 * Twilio's variables, its API at `baseUrl`, and the switch that lets development run beside them
 * (it refuses a delivery vendor otherwise; this one is the test's own).
 */
function twilioEnv(baseUrl: string): Record<string, string> {
  return {
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'twilio-test-token',
    TWILIO_SMS_FROM: '+15005550006',
    TWILIO_API_BASE_URL: baseUrl,
    VELVET_ALLOW_DEV_SURFACES: '1',
  };
}

/** A Twilio that holds every message until `release()`, then accepts them all. */
async function heldTwilio() {
  const held: ServerResponse[] = [];
  let released = false;
  const accept = (response: ServerResponse) =>
    response
      .writeHead(201, { 'content-type': 'application/json' })
      .end(JSON.stringify({ sid: `SM${held.length}` }));
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    incoming.resume();
    incoming.once('end', () => {
      held.push(response);
      if (released) accept(response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.length,
    release() {
      released = true;
      for (const response of held) accept(response);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An answer read off the wire: its status, headers and body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A keep-alive connection to the server, used one request at a time. */
async function openConnection(url: string) {
  const { port } = new URL(url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  let closed = false;
  socket.once('close', () => {
    closed = true;
  });
  socket.on('error', () => undefined);
  return {
    closed: () => closed,
    /** Sends `GET path` and resolves with the answer (its body sized by Content-Length). */
    get(path: string): Promise<RawAnswer> {
      return new Promise((resolve, reject) => {
        let text = '';
        const onData = (chunk: Buffer) => {
          text += chunk.toString('latin1');
          const end = text.indexOf('\r\n\r\n');
          if (end < 0) return;
          const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
          const headers = Object.fromEntries(
            lines.map((line) => {
              const colon = line.indexOf(':');
              return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
            }),
          );
          const body = text.slice(end + 4);
          if (body.length < Number(headers['content-length'] ?? 0)) return;
          socket.off('data', onData);
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        };
        socket.on('data', onData);
        socket.once('close', () =>
          reject(new Error(`the connection closed before answering ${path}`)),
        );
        socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
      });
    },
  };
}

/** `POST /sdk/v1/otps/sms/login_or_create` for `phone` (over its own connection). */
function sendSms(url: string, phone: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      `${url}/sdk/v1/otps/sms/login_or_create`,
      { method: 'POST', headers: { authorization: AUTH, 'content-type': 'application/json' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body,
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify({ phone_number: phone }));
  });
}

function logged(server: VelvetServer, text: string): boolean {
  return server.log().some((line) => line.includes(text));
}

describe('graceful shutdown of the real server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test('SIGTERM with slow requests in flight and keep-alive connections open: every request answered, exit 0', async () => {
    const twilio = await heldTwilio();
    cleanups.push(twilio.close);
    const server = await startVelvet({
      env: {
        ...twilioEnv(twilio.url),
        SHUTDOWN_DRAIN_MS: String(PRODUCTION_DRAIN_MS),
        SHUTDOWN_TIMEOUT_MS: '120000',
      },
    });
    cleanups.push(() => server.stop());
    const port = Number(new URL(server.url).port);

    // Three sends wait on the vendor; three keep-alive connections wait for their next request.
    const phones = ['+14155550981', '+14155550982', '+14155550983'];
    const sends = phones.map((phone) => sendSms(server.url, phone));
    await eventually(() => twilio.held() === phones.length, 'the vendor holds every send');
    const idle = await Promise.all([1, 2, 3].map(() => openConnection(server.url)));
    for (const connection of idle) {
      const answer = await connection.get('/healthz');
      assert.equal(answer.status, 200);
      assert.notEqual(answer.headers.connection, 'close', 'kept alive before the signal');
    }

    const signalled = performance.now();
    const exitCode = server.terminate('SIGTERM');
    // During the drain the server accepts no new connection (a proxy passes the request to
    // another process: nothing was sent) and serves the kept-alive ones, closing each after its
    // answer.
    await eventuallyResolves(
      async () => !(await acceptsConnections(port)),
      'the server stops accepting',
    );
    const [reused, ...untouched] = idle;
    assert.ok(reused);
    const onKeptAlive = await reused.get('/healthz');
    assert.equal(onKeptAlive.status, 200);
    assert.equal(onKeptAlive.headers.connection, 'close');
    await eventually(reused.closed, 'a kept-alive connection closes after its answer in the drain');

    // After the drain: the idle connections closed, the slow requests still running.
    await eventually(
      () => untouched.every((connection) => connection.closed()),
      'the idle keep-alive connections are closed',
    );
    const idleFor = performance.now() - signalled;
    assert.ok(idleFor >= PRODUCTION_DRAIN_MS, `idle connections kept for the drain: ${idleFor} ms`);
    // The line was written before the connections closed, but reaches this process's copy of the
    // log through a pipe, which a busy machine may deliver later.
    await eventually(
      () => logged(server, 'closing idle connections'),
      'the shutdown logs closing the idle connections',
    );
    twilio.release();
    const answers = await Promise.all(sends);
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.headers.connection, 'close');
    }
    assert.equal(await exitCode, 0);
    assert.ok(logged(server, '"shut down"'), server.log().join('\n'));
  });

  test('a vendor that never answers is given up before the deadline: the request answers, exit 0', async () => {
    // A TCP peer that accepts and never says a word, as a stalled Twilio would.
    const received: Socket[] = [];
    const stalled = createTcpServer((socket) => {
      socket.on('data', () => {
        if (!received.includes(socket)) received.push(socket);
      });
    });
    stalled.listen(0, '127.0.0.1');
    await once(stalled, 'listening');
    cleanups.push(async () => {
      for (const socket of received) socket.destroy();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    });
    const port = (stalled.address() as AddressInfo).port;
    // Twilio's own limit is 10 s: the shutdown gives up on it earlier, at the deadline's margin.
    const server = await startVelvet({
      env: {
        ...twilioEnv(`http://127.0.0.1:${port}`),
        SHUTDOWN_DRAIN_MS: '200',
        SHUTDOWN_TIMEOUT_MS: '6000',
      },
    });
    cleanups.push(() => server.stop());

    const send = sendSms(server.url, '+14155550984');
    await eventually(() => received.length === 1, 'the request reaches the stalled vendor');
    const exitCode = server.terminate('SIGTERM');
    const answer = await send;
    assert.equal(answer.status, 502, answer.body);
    assert.equal(JSON.parse(answer.body).error_type, 'delivery_failed');
    assert.equal(await exitCode, 0, server.log().join('\n'));
    assert.ok(logged(server, 'Twilio could not be reached: the server is shutting down'));
    assert.ok(!logged(server, 'deadline passed'));
  });

  test('a second signal during the shutdown exits at once: 130 for SIGINT, 143 for SIGTERM, one log line', async () => {
    // Review: a second SIGINT (an operator's second Ctrl-C) was ignored until the deadline.
    const twilio = await heldTwilio();
    cleanups.push(twilio.close);
    for (const [second, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      const server = await startVelvet({
        env: { ...twilioEnv(twilio.url), SHUTDOWN_TIMEOUT_MS: '120000' },
      });
      cleanups.push(() => server.stop());
      // A send the vendor holds keeps the shutdown waiting.
      const held = twilio.held();
      void sendSms(server.url, `+1415555099${code % 10}`).catch(() => undefined);
      await eventually(() => twilio.held() === held + 1, 'the vendor holds the send');
      const exitCode = server.terminate('SIGTERM');
      await eventually(
        () => logged(server, 'no longer accepting connections'),
        'the shutdown waits on the request',
      );
      assert.ok(server.alive());
      void server.terminate(second);
      assert.equal(await exitCode, code, server.log().join('\n'));
      const lines = server.log().filter((line) => line.includes('second signal during shutdown'));
      assert.equal(lines.length, 1, server.log().join('\n'));
      assert.match(lines[0] ?? '', new RegExp(`"signal":"${second}"`));
    }
  });

  test('a request completed once the server closes is served, and its connection closed', async () => {
    // Fastify's own 503 answered it, and then the API's refusal, which nginx cannot pass on for a
    // POST: served instead, since the database closes only after the requests in flight. A
    // connection whose request has begun is not idle, so closing leaves it open for the request.
    const server = await startVelvet({ env: { SHUTDOWN_TIMEOUT_MS: '120000' } });
    cleanups.push(() => server.stop());
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    const closed = once(socket, 'close');
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    // The partial request has reached the server when a second connection is answered after it.
    const probe = await openConnection(server.url);
    assert.equal((await probe.get('/healthz')).status, 200);
    const exitCode = server.terminate('SIGTERM');
    // Closing the idle connection comes after the server stopped accepting (its log line may
    // come later through the pipe).
    await eventually(probe.closed, 'the server closes the idle connection');
    socket.write('Connection: keep-alive\r\n\r\n');
    await closed;
    const [served, ...more] = rawAnswers(received);
    assert.equal(more.length, 0, received);
    assert.equal(served?.status, 200, received);
    assert.equal(JSON.parse(served?.body ?? '{}').status, 'ok', received);
    assert.equal(served?.headers['x-content-type-options'], 'nosniff');
    assert.equal(served?.headers.connection, 'close');
    assert.equal(await exitCode, 0, server.log().join('\n'));
  });

  test('a connection accepted just before the server stops accepting delivers its POST and is answered', async () => {
    // A proxy writes its request once connected: closing such a connection as idle would reset a
    // POST the proxy already sent, which nginx answers 502 (it passes no sent POST on).
    const server = await startVelvet({
      env: { SHUTDOWN_DRAIN_MS: '500', SHUTDOWN_TIMEOUT_MS: '120000' },
    });
    cleanups.push(() => server.stop());
    const port = Number(new URL(server.url).port);
    // A connection opened as a proxy opens one, whose request is late; the server has accepted it
    // once a connection opened after it is answered.
    const late = connect(port, '127.0.0.1');
    await once(late, 'connect');
    let received = '';
    late.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    late.on('error', () => undefined);
    const closed = once(late, 'close');
    const probe = await openConnection(server.url);
    assert.equal((await probe.get('/healthz')).status, 200);
    const exitCode = server.terminate('SIGTERM');
    await eventuallyResolves(
      async () => !(await acceptsConnections(port)),
      'the server stops accepting',
    );

    const body = JSON.stringify({ session_token: 'not-a-session-token' });
    late.write(
      `POST /sdk/v1/sessions/authenticate HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${AUTH}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await closed;
    const [answer, ...more] = rawAnswers(received);
    assert.equal(more.length, 0, received);
    assert.ok(answer && answer.status >= 400 && answer.status < 500, received);
    assert.ok(JSON.parse(answer.body).error_type, received);
    assert.equal(answer.headers.connection, 'close');
    assert.equal(await exitCode, 0, server.log().join('\n'));
  });
});

/** The answers in `text`, read off one connection one after the other (sized by Content-Length). */
function rawAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(end + 4, end + 4 + length),
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

describe('the shutdown sequence', () => {
  test('settings: a drain in production, none in development, and refusals naming the variable', () => {
    assert.deepEqual(shutdownSettingsFromEnv({}, true), {
      drainMs: PRODUCTION_DRAIN_MS,
      timeoutMs: SHUTDOWN_TIMEOUT_MS,
    });
    assert.equal(shutdownSettingsFromEnv({}, false).drainMs, DEVELOPMENT_DRAIN_MS);
    assert.deepEqual(
      shutdownSettingsFromEnv({ SHUTDOWN_DRAIN_MS: '2000', SHUTDOWN_TIMEOUT_MS: '9000' }, true),
      { drainMs: 2000, timeoutMs: 9000 },
    );
    assert.throws(
      () => shutdownSettingsFromEnv({ SHUTDOWN_DRAIN_MS: '5s' }, true),
      (error) => error instanceof ConfigError && /SHUTDOWN_DRAIN_MS/.test(error.message),
    );
    assert.throws(
      () => shutdownSettingsFromEnv({ SHUTDOWN_DRAIN_MS: '20000' }, true),
      (error) => error instanceof ConfigError && /SHUTDOWN_TIMEOUT_MS/.test(error.message),
    );
  });

  test('what still runs at the deadline ends the process with 1 and one log line', async () => {
    const lifecycle = new ServerLifecycle();
    const exits: number[] = [];
    const errors: string[] = [];
    const outbound = new AbortController();
    let released = false;
    const done = shutDown(
      {
        lifecycle,
        // A server whose last request never ends, even once outbound calls are aborted.
        server: {
          stopAccepting: async () => undefined,
          finish: () => new Promise(() => undefined),
        },
        outbound,
        release: async () => {
          released = true;
        },
        log: { info: () => undefined, error: (_details, message) => errors.push(message) },
        exit: (code) => exits.push(code),
        settings: { drainMs: 0, timeoutMs: 300 },
      },
      'SIGTERM',
    );
    assert.equal(lifecycle.draining, true, 'unready at once');
    await eventually(() => exits.length > 0, 'the deadline ends the process');
    assert.deepEqual(exits, [1]);
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /deadline/);
    assert.equal(outbound.signal.aborted, true, 'outbound calls were given up before');
    assert.equal(released, false);
    void done;
  });

  test('outbound calls are aborted before the deadline, so the requests waiting on them end', async () => {
    const exits: number[] = [];
    const outbound = new AbortController();
    await shutDown(
      {
        lifecycle: new ServerLifecycle(),
        // The last request waits on a vendor call, which ends when the signal aborts it.
        server: {
          stopAccepting: async () => undefined,
          finish: () =>
            new Promise<void>((resolve) =>
              outbound.signal.addEventListener('abort', () => resolve(), { once: true }),
            ),
        },
        outbound,
        release: async () => undefined,
        log: { info: () => undefined, error: () => undefined },
        exit: (code) => exits.push(code),
        settings: { drainMs: 0, timeoutMs: 5000 },
      },
      'SIGTERM',
    );
    assert.deepEqual(exits, [0]);
  });
});
