import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { MIGRATION_TABLE } from '../db/migrator.js';
import type { Schema } from '../db/schema.js';
import type { Store } from '../store.js';
import { eventually } from '../test/eventually.js';
import { signInBySms, startTestServer, type TestServer } from '../test/test-server.js';

type Table = keyof Schema & string;

/**
 * Every table that holds rows which expire, each of which housekeeping must shrink once the
 * clock has moved past their end. A new table goes here or in `PERMANENT`: the test below fails
 * for a table in neither.
 */
const EXPIRING: readonly Table[] = [
  'sessions',
  'passcodes',
  'magic_links',
  'password_resets',
  'webauthn_challenges',
  'crypto_challenges',
  'totps',
  'oauth_states',
  'oauth_tokens',
  'oauth_attach_tokens',
  'one_tap_starts',
  'impersonation_tokens',
  'idp_codes',
  'idp_tokens',
  'attested_tokens',
  'rate_limits',
  'failure_guards',
  'telemetry_events',
  'dev_outbox',
  'signing_keys',
];

/** Tables whose rows live until their owner removes them (a user, a wallet, a consent…). */
const PERMANENT: readonly Table[] = [
  'projects',
  'users',
  'user_phone_numbers',
  'user_emails',
  'passwords',
  'webauthn_registrations',
  'crypto_wallets',
  'oauth_registrations',
  'totp_recovery_codes',
  'idp_grants',
  // A guest's RSVP, until the guest's user is deleted (the rows go with it).
  'site_rsvps',
  // The hosts added since the config, until a host removes them; and what hosts changed, kept
  // as the party's record (one short line a change).
  'site_hosts',
  'site_audit',
  // The hosts' uploaded photos, until a host replaces them.
  'site_photos',
  // The invitation's content, draft and published: one row for the site.
  'site_content',
];

/** The tables of the database, the migrator's own aside. */
async function tablesOf(store: Store): Promise<string[]> {
  const rows =
    store.dialect === 'postgres'
      ? await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(store.db)
      : await sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(store.db);
  return rows.rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith(MIGRATION_TABLE))
    .sort();
}

async function countRows(store: Store, table: Table): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countAll(store: Store, tables: readonly Table[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(store, table);
  return counts;
}

/**
 * Rows of the products whose flows need a browser or a provider (links, resets, challenges,
 * states, tokens, codes), written through the database as their repositories write them: each
 * live now, for `userId` of `projectId`, and expiring within the hour.
 */
async function writeExpiringRows(store: Store, projectId: string, userId: string, now: number) {
  const { db } = store;
  const life = { expires_at: now + 10 * 60_000, created_at: now };
  const spent = { ...life, consumed_at: null };
  const common = { project_id: projectId, user_id: userId };
  await db
    .insertInto('magic_links')
    .values({
      ...common,
      ...spent,
      magic_link_id: 'magic-link-housekeeping',
      email_id: 'email-housekeeping',
      email: 'guest@party.example',
      token_hash: 'magic-link-hash',
      kind: 'login',
      redirect_url: 'https://party.example/',
      code_challenge: null,
    })
    .execute();
  await db
    .insertInto('password_resets')
    .values({
      ...common,
      ...spent,
      reset_id: 'reset-housekeeping',
      email_id: 'email-housekeeping',
      token_hash: 'reset-hash',
      code_challenge: null,
    })
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      ...common,
      ...spent,
      challenge_hash: 'challenge-hash',
      kind: 'register',
      domain: 'party.example',
      is_passkey: 1,
      user_agent: 'test',
      authenticator_type: '',
      user_handle: 'handle',
    })
    .execute();
  await db
    .insertInto('crypto_challenges')
    .values({
      ...spent,
      project_id: projectId,
      challenge_id: 'crypto-challenge-housekeeping',
      wallet_type: 'ethereum',
      address: '0x0000000000000000000000000000000000000001',
      message: 'sign this',
      origin: 'https://party.example',
      session_user_id: null,
      client: null,
    })
    .execute();
  await db
    .insertInto('totps')
    .values({
      ...common,
      ...life,
      totp_id: 'totp-housekeeping',
      sealed_secret: 'sealed',
      verified: 0,
      last_used_step: null,
    })
    .execute();
  await db
    .insertInto('oauth_states')
    .values({
      ...spent,
      project_id: projectId,
      state_hash: 'state',
      provider: 'google',
      sealed: '',
    })
    .execute();
  await db
    .insertInto('oauth_registrations')
    .values({
      ...common,
      oauth_user_registration_id: 'oauth-registration-housekeeping',
      provider: 'google',
      provider_subject: 'subject',
      profile_picture_url: '',
      locale: '',
      created_at: now,
    })
    .execute();
  await db
    .insertInto('oauth_tokens')
    .values({
      ...common,
      ...spent,
      token_hash: 'oauth-token',
      oauth_user_registration_id: 'oauth-registration-housekeeping',
      provider: 'google',
      provider_subject: 'subject',
      code_challenge: null,
      sealed_provider_values: '',
      email_id: null,
    })
    .execute();
  await db
    .insertInto('oauth_attach_tokens')
    .values({ ...common, ...spent, token_hash: 'attach-token', provider: 'google' })
    .execute();
  await db
    .insertInto('one_tap_starts')
    .values({ ...spent, project_id: projectId, oauth_callback_id: 'callback', nonce: 'nonce' })
    .execute();
  await db
    .insertInto('impersonation_tokens')
    .values({ ...common, ...life, token_hash: 'impersonation', impersonator: 'x', used_at: null })
    .execute();
  const grant = {
    ...common,
    grant_id: 'grant-housekeeping',
    client_id: 'client',
    scopes: 'openid',
  };
  await db
    .insertInto('idp_grants')
    .values({ ...grant, created_at: now, updated_at: now, revoked_at: null })
    .execute();
  await db
    .insertInto('idp_codes')
    .values({
      ...grant,
      ...spent,
      code_hash: 'idp-code',
      redirect_uri: 'https://app.example/callback',
      nonce: null,
      code_challenge: null,
      auth_time: now,
    })
    .execute();
  await db
    .insertInto('idp_tokens')
    .values({
      ...grant,
      ...life,
      token_hash: 'idp-token',
      kind: 'refresh',
      family: 'family',
      auth_time: now,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('attested_tokens')
    .values({ ...life, project_id: projectId, token_key: 'attested' })
    .execute();
}

/** A session's stored attributes (IP address and user agent). */
async function attributesOf(store: Store, sessionId: string): Promise<unknown> {
  const row = await store.db
    .selectFrom('sessions')
    .select('attributes')
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.attributes);
}

