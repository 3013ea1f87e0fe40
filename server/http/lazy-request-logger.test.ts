import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import { lazyRequestLoggerFactory } from './lazy-request-logger.js';

/** A server logging JSON lines at `level` into the returned list. */
function server(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  let n = 0;
  const app = Fastify({
    logger: { level, stream, redact: ['req.headers.authorization'] },
    genReqId: () => `request-id-${++n}`,
    childLoggerFactory: lazyRequestLoggerFactory,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 1 }, 'something odd');
    request.log.info('said at info');
    return { ok: true };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'inner' }).warn('from a child');
    return { ok: true };
  });
  return { app, lines };
}

test('at info every request line is written with its request id, as with pino children', async () => {
  const { app, lines } = server('info');
  await app.inject({ url: '/quiet', headers: { authorization: 'Basic c2VjcmV0' } });
  await app.close();
  const own = lines.filter((line) => line.reqId === 'request-id-1');
  assert.deepEqual(
    own.map((line) => [line.level, line.msg]),
    [
      [30, 'incoming request'],
      [30, 'request completed'],
    ],
  );
  const incoming = own[0]?.req as { headers?: Record<string, string> } | undefined;
  assert.equal(incoming?.headers?.authorization, undefined);
});

test('at warn only what reaches the level is written, with the request id', async () => {
  const { app, lines } = server('warn');
  await app.inject({ url: '/quiet' });
  await app.inject({ url: '/warns' });
  await app.inject({ url: '/child' });
  await app.close();
  assert.deepEqual(
    lines.map((line) => [line.reqId, line.level, line.msg, line.detail, line.part]),
    [
      ['request-id-2', 40, 'something odd', 1, undefined],
      ['request-id-3', 40, 'from a child', undefined, 'inner'],
    ],
  );
  assert.equal(app.log.level, 'warn');
});
