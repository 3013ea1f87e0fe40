import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test/test-server.js';

describe('POST /events', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('counts a batch per event name', async () => {
    const answer = await server.api('/events', {
      body: {
        events: [
          { event_name: 'render_login_screen' },
          { event_name: 'render_login_screen' },
          {
            telemetry: {},
            event: { event_name: 'email_sent', details: { type: 'login_or_create_otp' } },
          },
        ],
      },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.accepted, 3);
    const totals = await server.store.telemetry.totals(server.project.projectId);
    assert.deepEqual(
      totals.map((t) => [t.eventName, t.count]),
      [
        ['email_sent', 1],
        ['render_login_screen', 2],
      ],
    );
  });

  test('takes Stytch’s SDK batches without auth, each event counted for the project it names', async () => {
    const event = (name: string, publicToken: string) => ({
      telemetry: { event_id: 'event-id-1', sdk: { identifier: 'Stytch.js Javascript SDK' } },
      event: { public_token: publicToken, event_name: name, details: {}, error_code: null },
    });
    const answer = await server.api('/events', {
      authorization: null,
      body: [
        event('sdk_instance_instantiated', server.project.publicToken),
        event('sdk_instance_instantiated', 'public-token-test-nobody'),
        event('render_login_screen', server.project.publicToken),
      ],
      headers: { origin: TEST_ORIGIN },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.accepted, 2, 'the unknown project’s event is not counted');
    const totals = await server.store.telemetry.totals(server.project.projectId);
    assert.ok(totals.some((t) => t.eventName === 'sdk_instance_instantiated' && t.count === 1));

    const elsewhere = await server.api('/events', {
      authorization: null,
      body: [event('render_login_screen', server.project.publicToken)],
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(elsewhere.status, 200);
    assert.equal(
      elsewhere.body.accepted,
      0,
      'a page the project does not authorize is not counted',
    );
  });

  test('never fails the client: bad JSON, odd shapes and text/plain beacons answer 200', async () => {
    for (const body of [
      '{"events":',
      '"hello"',
      '[1, null, {"name": "Bad Name!"}]',
      JSON.stringify({ events: 'x' }),
    ]) {
      const answer = await server.api('/events', { body });
      assert.equal(answer.status, 200, body);
      assert.equal(answer.body.accepted, 0);
    }
    const beacon = await server.api('/events', {
      body: JSON.stringify([{ name: 'render_login_screen' }]),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    assert.equal(beacon.status, 200);
    assert.equal(beacon.body.accepted, 1);
  });
});
