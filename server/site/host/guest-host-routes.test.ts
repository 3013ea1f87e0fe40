/**
 * The hosts' page's guest list over HTTP on a real server (SQLite, or PostgreSQL with
 * `VELVET_TEST_DATABASE_URL`), as a signed-in host's page uses it: list and search, add, edit,
 * take off, a 150-line CSV previewed (nothing written) then applied, bad lines reported in the
 * command line's words, the export; every change in the audit log in words a host reads, with no
 * code or token; and `npm run guests`' own functions see what the page wrote.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { formatGuestTable, importGuests, listGuests } from '../../cli/guest-list.js';
import { formatGuestCsv } from '../guests/guest-export.js';
import { RsvpRepository } from '../rsvp-repository.js';
import { type SiteTestServer, startSiteTestServer, writeSiteFolder } from '../site-test-server.js';
import { RECENT_SIGN_IN_MINUTES } from './host-api.js';

const HOST = '+14155550142';
const GUEST = '+14155550911';

/** A number of the 150-line file: `+1 415 555 3000` and up. */
const bulkNumber = (index: number) => `+1415555${String(3000 + index).padStart(4, '0')}`;

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON bodies.
type Json = any;

describe('the guest list over the hosts’ API', () => {
  let server: SiteTestServer;
  let host: string;
  let guestToken: string;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({ 'index.html': '<!doctype html><title>Invitation</title>' }),
      { hosts: [HOST] },
    );
    host = await server.signIn(HOST);
  });

  after(async () => {
    await server?.close();
  });

  /** `method path` from the host's page on the server's own origin. */
  const send = (method: string, path: string, body?: unknown) =>
    server.send(method, `/host/api${path}`, host, { body });

  /** Every row of the tables a guest list change writes, to prove a refusal wrote nothing. */
  const database = async () => {
    const db = server.store.db;
    return JSON.stringify([
      await db.selectFrom('users').selectAll().orderBy('user_id').execute(),
      await db.selectFrom('user_phone_numbers').selectAll().orderBy('phone_id').execute(),
    ]);
  };

  const auditSummaries = async (): Promise<string[]> => {
    const page = await send('GET', '/audit');
    assert.equal(page.status, 200);
    return page.json.entries.map((entry: { summary: string }) => entry.summary);
  };

  test('the host adds a guest, finds them, and the audit log says so', async () => {
    const added = await send('POST', '/guests', {
      phone_number: '(415) 555-0911',
      name: 'Ada  Lovelace',
    });
    assert.equal(added.status, 201);
    assert.equal(added.headers.get('cache-control'), 'no-store');
    assert.deepEqual(added.json.guest, {
      user_id: added.json.guest.user_id,
      phone_number: GUEST,
      phone_display: '+1 415 555 0911',
      name: 'Ada Lovelace',
      invited: true,
      signed_in: false,
      last_seen_at: null,
      rsvp: null,
    });
    assert.equal(added.json.warning, undefined);

    // The guest signs in and answers; the host sees it.
    guestToken = await server.signIn(GUEST);
    await new RsvpRepository(server.store.db).save(
      server.project.projectId,
      added.json.guest.user_id,
      { attending: true, partySize: 2, note: 'Gluten-free, please', updatedAt: server.clock.now() },
    );
    const listed = await send('GET', '/guests');
    assert.equal(listed.status, 200);
    const ada = listed.json.guests.find((each: Json) => each.phone_number === GUEST);
    assert.equal(ada.signed_in, true);
    assert.equal(ada.last_seen_at, new Date(server.clock.now()).toISOString());
    assert.deepEqual(ada.rsvp, {
      attending: true,
      party_size: 2,
      note: 'Gluten-free, please',
      updated_at: new Date(server.clock.now()).toISOString(),
    });
    for (const query of ['lovelace', '555-0911', 'GLUTEN']) {
      const found = await send('GET', `/guests?q=${encodeURIComponent(query)}`);
      assert.deepEqual(
        found.json.guests.map((each: Json) => each.phone_number),
        [GUEST],
        query,
      );
    }
    assert.deepEqual((await send('GET', '/guests?q=nobody')).json.guests, []);

    const outside = await send('POST', '/guests', { phone_number: '+442071838750', name: 'Lon' });
    assert.equal(outside.status, 201);
    assert.match(outside.json.warning, /^\+442071838750 is a number in the United Kingdom/);
    assert.equal(outside.json.guest.warning, outside.json.warning);

    const summaries = await auditSummaries();
    assert.ok(summaries.includes('Added Ada Lovelace (+1 415 555 0911)'), summaries.join('\n'));
    assert.ok(summaries.includes('Added Lon (+44 20 7183 8750)'), summaries.join('\n'));
  });

  test('bad input is refused in the command line’s words, and writes nothing', async () => {
    const before = await database();
    const toll = await send('POST', '/guests', { phone_number: '+1 800 555 0199', name: 'X' });
    assert.equal(toll.status, 400);
    assert.deepEqual(toll.json, {
      error: 'invalid_input',
      field: 'phone_number',
      message:
        '"+1 800 555 0199" is one of the toll-free numbers, which cannot receive text messages; ask the guest for a mobile number.',
    });
    const bad = await send('POST', '/guests', { phone_number: 'nope' });
    assert.equal(bad.status, 400);
    assert.match(bad.json.message, /^"nope" is not a valid phone number/);
    assert.equal((await send('POST', '/guests', { name: 'No number' })).status, 400);
    assert.equal((await send('POST', '/guests', { phone_number: 14155550100 })).status, 400);
    const long = await send('POST', '/guests', {
      phone_number: '+14155550100',
      name: 'x'.repeat(101),
    });
    assert.equal(long.status, 400);
    assert.equal(long.json.field, 'name');
    assert.equal(await database(), before);
  });

  test('the host renames a guest and fixes a number; a number another account proved is refused', async () => {
    const added = await send('POST', '/guests', { phone_number: '+14155550920', name: 'Grace' });
    const id = added.json.guest.user_id;
    const edited = await send('PATCH', `/guests/${id}`, {
      name: 'Grace Hopper',
      phone_number: '415 555 0921',
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.json.guest.name, 'Grace Hopper');
    assert.equal(edited.json.guest.phone_number, '+14155550921');
    assert.equal(edited.json.guest.user_id, id);

    const before = await database();
    const taken = await send('PATCH', `/guests/${id}`, { name: 'G', phone_number: GUEST });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error, 'number_taken');
    assert.match(taken.json.message, /^\+14155550911 belongs to another account/);
    const unknown = await send('PATCH', '/guests/user-test-nobody', { name: 'Nobody' });
    assert.equal(unknown.status, 404);
    assert.equal((await send('PATCH', `/guests/${id}`, {})).status, 400);
    assert.equal(await database(), before);

    const summaries = await auditSummaries();
    assert.ok(
      summaries.includes(
        'Renamed Grace (+1 415 555 0920) to Grace Hopper and changed Grace Hopper’s number from +1 415 555 0920 to +1 415 555 0921',
      ),
      summaries.join('\n'),
    );
  });

  test('taking a guest off the list needs a recent sign-in, and keeps the account', async () => {
    const added = await send('POST', '/guests', { phone_number: '+14155550930', name: 'Temp' });
    const id = added.json.guest.user_id;
    server.clock.advance((RECENT_SIGN_IN_MINUTES + 1) * 60_000);
    const stale = await send('DELETE', `/guests/${id}`);
    assert.equal(stale.status, 403);
    assert.equal(stale.json.error, 'recent_sign_in_required');
    host = await server.signIn(HOST);
    const removed = await send('DELETE', `/guests/${id}`);
    assert.equal(removed.status, 200);
    assert.equal(removed.json.guest.invited, false);
    assert.ok(
      !(await send('GET', '/guests')).json.guests.some((each: Json) => each.user_id === id),
    );
    assert.ok(
      (await send('GET', '/guests?all=1')).json.guests.some((each: Json) => each.user_id === id),
    );
    assert.ok((await auditSummaries()).includes('Took Temp (+1 415 555 0930) off the list'));
  });

  test('a 150-line CSV: the preview writes nothing, the apply does what it showed', async () => {
    // Two of the 150 are guests already, with new names.
    await send('POST', '/guests', { phone_number: bulkNumber(0), name: 'Old Name 0' });
    await send('POST', '/guests', { phone_number: bulkNumber(1), name: 'Old Name 1' });
    const lines = ['phone,name'];
    for (let index = 0; index < 150; index++)
      lines.push(`${bulkNumber(index)},Bulk Guest ${index}`);
    const csv = lines.join('\n');

    const before = await database();
    const preview = await send('POST', '/guests/import', { csv, apply: false });
    assert.equal(preview.status, 200);
    assert.equal(await database(), before, 'a preview writes nothing');
    assert.equal(preview.json.applied, false);
    assert.equal(preview.json.add.length, 148);
    assert.deepEqual(preview.json.add[0], {
      row: 4,
      phone_number: bulkNumber(2),
      name: 'Bulk Guest 2',
    });
    assert.deepEqual(
      preview.json.update.map((each: Json) => [each.row, each.name, each.previous_name]),
      [
        [2, 'Bulk Guest 0', 'Old Name 0'],
        [3, 'Bulk Guest 1', 'Old Name 1'],
      ],
    );
    assert.deepEqual(preview.json.problems, []);

    const applied = await send('POST', '/guests/import', { csv, apply: true });
    assert.equal(applied.status, 200);
    assert.equal(applied.json.applied, true);
    assert.deepEqual({ ...applied.json, applied: false }, preview.json);
    const listed = (await send('GET', '/guests?q=bulk')).json.guests;
    assert.equal(listed.length, 150);
    assert.ok((await auditSummaries()).includes('Imported 150 guests: 148 added, 2 updated'));

    const again = await send('POST', '/guests/import', { csv, apply: false });
    assert.equal(again.json.unchanged.length, 150);
  });

  test('bad lines are reported as the command line reports them', async () => {
    const csv = [
      'phone,name',
      '+14155550940,Good Guest',
      'not a number,Nobody',
      ',Empty',
      '+1 800 555 0199,Toll Free',
      '+442071838751,London Guest',
    ].join('\n');
    const before = await database();
    const preview = await send('POST', '/guests/import', { csv, apply: false });
    assert.equal(preview.status, 200);
    assert.equal(await database(), before);
    // The same file through the command line's function, on the same data, in a copy of the
    // project's list: the messages are the ones it prints.
    assert.deepEqual(preview.json.problems, [
      {
        row: 3,
        message:
          '"not a number" is not a valid phone number (use +<country code><number>, or 10 digits for the US).',
      },
      { row: 4, message: 'no phone number' },
      {
        row: 5,
        message:
          '"+1 800 555 0199" is one of the toll-free numbers, which cannot receive text messages; ask the guest for a mobile number.',
      },
    ]);
    assert.deepEqual(preview.json.warnings, [
      {
        row: 6,
        message:
          '+442071838751 is a number in the United Kingdom, but this project texts only the United States and Canada (sms.allowedCountries), so this guest cannot sign in by SMS.',
      },
    ]);
    const cli = await importGuests(server.store, server.project, csv, server.clock.now());
    assert.deepEqual(
      cli.invalid.map(({ line, message }) => ({ row: line, message })),
      preview.json.problems,
    );
    assert.deepEqual(
      cli.warnings.map(({ line, message }) => ({ row: line, message })),
      preview.json.warnings,
    );

    const conflict = [
      'phone,name',
      '+14155550950,Katherine Johnson',
      '(415) 555-0950,Mary Jackson',
    ].join('\n');
    const beforeConflict = await database();
    for (const apply of [false, true]) {
      const refused = await send('POST', '/guests/import', { csv: conflict, apply });
      assert.equal(refused.status, 400);
      assert.equal(
        refused.json.message,
        'Nothing was imported: a number is given different names on different lines, and only one name can be kept:\n' +
          '  +14155550950: line 2 "Katherine Johnson", line 3 "Mary Jackson"\n' +
          'Keep one line per guest (or give every line of a number the same name), then import again.',
      );
    }
    const unclosed = await send('POST', '/guests/import', {
      csv: '+14155550960,"Open',
      apply: true,
    });
    assert.equal(unclosed.status, 400);
    assert.equal(
      unclosed.json.message,
      'The CSV file cannot be read: line 1: a quoted field is never closed',
    );
    assert.equal((await send('POST', '/guests/import', { csv: 'x' })).status, 400);
    assert.equal(await database(), beforeConflict);
  });

  test('the export and the command line show what the page wrote', async () => {
    const exported = await send('GET', '/guests.csv');
    assert.equal(exported.status, 200);
    assert.match(exported.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(exported.headers.get('content-disposition') ?? '', /^attachment/);
    const cliEntries = await listGuests(server.store, server.project);
    assert.equal(exported.text, formatGuestCsv(cliEntries));
    const table = formatGuestTable(cliEntries);
    assert.match(table, /\+14155550921 +Grace Hopper +yes +not yet/);
    assert.match(table, /\+14155550911 +Ada Lovelace +yes +yes, .* +yes, 2 +Gluten-free, please/);
    assert.match(table, /Bulk Guest 149/);
    assert.ok(!table.includes('+14155550930'), 'the guest taken off is not on the list');
  });

  test('the audit log holds summaries a host reads, never a code or a token', async () => {
    const page = await send('GET', '/audit');
    const text = JSON.stringify(page.json);
    for (const secret of [host, guestToken, server.lastCode(HOST), server.lastCode(GUEST)]) {
      assert.ok(!text.includes(secret), 'no secret in the log');
    }
    const entry = page.json.entries[0];
    assert.equal(entry.host, HOST);
    assert.match(entry.action, /^guest\./);
  });
});
