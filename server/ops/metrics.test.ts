/**
 * `GET /metrics` over HTTP on a real server: the counters a sign-in moves (a send, a session, a
 * throttle refusal, the requests by route), labels that hold route patterns and never what a
 * request chose (tokens, ids, raw paths), the pool's connections on PostgreSQL, the process's
 * event-loop lag, and who may read it: anyone in development, the bearer of `METRICS_TOKEN`
 * whenever it is set, no one (404) in production without it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Channel, DeliveryError } from '../delivery/delivery.js';
import { DevOutbox } from '../delivery/outbox.js';
import { signInBySms, startTestServer, type TestServer } from '../test/test-server.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

/** One sample of the text format: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      assert.ok(match, `a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(
        /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g,
      )) {
        labels[key as string] = value as string;
      }
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The value of the sample `name` whose labels include `labels` (0 when none). */
function sampleValue(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

/** Scrapes `server`, `authorization` sent when given. */
async function scrape(server: TestServer, authorization?: string): Promise<Response> {
  return fetch(`${server.url}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
}

/** Scrapes `server` (open access) and parses the answer. */
async function read(server: TestServer): Promise<Sample[]> {
  const answer = await scrape(server);
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return samples(await answer.text());
}

describe('metrics in development', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('a sign-in counts its send, its session and its requests; a refused send its throttle', async () => {
    const phone = '+14155550161';
    await signInBySms(server, phone);
    // Sends to one number until its limit refuses one (5 per 15 minutes by default).
    let refused = 0;
    for (let send = 0; send < 10 && refused === 0; send++) {
      const answer = await server.api('/otps/sms/login_or_create', {
        body: { phone_number: phone },
      });
      if (answer.status === 429) refused++;
      else assert.equal(answer.status, 200);
    }
    assert.equal(refused, 1, 'a send refused by its limit');

    const all = await read(server);
    const sent = sampleValue(all, 'velvet_sends_total', { channel: 'sms', outcome: 'sent' });
    assert.equal(sent, server.outbox.list({ to: phone }).length);
    assert.equal(
      sampleValue(all, 'velvet_sessions_created_total', { factor: 'otp', method: 'sms' }),
      1,
    );
    assert.equal(
      sampleValue(all, 'velvet_throttle_refusals_total', { limit: 'otp-send:destination' }),
      1,
    );
    const route = '/sdk/v1/otps/sms/login_or_create';
    assert.equal(
      sampleValue(all, 'velvet_http_request_duration_seconds_count', {
        method: 'POST',
        route,
        status_code: '200',
      }),
      sent,
    );
    assert.equal(
      sampleValue(all, 'velvet_http_request_duration_seconds_count', { route, status_code: '429' }),
      1,
    );
    assert.equal(
      sampleValue(all, 'velvet_http_request_duration_seconds_count', {
        route: '/sdk/v1/otps/authenticate',
        status_code: '200',
      }),
      1,
    );
    // prom-client's process metrics, the event loop's lag among them.
    assert.ok(all.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds'));
    assert.ok(all.some((sample) => sample.name === 'process_cpu_seconds_total'));
  });

  test('the pool is measured on PostgreSQL, and nothing of it on SQLite', async () => {
    await server.api(`/projects/bootstrap/${server.project.publicToken}`);
    const all = await read(server);
    const total = sampleValue(all, 'velvet_db_pool_connections', { state: 'total' });
    if (server.store.dialect === 'postgres') {
      assert.ok(total >= 1, `open connections: ${total}`);
      assert.ok(sampleValue(all, 'velvet_db_pool_connections', { state: 'idle' }) <= total);
      assert.ok(all.some((sample) => sample.name === 'velvet_db_pool_waiting'));
    } else {
      assert.ok(!all.some((sample) => sample.name.startsWith('velvet_db_pool')));
    }
  });

  test('labels hold route patterns: no token, id, session or raw path', async () => {
    const { projectId, publicToken } = server.project;
    const session = await signInBySms(server, '+14155550162');
    const secrets = [
      publicToken,
      projectId,
      session.session_token,
      session.user_id,
      'not-a-route-f00d',
      'hidden-9c1e',
      '14155550162',
    ];
    await fetch(`${server.url}/sdk/v1/projects/bootstrap/${publicToken}`);
    await fetch(`${server.url}/sdk/v1/not-a-route-f00d/${session.session_token}`);
    await fetch(`${server.url}/hidden-9c1e?token=${session.session_jwt}`);
    await fetch(`${server.url}/sdk/v1/%zz-hidden-9c1e`);
    const phoneId = session.user.phone_numbers[0].phone_id;
    secrets.push(phoneId);
    await server.api(`/users/phone_numbers/${phoneId}`, {
      method: 'DELETE',
      secret: session.session_token,
    });
    const all = await read(server);

    const labels = all.flatMap((sample) => Object.values(sample.labels));
    for (const secret of secrets) {
      assert.ok(!labels.some((label) => label.includes(secret)), `no label holds ${secret}`);
    }
    const routes = new Set(all.flatMap((sample) => sample.labels.route ?? []));
    assert.ok(routes.has('/sdk/v1/projects/bootstrap/:public_token'), [...routes].join(' '));
    assert.ok(routes.has('/sdk/v1/users/phone_numbers/:id'), [...routes].join(' '));
    assert.ok(routes.has('unmatched'), [...routes].join(' '));
    for (const route of routes) {
      assert.ok(route === 'unmatched' || route.startsWith('/'), `a pattern: ${route}`);
    }
  });
});

describe('metrics of a send the vendor refuses', () => {
  let server: TestServer;

  before(async () => {
    const outbox = new DevOutbox({ log: () => undefined });
    const refusing = {
      name: 'refusing',
      channels: ['sms'] as Channel[],
      async send(): Promise<never> {
        throw new DeliveryError('the vendor refused the number', 21211);
      },
    };
    server = await startTestServer({ delivery: { sms: refusing, email: outbox } });
  });
  after(() => server.close());

  test('counts it as refused, not sent', async () => {
    const answer = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550163' },
    });
    assert.notEqual(answer.status, 200);
    const all = await read(server);
    assert.equal(sampleValue(all, 'velvet_sends_total', { channel: 'sms', outcome: 'refused' }), 1);
    assert.equal(sampleValue(all, 'velvet_sends_total', { channel: 'sms', outcome: 'sent' }), 0);
    assert.equal(sampleValue(all, 'velvet_sessions_created_total'), 0);
  });
});

describe('metrics access', () => {
  test('production without METRICS_TOKEN: off, the API 404', async () => {
    const server = await startTestServer({ config: { production: true, demo: false } });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
        const answer = await scrape(server, authorization);
        assert.equal(answer.status, 404);
        assert.equal(((await answer.json()) as { error_type: string }).error_type, 'not_found');
      }
    } finally {
      await server.close();
    }
  });

  test('production with METRICS_TOKEN: only its bearer reads the metrics', async () => {
    const server = await startTestServer({
      config: { production: true, demo: false, metricsToken: TOKEN },
    });
    try {
      const refusals = [
        undefined,
        'Bearer',
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Bearer ${TOKEN}x`,
        `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ];
      for (const authorization of refusals) {
        const answer = await scrape(server, authorization);
        assert.equal(answer.status, 401, `refused: ${authorization}`);
        assert.equal(answer.headers.get('www-authenticate'), 'Bearer realm="metrics"');
        const body = (await answer.json()) as { error_type: string };
        assert.equal(body.error_type, 'unauthorized_credentials');
      }
      const answer = await scrape(server, `Bearer ${TOKEN}`);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      const all = samples(await answer.text());
      // The refusals above, each counted by the route's pattern.
      assert.equal(
        sampleValue(all, 'velvet_http_request_duration_seconds_count', {
          route: '/metrics',
          status_code: '401',
        }),
        refusals.length,
      );
    } finally {
      await server.close();
    }
  });

  test('development with METRICS_TOKEN: the token is required there too', async () => {
    const server = await startTestServer({ config: { metricsToken: TOKEN } });
    try {
      assert.equal((await scrape(server)).status, 401);
      assert.equal((await scrape(server, `bearer ${TOKEN}`)).status, 200);
    } finally {
      await server.close();
    }
  });
});
