import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { describe, type TestContext, test } from 'node:test';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { outboundController } from '../ops/graceful-shutdown.js';
import { passcodeMessage } from '../products/otp/passcode-message.js';
import { eventually } from '../test/eventually.js';
import { DeliveryError } from './delivery.js';
import { SmtpAdapter } from './smtp.js';

const USER = 'velvet';
const PASSWORD = 'p@ss word';
const FROM = 'Velvet <no-reply@velvet.example>';

/** What the SMTP peer received in one transaction. */
interface Delivered {
  readonly user: string | undefined;
  readonly mailFrom: string;
  readonly rcptTo: string[];
  readonly raw: string;
}

/** A real SMTP peer on 127.0.0.1 with AUTH PLAIN over plain TCP, closed after test `t`. */
async function smtpPeer(t: TestContext, overrides: Partial<SMTPServerOptions> = {}) {
  const delivered: Delivered[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({
          user: typeof session.user === 'string' ? session.user : undefined,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
    ...overrides,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  t.after(close);
  const auth = `${encodeURIComponent(USER)}:${encodeURIComponent(PASSWORD)}`;
  return { url: `smtp://${auth}@127.0.0.1:${port}`, port, delivered, close };
}

/** An adapter closed after test `t`. */
function adapterFor(t: TestContext, url: string): SmtpAdapter {
  const adapter = new SmtpAdapter({ url, from: FROM });
  t.after(() => adapter.close());
  return adapter;
}

/** The unfolded value of header `name` in a raw message. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** Asserts the promise rejects with a DeliveryError that does not reveal the passcode. */
async function rejectsWithDeliveryError(promise: Promise<unknown>): Promise<DeliveryError> {
  let caught: unknown;
  await promise.then(
    () => assert.fail('send should have been refused'),
    (error: unknown) => {
      caught = error;
    },
  );
  assert.ok(caught instanceof DeliveryError, `not a DeliveryError: ${String(caught)}`);
  assert.ok(!caught.message.includes('123456'), `passcode leaked: ${caught.message}`);
  assert.ok(!caught.message.includes(PASSWORD), `password leaked: ${caught.message}`);
  return caught;
}

const email = passcodeMessage({
  channel: 'email',
  code: '123456',
  expirationMinutes: 10,
  projectName: 'Velvet',
});

describe('SmtpAdapter', () => {
  test('delivers the email through an authenticated relay', async (t) => {
    const peer = await smtpPeer(t);
    const adapter = adapterFor(t, peer.url);
    assert.equal(adapter.name, 'smtp');
    assert.deepEqual(adapter.channels, ['email']);

    const receipt = await adapter.send({ channel: 'email', to: 'guest@example.com', ...email });

    assert.equal(peer.delivered.length, 1);
    const [mail] = peer.delivered;
    assert.ok(mail);
    assert.equal(mail.user, USER);
    assert.equal(mail.mailFrom, 'no-reply@velvet.example');
    assert.deepEqual(mail.rcptTo, ['guest@example.com']);
    assert.equal(header(mail.raw, 'from'), FROM);
    assert.equal(header(mail.raw, 'to'), 'guest@example.com');
    assert.equal(header(mail.raw, 'subject'), 'Your Velvet sign-in code');
    assert.equal(header(mail.raw, 'message-id'), receipt.id);
    assert.match(mail.raw, /Content-Type: text\/plain/i);
    assert.match(mail.raw, /Content-Type: text\/html/i);
    const body = mail.raw.slice(mail.raw.search(/\r?\n\r?\n/));
    assert.match(body, /123456/);
    assert.match(body, /It expires in 10 minutes\./);
  });

  test('reports a refused recipient with the SMTP reply code', async (t) => {
    const peer = await smtpPeer(t, {
      onRcptTo(_address, _session, callback) {
        callback(
          Object.assign(new Error('5.1.1 Recipient address rejected: User unknown'), {
            responseCode: 550,
          }),
        );
      },
    });
    const adapter = adapterFor(t, peer.url);
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'email', to: 'nobody@example.com', ...email }),
    );
    assert.equal(error.vendorCode, 550);
    assert.match(error.message, /^The SMTP server refused the message: reply 550/);
    assert.equal(peer.delivered.length, 0);
  });

  test('reports refused credentials', async (t) => {
    const peer = await smtpPeer(t);
    const adapter = adapterFor(t, peer.url.replace(encodeURIComponent(PASSWORD), 'wrong'));
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'email', to: 'guest@example.com', ...email }),
    );
    assert.equal(error.vendorCode, 535);
    assert.match(error.message, /^The SMTP server refused the credentials: reply 535/);
    assert.equal(peer.delivered.length, 0);
  });

  test('reports an unreachable relay', async (t) => {
    const peer = await smtpPeer(t);
    await peer.close();
    const adapter = adapterFor(t, peer.url);
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'email', to: 'guest@example.com', ...email }),
    );
    assert.match(error.message, /^The SMTP server could not be reached: E[A-Z]+$/);
    assert.equal(error.vendorCode, undefined);
  });

  test('gives up on a relay that never answers when the server shuts down', async (t) => {
    // A TCP peer that accepts and never greets: nodemailer alone would wait 10 s for it.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    t.after(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const { port } = silent.address() as AddressInfo;
    const shutdown = new AbortController();
    const adapter = new SmtpAdapter({
      url: `smtp://127.0.0.1:${port}`,
      from: FROM,
      signal: shutdown.signal,
    });
    t.after(() => adapter.close());
    const sending = adapter.send({ channel: 'email', to: 'guest@example.com', ...email });
    await eventually(() => sockets.length === 1, 'the relay is connected to');
    shutdown.abort(new Error('the server is shutting down'));
    const error = await rejectsWithDeliveryError(sending);
    assert.equal(error.message, 'The email could not be sent: the server is shutting down');
  });

  test('20 emails at once on the shutdown signal: no listener warning, and no listener left', async (t) => {
    // Review: each email in flight adds an 'abort' listener; the eleventh warned
    // (MaxListenersExceededWarning) on the process-long shutdown signal.
    const relay = await smtpPeer(t);
    const shutdown = outboundController();
    const adapter = new SmtpAdapter({ url: relay.url, from: FROM, signal: shutdown.signal });
    t.after(() => adapter.close());
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    t.after(() => process.off('warning', onWarning));
    const sends = Array.from({ length: 20 }, (_, index) =>
      adapter.send({ channel: 'email', to: `guest${index}@example.com`, ...email }),
    );
    await eventually(
      () => getEventListeners(shutdown.signal, 'abort').length === 20,
      'all 20 emails in flight at once',
    );
    await Promise.all(sends);
    assert.equal(relay.delivered.length, 20);
    // A warning is emitted on the next tick: let it come before looking.
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(
      warnings.map((warning) => warning.name),
      [],
    );
    assert.equal(getEventListeners(shutdown.signal, 'abort').length, 0);
  });

  test('refuses other channels', async (t) => {
    const adapter = adapterFor(t, 'smtp://127.0.0.1:1');
    await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+14155552671', text: 'code 123456' }),
    );
  });

  test('names the missing or malformed option without echoing the URL', () => {
    assert.throws(() => new SmtpAdapter({ url: '', from: FROM }), /option url is missing/);
    assert.throws(
      () => new SmtpAdapter({ url: `https://${USER}:secret@mail.example`, from: FROM }),
      (error: unknown) =>
        error instanceof Error &&
        /smtp:\/\/ or smtps:\/\//.test(error.message) &&
        !error.message.includes('secret'),
    );
    assert.throws(
      () => new SmtpAdapter({ url: 'smtp://mail.example', from: ' ' }),
      /option from is missing/,
    );
  });
});
