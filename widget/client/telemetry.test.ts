import { expect } from '@open-wc/testing';
import { EmailFlowType, type TelemetryEventRecord } from './telemetry.js';
import { settle } from './testing/fake-clock.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient, type TestClient } from './testing/test-client.js';

function acceptEvents(test: TestClient): void {
  test.api.on('POST', '/events', (request) => {
    const { events } = request.body as { events: unknown[] };
    return { json: success({ accepted: events.length }) };
  });
}

function batches(test: TestClient): TelemetryEventRecord[][] {
  return test.api
    .requestsTo('/events')
    .map((request) => (request.body as { events: TelemetryEventRecord[] }).events);
}

// The spec's numbers (section 9), spelled out so a wrong constant fails these tests.
const TELEMETRY_BATCH_SIZE = 15;
const TELEMETRY_FLUSH_INTERVAL_MS = 800;

describe('Telemetry', () => {
  afterEach(cleanUpClients);

  it('sends 15 events as one POST at once', async () => {
    const test = createTestClient();
    acceptEvents(test);
    for (let i = 0; i < 15; i += 1) test.client.telemetry.logEvent('render_login_screen', {});
    await settle();
    expect(batches(test).map((batch) => batch.length)).to.deep.equal([15]);
  });

  it('sends fewer events as one POST after 800 ms, not before', async () => {
    const test = createTestClient();
    acceptEvents(test);
    test.client.telemetry.logEvent('render_login_screen', {});
    await test.clock.tick(300);
    test.client.telemetry.logEvent('email_sent', {
      email: 'ada@example.com',
      type: EmailFlowType.LOGIN_OR_CREATE_OTP,
    });
    await test.clock.tick(TELEMETRY_FLUSH_INTERVAL_MS - 300 - 1);
    expect(test.api.requestsTo('/events')).to.have.length(0);

    await test.clock.tick(1);
    expect(batches(test).map((batch) => batch.length)).to.deep.equal([2]);
    expect(test.api.requestsTo('/events')[0]?.at).to.equal(
      Date.parse('2025-07-26T18:00:00.000Z') + TELEMETRY_FLUSH_INTERVAL_MS,
    );
  });

  it('splits 16 events into 15 now and 1 after 800 ms', async () => {
    const test = createTestClient();
    acceptEvents(test);
    for (let i = 0; i < TELEMETRY_BATCH_SIZE + 1; i += 1) {
      test.client.telemetry.logEvent('render_login_screen', {});
    }
    await settle();
    expect(batches(test).map((batch) => batch.length)).to.deep.equal([15]);
    await test.clock.tick(TELEMETRY_FLUSH_INTERVAL_MS);
    expect(batches(test).map((batch) => batch.length)).to.deep.equal([15, 1]);
  });

  it('sends the named events with their details and a telemetry blob', async () => {
    const test = createTestClient();
    acceptEvents(test);
    test.client.telemetry.logEvent('email_try_again_clicked', {
      email: 'ada@example.com',
      type: EmailFlowType.LOGIN_OR_CREATE_EML,
    });
    await test.clock.tick(TELEMETRY_FLUSH_INTERVAL_MS);
    const [event] = batches(test)[0] ?? [];
    // Each event names its project, as Stytch's SDK's do: `/events` takes no auth.
    expect(event?.event).to.deep.equal({
      public_token: test.publicToken,
      event_name: 'email_try_again_clicked',
      details: { email: 'ada@example.com', type: 'login_or_create_eml' },
    });
    expect(event?.telemetry.sdk).to.deep.equal({ identifier: 'velvet-js', version: '5.25.1' });
    expect(event?.telemetry.app_session_id).to.equal(test.client.telemetry.appSessionId);
    expect(event?.telemetry.client_sent_at).to.equal('2025-07-26T18:00:00.000Z');
  });

  it('keeps the persistent id across clients and renews the app session id', () => {
    const first = createTestClient();
    const second = createTestClient();
    expect(second.client.telemetry.persistentId).to.equal(first.client.telemetry.persistentId);
    expect(second.client.telemetry.appSessionId).to.not.equal(first.client.telemetry.appSessionId);
  });

  it('swallows failures: a dead server never reaches the caller', async () => {
    const test = createTestClient();
    test.api.on('POST', '/events', { networkError: true });
    test.client.telemetry.logEvent('render_login_screen', {});
    await test.clock.tick(TELEMETRY_FLUSH_INTERVAL_MS);
    await test.client.telemetry.flush();

    test.api.on('POST', '/events', { status: 500, text: 'Internal Server Error' });
    for (let i = 0; i < 15; i += 1) test.client.telemetry.logEvent('render_login_screen', {});
    await test.client.telemetry.flush();
    expect(test.api.requestsTo('/events')).to.have.length(2);
    expect(test.client.telemetry.pendingCount).to.equal(0);
  });
});
