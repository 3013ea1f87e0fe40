import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, type TestContext, test } from 'node:test';
import { outboundController } from '../ops/graceful-shutdown.js';
import { eventually } from '../test/eventually.js';
import { DeliveryError } from './delivery.js';
import { TwilioAdapter } from './twilio.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'f00dfeedf00dfeedf00dfeedf00dfeed';
const BODY = 'Your Velvet code is 123456. It expires in 10 minutes.\n\n@example.com #123456';

/** One request the fake Twilio received. */
interface Received {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly form: Record<string, string>;
}

type Answer = (received: Received, res: ServerResponse) => void;

/** A fake Twilio API on 127.0.0.1, closed after test `t`, that records requests and answers. */
async function fakeTwilio(t: TestContext, answer: Answer = answerCreated) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      };
      received.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  t.after(close);
  return { baseUrl: `http://127.0.0.1:${port}`, received, close };
}

/** Twilio's answer to a created message: 201 with the Message resource. */
function answerCreated(received: Received, res: ServerResponse): void {
  const sid = `SM${randomBytes(16).toString('hex')}`;
  const now = new Date().toUTCString().replace('GMT', '+0000');
  const messagesPath = `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages`;
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      account_sid: ACCOUNT_SID,
      api_version: '2010-04-01',
      body: received.form.Body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: received.form.From ?? null,
      messaging_service_sid: received.form.MessagingServiceSid ?? null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      status: received.form.MessagingServiceSid ? 'accepted' : 'queued',
      subresource_uris: { media: `${messagesPath}/${sid}/Media.json` },
      to: received.form.To,
      uri: `${messagesPath}/${sid}.json`,
    }),
  );
}

function answerJson(status: number, body: unknown): Answer {
  return (_received, res) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
}

