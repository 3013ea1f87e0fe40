import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../test/test-server.js';

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
