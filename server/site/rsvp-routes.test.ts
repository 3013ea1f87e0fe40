/**
 * The guest's RSVP over HTTP on a real server (SQLite, or PostgreSQL with
 * `VELVET_TEST_DATABASE_URL`): an invited guest answers, changes the answer and reads it back;
 * the hosts' limits hold; a stranger, a signed-in user who is not invited, a session of another
 * project and another guest see nothing of it and change nothing; a write from another origin
 * is refused; after the deadline the answer is read-only. Every refusal leaves `site_rsvps` as
 * it was.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteGuest } from '../cli/guest-list.js';
import {
  OTHER_TEST_TOKEN,
  type SiteTestServer,
  startSiteTestServer,
  writeSiteFolder,
} from './site-test-server.js';

const ADA = '+14155550901';
const GRACE = '+14155550902';
const STRANGER = '+14155550903';
/** The test clock starts at 2025-07-26T18:00Z; answers close half an hour later. */
const DEADLINE = '2025-07-26T18:30:00Z';

describe('the RSVP of an invited guest', () => {
  let server: SiteTestServer;
  let ada: string;
  let grace: string;
  let stranger: string;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>Invitation</title>' }),
      { rsvp: { maxPartySize: 3, noteMaxLength: 40, deadline: DEADLINE } },
    );
    await inviteGuest(server.store, server.project, ADA, 'Ada Lovelace', server.clock.now());
    await inviteGuest(server.store, server.project, GRACE, 'Grace Hopper', server.clock.now());
    ada = await server.signIn(ADA);
    grace = await server.signIn(GRACE);
    stranger = await server.signIn(STRANGER);
  });

  after(async () => {
    await server?.close();
  });

  const headers = (token: string | undefined): Record<string, string> =>
    token ? { cookie: `velvet_site_session=${encodeURIComponent(token)}` } : {};

  /** `GET /rsvp` with `token`'s cookie: the status and the JSON body. */
  const read = async (token?: string) => {
    const response = await fetch(`${server.url}/rsvp`, { headers: headers(token) });
    return { status: response.status, body: await response.json() };
  };

  /** `PUT /rsvp` from the site's own page (unless `extra` says otherwise). */
  const answer = async (token: string | undefined, body: unknown, extra = {}) => {
    const response = await fetch(`${server.url}/rsvp`, {
      method: 'PUT',
      headers: {
        ...headers(token),
        origin: server.url,
        'content-type': 'application/json',
        ...extra,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  /** Every stored answer, as the database holds it. */
  const rows = () =>
    server.store.db
      .selectFrom('site_rsvps')
      .select(['user_id', 'attending', 'party_size', 'note', 'updated_at'])
      .orderBy('user_id')
      .execute()
      .then((all) => all.map((row) => ({ ...row, updated_at: Number(row.updated_at) })));

  test('a guest answers, reads the answer back, and changes it', async () => {
    const first = await read(ada);
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      answer: null,
      max_party_size: 3,
      note_max_length: 40,
      deadline: DEADLINE,
      open: true,
    });

    const note = '<b>Vegan</b> & "late"';
    const yes = await answer(ada, { attending: true, party_size: 2, note });
    assert.equal(yes.status, 200, yes.text);
    const kept = await read(ada);
    assert.deepEqual(kept.body.answer, {
      attending: true,
      party_size: 2,
      note,
      updated_at: '2025-07-26T18:00:00.000Z',
    });

    server.clock.advance(60_000);
    const no = await answer(ada, { attending: false, party_size: 0, note: '' });
    assert.equal(no.status, 200, no.text);
    assert.deepEqual((await read(ada)).body.answer, {
      attending: false,
      party_size: 0,
      note: '',
      updated_at: '2025-07-26T18:01:00.000Z',
    });
    assert.equal((await rows()).length, 1, 'a change replaces the answer');
  });

  test("the hosts' limits refuse an answer and write nothing", async () => {
    await answer(ada, { attending: true, party_size: 1, note: 'Hi' });
    const stored = await rows();
    const refused: Array<[string, unknown]> = [
      ['more people than the hosts allow', { attending: true, party_size: 4, note: '' }],
      ['nobody coming to a yes', { attending: true, party_size: 0, note: '' }],
      ['people coming to a no', { attending: false, party_size: 2, note: '' }],
      ['a fraction of a person', { attending: true, party_size: 1.5, note: '' }],
      ['a note over the limit', { attending: true, party_size: 1, note: 'x'.repeat(41) }],
      ['a control character in the note', { attending: true, party_size: 1, note: 'a\u0007b' }],
      ['a note that is not text', { attending: true, party_size: 1, note: ['x'] }],
      ['yes as a string', { attending: 'yes', party_size: 1, note: '' }],
      ['an unknown field', { attending: true, party_size: 1, note: '', user_id: 'x' }],
      ['a list instead of an answer', [true, 1, '']],
    ];
    for (const [what, body] of refused) {
      const result = await answer(ada, body);
      assert.equal(result.status, 400, `${what}: ${result.text}`);
      assert.equal(JSON.parse(result.text).error, 'invalid_rsvp', `${what}: ${result.text}`);
    }
    const huge = await answer(ada, { attending: true, party_size: 1, note: 'x'.repeat(20_000) });
    assert.equal(huge.status, 413);
    const broken = await answer(ada, '{"attending": tru');
    assert.equal(broken.status, 400);
    const nul = await answer(ada, { attending: true, party_size: 1, note: 'a\u0000b' });
    assert.equal(nul.status, 400);
    assert.deepEqual(await rows(), stored);
    // 40 characters, emoji counted as one each, fit.
    const full = await answer(ada, { attending: true, party_size: 3, note: '🎉'.repeat(40) });
    assert.equal(full.status, 200, full.text);
  });

  test('a stranger, an uninvited user and another project get 401 and nothing', async () => {
    const stored = await rows();
    const other = await server.signIn('+14155550904', OTHER_TEST_TOKEN);
    for (const [who, token] of [
      ['no session', undefined],
      ['a signed-in user who is not invited', stranger],
      ['a session of another project', other],
      ['a made-up token', 'not-a-session-token-at-all-000000'],
    ] as const) {
      const got = await read(token);
      assert.equal(got.status, 401, who);
      assert.deepEqual(Object.keys(got.body).sort(), ['error', 'message'], who);
      const put = await answer(token, { attending: true, party_size: 1, note: 'mine now' });
      assert.equal(put.status, 401, who);
    }
    assert.deepEqual(await rows(), stored);
  });

  test("another guest sees only their own answer and cannot change Ada's", async () => {
    const adaBefore = (await read(ada)).body.answer;
    assert.equal((await read(grace)).body.answer, null);
    const mine = await answer(grace, { attending: true, party_size: 1, note: 'Grace here' });
    assert.equal(mine.status, 200, mine.text);
    assert.equal((await read(grace)).body.answer.note, 'Grace here');
    assert.deepEqual((await read(ada)).body.answer, adaBefore);
    assert.equal((await rows()).length, 2);
  });

  test('a write from another site, or without its origin, is refused and writes nothing', async () => {
    const stored = await rows();
    const body = { attending: false, party_size: 0, note: 'forged' };
    const forged = await answer(ada, body, { origin: 'https://evil.example' });
    assert.equal(forged.status, 403);
    const noOrigin = await answer(ada, body, { origin: '' });
    assert.equal(noOrigin.status, 403);
    const form = await answer(ada, 'attending=false&party_size=0', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.ok(form.status >= 400 && form.status < 500, `a form is refused: ${form.status}`);
    assert.deepEqual(await rows(), stored);
  });

  test('after the deadline the answer is kept and read-only', async () => {
    const stored = await rows();
    server.clock.advance(30 * 60_000);
    const closed = await read(ada);
    assert.equal(closed.status, 200);
    assert.equal(closed.body.open, false);
    assert.equal(closed.body.answer.party_size, 3);
    const late = await answer(ada, { attending: false, party_size: 0, note: '' });
    assert.equal(late.status, 409);
    assert.equal(JSON.parse(late.text).error, 'rsvp_closed');
    assert.deepEqual(await rows(), stored);
  });
});