const DAY_MS = 24 * 60 * 60_000;

describe('housekeeping', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { otp: { methods: ['sms', 'email'] } },
      // Never by itself here: the test runs it when the clock says so.
      housekeeping: { firstRunMs: 24 * 60 * 60_000 },
    });
  });
  after(() => server.close());

  test('every table is either purged by housekeeping or listed as permanent', async () => {
    const listed = [...EXPIRING, ...PERMANENT].sort();
    assert.deepEqual(await tablesOf(server.store), listed);
  });

  test('with the clock past every expiry, housekeeping shrinks every table of expiring rows', async () => {
    const { store } = server;
    // Through the API: a session (and its passcode, outbox message, limits and signing key),
    // a wrong passcode (a failure guard) and telemetry.
    const signedIn = await signInBySms(server, '+14155550171');
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550172' },
    });
    assert.equal(sent.status, 200);
    const wrong = await server.api('/otps/authenticate', {
      body: { token: '000000', method_id: sent.body.method_id },
    });
    assert.equal(wrong.status, 404, JSON.stringify(wrong.body));
    const events = await server.api('/events', {
      body: { events: [{ event_name: 'render_login_screen' }] },
    });
    assert.equal(events.status, 200);
    const revoked = await signInBySms(server, '+14155550173');
    const revoke = await server.api('/sessions/revoke', {
      body: {},
      secret: revoked.session_token,
    });
    assert.equal(revoke.status, 200);
    // Through the database: what needs a browser, a wallet or a provider.
    await writeExpiringRows(store, server.project.projectId, signedIn.user_id, server.clock.now());

    const before = await countAll(store, EXPIRING);
    for (const table of EXPIRING) assert.ok(before[table]! > 0, `${table} holds a row to purge`);
    const permanent = await countAll(store, PERMANENT);

    // Nothing has ended long enough ago yet: a run now deletes nothing.
    await server.app.housekeeping.run();
    assert.deepEqual(await countAll(store, EXPIRING), before, 'nothing live is deleted');

    // Years on, every row of an expiring table has ended: past the wall clock too, which the
    // development outbox stamps its messages with.
    server.clock.advance(Math.max(366 * DAY_MS, Date.now() - server.clock.now() + 2 * DAY_MS));
    await server.app.housekeeping.run();
    const afterRun = await countAll(store, EXPIRING);
    for (const table of EXPIRING) {
      assert.ok(
        afterRun[table]! < before[table]!,
        `${table}: ${before[table]} rows before, ${afterRun[table]} after`,
      );
    }
    assert.deepEqual(await countAll(store, PERMANENT), permanent, 'permanent rows stay');
    assert.equal(afterRun.sessions, 0, 'ended sessions, with their address and user agent, go');
  });
});

test('the first run comes by itself shortly after start, without a request', async () => {
  const lines: string[] = [];
  const server = await startTestServer({
    housekeeping: { firstRunMs: 50 },
    logLine: (line) => lines.push(line),
  });
  try {
    await eventually(
      () => lines.some((line) => line.includes('"msg":"housekeeping done"')),
      'housekeeping ran after start',
    );
  } finally {
    await server.close();
  }
});

describe('session metadata retention', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { sessions: { metadataRetentionDays: 2, maxDurationMinutes: 7 * 24 * 60 } },
      housekeeping: { firstRunMs: 24 * 60 * 60_000 },
    });
  });
  after(() => server.close());

  test('a live session loses its IP address and user agent after the retention, and still works', async () => {
    const sent = await server.api('/otps/sms/login_or_create', {
      body: { phone_number: '+14155550174' },
    });
    const signedIn = await server.api('/otps/authenticate', {
      headers: { 'user-agent': 'Guest Browser/1.0' },
      body: {
        token: server.lastCode('+14155550174'),
        method_id: sent.body.method_id,
        session_duration_minutes: 7 * 24 * 60,
      },
    });
    assert.equal(signedIn.status, 200);
    const { session_id: sessionId } = signedIn.body.session;
    assert.deepEqual(await attributesOf(server.store, sessionId), {
      ip_address: '127.0.0.1',
      user_agent: 'Guest Browser/1.0',
    });

    server.clock.advance(DAY_MS);
    await server.app.housekeeping.run();
    assert.deepEqual(
      await attributesOf(server.store, sessionId),
      { ip_address: '127.0.0.1', user_agent: 'Guest Browser/1.0' },
      'kept within the retention',
    );

    server.clock.advance(DAY_MS + 60_000);
    await server.app.housekeeping.run();
    assert.deepEqual(await attributesOf(server.store, sessionId), {
      ip_address: '',
      user_agent: '',
    });
    const check = await server.api('/sessions/authenticate', {
      body: {},
      secret: signedIn.body.session_token,
    });
    assert.equal(check.status, 200, 'the session itself lives on');
    assert.equal(check.body.session.attributes.ip_address, '');
  });
});
