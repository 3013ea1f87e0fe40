/**
 * `X-Request-Id` over HTTP: a well-formed incoming id is kept, echoed in the answer's header and
 * body and bound to every log line of the request; a hostile one (CR or LF, 1 KB, unicode,
 * spaces, a header sent twice) is replaced by an id of the server's own; every answer names its
 * request, errors and unreadable requests included.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { eventually } from '../test/eventually.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

/** What a raw answer says: its status, its headers (lower-case names) and its body. */
interface RawAnswer {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

/** Sends `head` (request line and headers, bytes as given) on a new connection and reads the answer. */
function rawRequest(url: string, head: Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** A GET of `path` with `extra` header bytes, on a connection that closes after the answer. */
function getWith(url: string, path: string, extra: Buffer): Promise<RawAnswer> {
  const host = new URL(url).host;
  return rawRequest(
    url,
    Buffer.concat([
      Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n`, 'latin1'),
      extra,
      Buffer.from('\r\n', 'latin1'),
    ]),
  );
}

/** The one `X-Request-Id` of `answer`. */
function echoedId(answer: RawAnswer): string {
  const ids = answer.headers.get('x-request-id') ?? [];
  assert.equal(ids.length, 1, `one X-Request-Id in ${JSON.stringify([...answer.headers])}`);
  return ids[0] as string;
}

const OWN_ID = /^request-id-[0-9a-f-]{36}$/;

describe('X-Request-Id', () => {
  const lines: string[] = [];
  let server: TestServer;

  before(async () => {
    server = await startTestServer({ logLine: (line) => lines.push(line) });
  });
  after(() => server.close());

  test('a well-formed id is kept: in the header, the body and every log line of the request', async () => {
    const id = 'nginx-4f1c2b7a.9d_e:01';
    const answer = await fetch(`${server.url}/sdk/v1/no/such/route`, {
      headers: { 'x-request-id': id },
    });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.get('x-request-id'), id);
    assert.equal(((await answer.json()) as { request_id: string }).request_id, id);
    // Fastify logs the request as it comes and as it is answered, both bound to its id.
    const ofRequest = () =>
      lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
    await eventually(() => ofRequest().length >= 2, 'the request logged in and out');
    const messages = ofRequest().map((line) => line.msg);
    assert.ok(messages.includes('incoming request'), messages.join(', '));
    assert.ok(messages.includes('request completed'), messages.join(', '));
    // No line of that request lacks the id: every line naming its URL carries it.
    const unbound = lines
      .map((line) => JSON.parse(line))
      .filter((line) => JSON.stringify(line).includes('/no/such/route') && line.reqId !== id);
    assert.deepEqual(unbound, []);
  });

  test('the longest well-formed id (128 characters) is kept', async () => {
    const id = 'a'.repeat(128);
    const answer = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': id } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('x-request-id'), id);
  });

  test('a request without an id gets one of its own, on successes and errors alike', async () => {
    const ok = await fetch(`${server.url}/healthz`);
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get('x-request-id') ?? '', OWN_ID);
    const refused = await server.api('/otps/sms/login_or_create', { body: { phone: 1 } });
    assert.equal(refused.status, 400);
    assert.match(refused.headers.get('x-request-id') ?? '', OWN_ID);
    assert.equal(refused.headers.get('x-request-id'), refused.body.request_id);
    const badUrl = await fetch(`${server.url}/sdk/v1/%zz`);
    assert.equal(badUrl.status, 400);
    assert.match(badUrl.headers.get('x-request-id') ?? '', OWN_ID);
  });

  const hostile: [string, Buffer][] = [
    ['1 KB long', Buffer.from(`X-Request-Id: ${'a'.repeat(1024)}\r\n`, 'latin1')],
    ['129 characters', Buffer.from(`X-Request-Id: ${'b'.repeat(129)}\r\n`, 'latin1')],
    ['unicode', Buffer.concat([Buffer.from('X-Request-Id: r\u00e9q-'), Buffer.from('\r\n')])],
    ['with spaces', Buffer.from('X-Request-Id: one two\r\n', 'latin1')],
    ['a log line inside', Buffer.from('X-Request-Id: {"level":60,"msg":"x"}\r\n', 'latin1')],
    ['sent twice', Buffer.from('X-Request-Id: first\r\nX-Request-Id: second\r\n', 'latin1')],
    ['empty', Buffer.from('X-Request-Id: \r\n', 'latin1')],
  ];
  for (const [what, header] of hostile) {
    test(`an id ${what} is replaced by one of the server's own`, async () => {
      const answer = await getWith(server.url, '/sdk/v1/no/such/route', header);
      assert.equal(answer.status, 404);
      const id = echoedId(answer);
      assert.match(id, OWN_ID);
      assert.equal((JSON.parse(answer.body) as { request_id: string }).request_id, id);
    });
  }

  test('a CR inside an id is refused with an id of the server own, never echoed', async () => {
    // Node's parser refuses a bare CR in a header value: the request is never routed, and the
    // answer written on the socket names an id of the server's own.
    for (const bytes of ['X-Request-Id: a\rInjected: 1\r\n', 'X-Request-Id: a\nInjected: 1\r\n']) {
      const answer = await getWith(server.url, '/healthz', Buffer.from(bytes, 'latin1'));
      assert.equal(answer.status, 400);
      assert.equal(answer.headers.get('injected'), undefined);
      const id = echoedId(answer);
      assert.match(id, OWN_ID);
      assert.equal((JSON.parse(answer.body) as { request_id: string }).request_id, id);
    }
  });
});