function expectedAuthorization(): string {
  return `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
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
  return caught;
}

/**
 * How many signals made by `AbortSignal.any` from `signal` it still holds: Node keeps them in an
 * internal set (`kDependantSignals`) that `getEventListeners` does not show; 0 when Node has none.
 */
function dependantSignals(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find(
    (symbol) => symbol.description === 'kDependantSignals',
  );
  // Node's own set (a `SafeSet`), not an instance of the global `Set`.
  const held: unknown = key === undefined ? undefined : Reflect.get(signal, key);
  const size: unknown = typeof held === 'object' && held !== null ? Reflect.get(held, 'size') : 0;
  return typeof size === 'number' ? size : 0;
}

describe('TwilioAdapter', () => {
  test('sends an SMS from a number and returns the message SID', async (t) => {
    const twilio = await fakeTwilio(t);
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
    });
    assert.equal(adapter.name, 'twilio');
    assert.deepEqual(adapter.channels, ['sms']);

    const receipt = await adapter.send({ channel: 'sms', to: '+14155552671', text: BODY });

    assert.equal(twilio.received.length, 1);
    const [request] = twilio.received;
    assert.ok(request);
    assert.equal(request.method, 'POST');
    assert.equal(request.path, `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    assert.equal(request.authorization, expectedAuthorization());
    assert.equal(request.contentType, 'application/x-www-form-urlencoded');
    assert.deepEqual(request.form, { To: '+14155552671', From: '+15017122661', Body: BODY });
    assert.match(receipt.id, /^SM[0-9a-f]{32}$/);
  });

  test('sends SMS through a Messaging Service when one is set', async (t) => {
    const twilio = await fakeTwilio(t);
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      messagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      baseUrl: `${twilio.baseUrl}/`,
    });
    await adapter.send({ channel: 'sms', to: '+14155552671', text: BODY });
    assert.equal(twilio.received[0]?.path, `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    assert.deepEqual(twilio.received[0]?.form, {
      To: '+14155552671',
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      Body: BODY,
    });
  });

  test('prefixes both WhatsApp addresses with whatsapp:', async (t) => {
    const twilio = await fakeTwilio(t);
    for (const whatsappFrom of ['+14155238886', 'whatsapp:+14155238886']) {
      const adapter = new TwilioAdapter({
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        whatsappFrom,
        baseUrl: twilio.baseUrl,
      });
      assert.deepEqual(adapter.channels, ['whatsapp']);
      const receipt = await adapter.send({ channel: 'whatsapp', to: '+14155552671', text: 'Hi' });
      assert.match(receipt.id, /^SM/);
    }
    assert.deepEqual(
      twilio.received.map((r) => r.form),
      [
        { To: 'whatsapp:+14155552671', From: 'whatsapp:+14155238886', Body: 'Hi' },
        { To: 'whatsapp:+14155552671', From: 'whatsapp:+14155238886', Body: 'Hi' },
      ],
    );
  });

  test('carries both channels when both senders are set, and refuses email', async () => {
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      whatsappFrom: '+14155238886',
    });
    assert.deepEqual(adapter.channels, ['sms', 'whatsapp']);
    await rejectsWithDeliveryError(
      adapter.send({ channel: 'email', to: 'guest@example.com', text: 'code 123456' }),
    );
  });

  test("reports Twilio's refusal with its error code, never the passcode", async (t) => {
    const twilio = await fakeTwilio(
      t,
      answerJson(400, {
        code: 21211,
        message: "The 'To' number +1555 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    );
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
    });
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+1555', text: BODY }),
    );
    assert.equal(error.vendorCode, 21211);
    assert.equal(
      error.message,
      "Twilio refused the message: The 'To' number +1555 is not a valid phone number.",
    );
    assert.equal(twilio.received.length, 1);
  });

  test('a refusal whose text quotes the message body reaches the log without the passcode', async (t) => {
    const twilio = await fakeTwilio(
      t,
      answerJson(400, {
        code: 30007,
        message: `Message filtered: "${BODY}"`,
        status: 400,
      }),
    );
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
    });
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+14155552671', text: BODY }),
    );
    assert.equal(error.vendorCode, 30007);
    assert.match(error.message, /^Twilio refused the message: Message filtered: "Your Velvet code/);
  });

  test('reports a refusal without a JSON body by its HTTP status', async (t) => {
    const twilio = await fakeTwilio(t, (_received, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
    });
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
    });
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+14155552671', text: BODY }),
    );
    assert.equal(error.message, 'Twilio refused the message: HTTP 503');
    assert.equal(error.vendorCode, undefined);
  });

  test('reports an unreachable Twilio', async (t) => {
    const twilio = await fakeTwilio(t);
    await twilio.close();
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
    });
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+14155552671', text: BODY }),
    );
    assert.match(error.message, /^Twilio could not be reached: ECONNREFUSED$/);
  });

  test('gives up on a Twilio that never answers', async (t) => {
    const twilio = await fakeTwilio(t, () => {
      // Never answer; the adapter's timeout must end the request.
    });
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
      timeoutMs: 100,
    });
    const error = await rejectsWithDeliveryError(
      adapter.send({ channel: 'sms', to: '+14155552671', text: BODY }),
    );
    assert.equal(error.message, 'Twilio could not be reached: no answer within 100 ms');
    assert.equal(twilio.received.length, 1);
  });

  test('gives up on a Twilio that never answers when the server shuts down', async (t) => {
    const twilio = await fakeTwilio(t, () => {
      // Never answer; the shutdown signal, long before the adapter's own 10 s, ends the request.
    });
    const shutdown = new AbortController();
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
      signal: shutdown.signal,
    });
    const sending = adapter.send({ channel: 'sms', to: '+14155552671', text: BODY });
    await eventually(() => twilio.received.length === 1, 'Twilio receives the request');
    shutdown.abort();
    const error = await rejectsWithDeliveryError(sending);
    assert.equal(error.message, 'Twilio could not be reached: the server is shutting down');
  });

  test('50 messages on the shutdown signal leave nothing on it', async (t) => {
    // Review: `AbortSignal.any([timeout, shutdown])` per message kept a reference from the
    // process-long shutdown signal on Node 20 (its heap grew about 50 MB per 800k messages).
    const twilio = await fakeTwilio(t);
    const shutdown = outboundController();
    const adapter = new TwilioAdapter({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      smsFrom: '+15017122661',
      baseUrl: twilio.baseUrl,
      signal: shutdown.signal,
    });
    for (let index = 0; index < 50; index++) {
      await adapter.send({ channel: 'sms', to: '+14155552671', text: BODY });
    }
    assert.equal(twilio.received.length, 50);
    assert.equal(getEventListeners(shutdown.signal, 'abort').length, 0);
    assert.equal(dependantSignals(shutdown.signal), 0);
  });

  test('names the missing or malformed option', () => {
    const base = { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, smsFrom: '+15017122661' };
    assert.throws(() => new TwilioAdapter({ ...base, accountSid: '' }), /accountSid/);
    assert.throws(() => new TwilioAdapter({ ...base, authToken: ' ' }), /authToken/);
    assert.throws(
      () => new TwilioAdapter({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN }),
      /smsFrom, messagingServiceSid or whatsappFrom/,
    );
    assert.throws(() => new TwilioAdapter({ ...base, baseUrl: 'api.twilio.com' }), /baseUrl/);
    assert.throws(() => new TwilioAdapter({ ...base, timeoutMs: 0 }), /timeoutMs/);
  });
});
