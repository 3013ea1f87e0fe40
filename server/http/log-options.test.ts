import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { lazyRequestLoggerFactory } from './lazy-request-logger.js';
import { loggerOptions } from './log-options.js';

const TOKEN = 'B7fjP-Co0r7x0XnDq8hIduUMjGIHTlf7JZ4UJC9bI5U';
const ACCESS_TOKEN = 'access-0123456789abcdef-secret';
const COOKIE = 'velvet_session=opaque-session-0123456789';

/** A server with the production logger options at trace, its lines parsed into `lines`. */
function server() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const app = Fastify({
    logger: loggerOptions('trace', {
      write(line) {
        raw.push(line);
        lines.push(JSON.parse(line));
      },
    }),
    childLoggerFactory: lazyRequestLoggerFactory,
  });
  return { app, lines, raw };
}

/** An HTTP client's failure that carries the answer it got, as some libraries' errors do. */
class ClientFailure extends Error {
  readonly code = 'TOKEN_EXCHANGE_FAILED';
  readonly statusCode = 400;
  readonly response = { body: { access_token: ACCESS_TOKEN } };
  constructor(message: string) {
    super(message, { cause: { access_token: ACCESS_TOKEN } });
  }
}

test('the request line redacts the query and writes no headers', async () => {
  const { app, lines, raw } = server();
  app.get('/landing', async () => 'ok');
  await app.inject({
    url: `/landing?stytch_token_type=magic_links&token=${TOKEN}`,
    headers: { authorization: `Basic ${TOKEN}`, cookie: COOKIE },
  });
  await app.close();
  const incoming = lines.find((line) => line.msg === 'incoming request');
  assert.deepEqual(
    (incoming?.req as { url?: string } | undefined)?.url,
    '/landing?stytch_token_type=magic_links&token=[redacted]',
  );
  assert.ok(!raw.join('').includes(TOKEN));
  assert.ok(!raw.join('').includes('opaque-session'));
});

test('an error is logged by class, message, stack and codes: no response body, no plain cause', async () => {
  const { app, lines, raw } = server();
  app.get('/fails', async (request) => {
    const failure = new ClientFailure(`GET https://provider.test/cb?code=${TOKEN} failed`);
    request.log.error({ err: failure }, 'exchange failed');
    request.log.error(failure);
    return 'handled';
  });
  await app.inject({ url: '/fails' });
  await app.close();
  const [withMessage, bare] = lines.filter((line) => line.err !== undefined);
  const err = withMessage?.err as Record<string, unknown>;
  assert.equal(err.type, 'ClientFailure');
  assert.equal(err.message, 'GET https://provider.test/cb?code=[redacted] failed');
  assert.match(
    String(err.stack),
    /^Error: GET https:\/\/provider\.test\/cb\?code=\[redacted\] failed/,
  );
  assert.equal(err.code, 'TOKEN_EXCHANGE_FAILED');
  assert.equal(err.statusCode, 400);
  assert.equal(err.response, undefined);
  assert.equal(err.cause, undefined);
  assert.equal(
    bare?.msg,
    'GET https://provider.test/cb?code=[redacted] failed',
    'log.error(error)',
  );
  const text = raw.join('');
  assert.ok(!text.includes(TOKEN), 'no token');
  assert.ok(!text.includes(ACCESS_TOKEN), 'no access token');
});

test('an error’s error cause is kept the same way', async () => {
  const { app, lines } = server();
  app.get('/caused', async (request) => {
    const inner = new Error(`connect to /x?state=${TOKEN} refused`);
    request.log.warn({ err: new Error('outer', { cause: inner }) }, 'failed');
    return 'handled';
  });
  await app.inject({ url: '/caused' });
  await app.close();
  const err = lines.find((line) => line.msg === 'failed')?.err as { cause?: { message?: string } };
  assert.equal(err.cause?.message, 'connect to /x?state=[redacted] refused');
});

test('Fastify’s lines for thrown errors (4xx and 500) and a message naming a URL are redacted', async () => {
  const { app, raw } = server();
  app.get('/throws', async () => {
    throw new ClientFailure(`refused /authorize?nonce=${TOKEN}`);
  });
  app.get('/breaks', async () => {
    throw new Error(`broke on /callback?code=${TOKEN}`);
  });
  app.get('/says', async (request) => {
    request.log.info(`redirecting to /?stytch_token_type=oauth&token=${TOKEN}`);
    return 'ok';
  });
  assert.equal((await app.inject({ url: '/throws' })).statusCode, 400);
  assert.equal((await app.inject({ url: '/breaks' })).statusCode, 500);
  await app.inject({ url: '/says' });
  await app.close();
  const text = raw.join('');
  assert.match(text, /stytch_token_type=oauth&token=\[redacted\]/);
  assert.match(text, /"msg":"refused \/authorize\?nonce=\[redacted\]"/);
  assert.match(text, /"msg":"broke on \/callback\?code=\[redacted\]"/);
  assert.ok(!text.includes(TOKEN));
  assert.ok(!text.includes(ACCESS_TOKEN));
});

test('Authorization, Cookie and Set-Cookie headers are censored wherever a line carries them', async () => {
  const { app, lines, raw } = server();
  app.get('/headers', async (request) => {
    request.log.info({ headers: request.headers }, 'request headers');
    request.log.info({ res: { headers: { 'set-cookie': COOKIE } } }, 'answer headers');
    return 'ok';
  });
  await app.inject({
    url: '/headers',
    headers: { authorization: `Bearer ${TOKEN}`, cookie: COOKIE },
  });
  await app.close();
  const logged = lines.find((line) => line.msg === 'request headers')?.headers as Record<
    string,
    string
  >;
  assert.equal(logged.authorization, '[Redacted]');
  assert.equal(logged.cookie, '[Redacted]');
  assert.ok(!raw.join('').includes(TOKEN));
  assert.ok(!raw.join('').includes('opaque-session'));
});

test('a string logged as `err` stays a string, its URLs redacted', async () => {
  const { app, lines } = server();
  app.get('/said', async (request) => {
    request.log.warn({ err: `vendor said /x?token=${TOKEN}` }, 'delivery failed');
    return 'ok';
  });
  await app.inject({ url: '/said' });
  await app.close();
  assert.equal(
    lines.find((line) => line.msg === 'delivery failed')?.err,
    'vendor said /x?token=[redacted]',
  );
});

test('a field logged as text has the queries of the URLs it quotes redacted', async () => {
  const { app, lines } = server();
  const fields = {
    provider: 'google',
    reason: `GET https://provider.test/token?code=${TOKEN} answered 400`,
  };
  app.get('/reason', async (request) => {
    request.log.warn(fields, 'oauth exchange failed');
    return 'ok';
  });
  await app.inject({ url: '/reason' });
  await app.close();
  const line = lines.find((entry) => entry.msg === 'oauth exchange failed');
  assert.equal(line?.reason, 'GET https://provider.test/token?code=[redacted] answered 400');
  assert.equal(line?.provider, 'google');
  assert.ok(fields.reason.includes(TOKEN), 'the caller’s object is left as it was');
});
