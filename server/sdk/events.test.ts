import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { WAL_SIZE_LIMIT_BYTES } from '../db/wal-checkpointer.js';
import { rowsOf } from '../test/database-rows.js';
import {
  type ApiAnswer,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';
import {
  EVENTS_BODY_LIMIT_BYTES,
  EVENTS_LIMIT_PER_CLIENT,
  EVENTS_LIMIT_PER_PROJECT,
  eventsHousekeeping,
} from './events.js';
import { TELEMETRY_RETENTION_DAYS } from './telemetry-repository.js';

/** What docs/throttling-and-security.md says a flood from one address may add to the data, at most. */
const FLOOD_BOUND_BYTES = 256 * 1024;
/** What docs/throttling-and-security.md says an hour at the limits may add, at most. */
const HOUR_AT_LIMITS_BOUND_BYTES = 1024 * 1024;

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

/** An event the widget sends, naming the test project. */
function widgetEvent(name: string, publicToken = TEST_PUBLIC_TOKEN) {
  return { telemetry: {}, event: { public_token: publicToken, event_name: name, details: {} } };
}

/**
 * The bytes the server's data takes: on SQLite the database file after a checkpoint, and the
 * WAL file beside it; on PostgreSQL the tables a telemetry request writes, with their indexes
 * (its WAL is the cluster's, recycled by PostgreSQL itself).
 */
async function dataBytes(server: TestServer): Promise<{ stored: number; wal: number }> {
  if (server.database.kind === 'sqlite') {
    await server.store.durable();
    await server.store.checkpoint();
    const size = (file: string) => {
      try {
        return statSync(file).size;
      } catch {
        return 0;
      }
    };
    const path = server.database.sqlitePath;
    return { stored: size(path), wal: size(`${path}-wal`) };
  }
  const { rows } = await sql<{ bytes: string }>`SELECT
    pg_total_relation_size('telemetry_events') + pg_total_relation_size('rate_limits') AS bytes`.execute(
    server.store.db,
  );
  return { stored: Number(rows[0]?.bytes), wal: 0 };
}

/** Posts `count` batches, `CONCURRENCY` at a time; resolves to the answers in order. */
async function postBatches(
  server: TestServer,
  count: number,
  batch: (n: number) => { body: unknown; address: string },
): Promise<ApiAnswer[]> {
  const answers: ApiAnswer[] = [];
  for (let first = 0; first < count; first += CONCURRENCY) {
    const calls = Array.from({ length: Math.min(CONCURRENCY, count - first) }, (_, i) => {
      const { body, address } = batch(first + i);
      return server.api('/events', {
        authorization: null,
        body,
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': address },
      });
    });
    answers.push(...(await Promise.all(calls)));
  }
  return answers;
}

/** Requests in flight at once. */
const CONCURRENCY = 8;

/** How many answers had each status. */
function statusCounts(answers: ApiAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe('POST /events under abuse', () => {
  let server: TestServer;
  before(async () => {
    // The proxy is the test itself, so a request's X-Forwarded-For is its client's address.
    server = await startTestServer({ config: { trustProxy: ['127.0.0.1'] } });
  });
  after(() => server.close());

  test('a flood of 200,000 events from one address is refused after its limit, and the data stays within its bound', async () => {
    const before = await dataBytes(server);
    // As the red team sent them: 100 events a request, each under a name never seen before
    // (one row each, before), and one the widget really sends, so each request counts something.
    const answers = await postBatches(server, 2_000, (request) => ({
      body: [
        widgetEvent('render_login_screen'),
        ...Array.from({ length: 99 }, (_, n) => widgetEvent(`flood_${request}_${n}`)),
      ],
      address: '203.0.113.7',
    }));
    assert.deepEqual(statusCounts(answers), {
      200: EVENTS_LIMIT_PER_CLIENT.max,
      429: 2_000 - EVENTS_LIMIT_PER_CLIENT.max,
    });
    const refused = answers.at(-1);
    assert.equal(refused?.body.error_type, 'too_many_requests');
    assert.ok(Number(refused?.headers.get('retry-after')) > 0);
    const totals = await server.store.telemetry.totals(server.project.projectId);
    assert.deepEqual(
      totals.map((t) => [t.eventName, t.count]),
      [['render_login_screen', EVENTS_LIMIT_PER_CLIENT.max]],
      'only the known name, and only from the requests let through',
    );
    const after = await dataBytes(server);
    const grown = after.stored - before.stored;
    console.log(`a flood from one address (${server.database.kind}): +${grown} bytes stored`);
    assert.ok(grown <= FLOOD_BOUND_BYTES, `the data grew by ${grown} bytes`);
    assert.ok(after.wal <= WAL_SIZE_LIMIT_BYTES, `the WAL holds ${after.wal} bytes`);
    // Another address, the guest's, is still counted.
    const [guest] = await postBatches(server, 1, () => ({
      body: [widgetEvent('render_login_screen')],
      address: '198.51.100.20',
    }));
    assert.equal(guest?.status, 200);
    assert.equal(guest?.body.accepted, 1);
  });

  test('an hour of abuse at the limits from a new address each request stays within its bound', async () => {
    server.clock.advance(EVENTS_LIMIT_PER_CLIENT.windowMinutes * 60_000);
    const before = await dataBytes(server);
    const windows = 60 / EVENTS_LIMIT_PER_PROJECT.windowMinutes;
    const perWindow = EVENTS_LIMIT_PER_PROJECT.max + 20;
    const answers: ApiAnswer[] = [];
    for (let window = 0; window < windows; window++) {
      answers.push(
        ...(await postBatches(server, perWindow, (request) => {
          const address = window * perWindow + request;
          return {
            // A full batch of the widget's own events.
            body: Array.from({ length: 15 }, () => widgetEvent('render_login_screen')),
            address: `10.${address >> 16}.${(address >> 8) & 255}.${address & 255}`,
          };
        })),
      );
      server.clock.advance(EVENTS_LIMIT_PER_PROJECT.windowMinutes * 60_000);
    }
    assert.deepEqual(
      statusCounts(answers),
      { 200: windows * EVENTS_LIMIT_PER_PROJECT.max, 429: windows * 20 },
      'the project’s limit holds',
    );
    const after = await dataBytes(server);
    const grown = after.stored - before.stored;
    console.log(
      `an hour at the limits (${server.database.kind}): +${grown} bytes stored, WAL ${after.wal} bytes`,
    );
    assert.ok(grown <= HOUR_AT_LIMITS_BOUND_BYTES, `the data grew by ${grown} bytes`);
    assert.ok(after.wal <= WAL_SIZE_LIMIT_BYTES, `the WAL holds ${after.wal} bytes`);
  });

  test('housekeeping deletes the counters abuse made once their window is over, and no other bucket', async () => {
    const counters = async (prefix: string) => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM rate_limits
        WHERE bucket LIKE ${`${prefix}%`}`.execute(server.store.db);
      return Number(rows[0]?.n);
    };
    assert.ok((await counters('events:')) > EVENTS_LIMIT_PER_PROJECT.max, 'the hour’s counters');
    // Another route's bucket from as long ago waits for the week the others are kept.
    await server.store.rateLimits.hit(
      'otp-send:ip:elsewhere',
      server.clock.now() - 60 * 60_000,
      15 * 60_000,
    );
    // A counter of this window is kept.
    await postBatches(server, 1, () => ({
      body: [widgetEvent('render_login_screen')],
      address: '198.51.100.30',
    }));
    await eventsHousekeeping(server.store, server.clock.now());
    assert.equal(await counters('events:client:'), 1);
    assert.equal(await counters('events:project:'), 1);
    assert.equal(await counters('otp-send:'), 1);
  });
});

describe('POST /events: what is kept', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('unknown event names are not stored', async () => {
    const answer = await server.api('/events', {
      body: [widgetEvent('email_sent'), widgetEvent('made_up_name'), widgetEvent('flood_1')],
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.accepted, 1);
    const totals = await server.store.telemetry.totals(server.project.projectId);
    assert.deepEqual(
      totals.map((t) => t.eventName),
      ['email_sent'],
    );
  });

  test('an oversized body is 413 and counts nothing', async () => {
    const before = await rowsOf(server.store, ['telemetry_events']);
    const padded = widgetEvent('render_login_screen');
    const answer = await server.api('/events', {
      body: [
        {
          ...padded,
          event: { ...padded.event, details: { note: 'x'.repeat(EVENTS_BODY_LIMIT_BYTES) } },
        },
      ],
    });
    assert.equal(answer.status, 413);
    assert.equal(answer.body.error_type, 'payload_too_large');
    assert.deepEqual(await rowsOf(server.store, ['telemetry_events']), before);
    // A batch as large as the clients send (15 events of Stytch's SDK) fits.
    const batch = Array.from({ length: 15 }, () => stytchEvent('render_login_screen'));
    assert.ok(JSON.stringify(batch).length < EVENTS_BODY_LIMIT_BYTES / 2);
    const fits = await server.api('/events', {
      authorization: null,
      body: batch,
      headers: { origin: TEST_ORIGIN },
    });
    assert.equal(fits.status, 200);
    assert.equal(fits.body.accepted, 15);
  });

  test('housekeeping deletes the tallies of days past the retention period, and keeps the others', async () => {
    const day = (daysAgo: number) =>
      new Date(server.clock.now() - daysAgo * 24 * 60 * 60_000).toISOString().slice(0, 10);
    const { projectId } = server.project;
    await server.store.telemetry.count(
      projectId,
      'render_login_screen',
      day(TELEMETRY_RETENTION_DAYS + 1),
      3,
    );
    await server.store.telemetry.count(
      projectId,
      'render_login_screen',
      day(TELEMETRY_RETENTION_DAYS),
      4,
    );
    await server.store.telemetry.count(projectId, 'email_sent', day(400), 5);
    assert.equal(await server.store.telemetry.purge(server.clock.now()), 2);
    const totals = await server.store.telemetry.totals(projectId);
    assert.ok(totals.some((t) => t.day === day(TELEMETRY_RETENTION_DAYS) && t.count === 4));
    assert.ok(totals.every((t) => t.day >= day(TELEMETRY_RETENTION_DAYS)));
  });
});

/** An event as Stytch's SDK 6.3.0 sends it (its telemetry blob, its error fields). */
function stytchEvent(name: string) {
  return {
    telemetry: {
      event_id: `event-id-${randomUUID()}`,
      app_session_id: `app-session-id-${randomUUID()}`,
      persistent_id: `persistent-id-${randomUUID()}`,
      client_sent_at: new Date().toISOString(),
      timezone: 'America/Los_Angeles',
      user_id: `user-test-${randomUUID()}`,
      session_id: `session-test-${randomUUID()}`,
      app: { identifier: 'invitation.example.com' },
      sdk: { identifier: 'Stytch.js Javascript SDK', version: '@stytch/vanilla-js@6.3.0' },
    },
    event: {
      public_token: TEST_PUBLIC_TOKEN,
      event_name: name,
      details: { email: 'a.guest.with.a.long.address@example.com', type: 'login_or_create_otp' },
      error_code: 'unable_to_auth_magic_link',
      error_description:
        'The magic link could not be authenticated because it was either already used or expired.',
      http_status_code: 401,
    },
  };
}
