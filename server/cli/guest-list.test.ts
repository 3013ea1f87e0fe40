import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { settingsParts } from '../products/registry.js';
import { resolveProjectSettings } from '../projects/project-settings.js';
import type { Project } from '../projects/projects-repository.js';
import { Store } from '../store.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import {
  formatGuestTable,
  GuestListError,
  importGuests,
  inviteGuest,
  isHeaderRow,
  listGuests,
  parseGuestPhone,
  removeGuest,
  splitName,
} from './guest-list.js';

const NOW = Date.parse('2025-07-26T18:00:00Z');
const TOKEN = 'public-token-test-guest-list-0001';

describe('parseGuestPhone', () => {
  test('reads international numbers and US numbers without +', () => {
    for (const raw of [
      '+14155552671',
      ' +1 (415) 555-2671 ',
      '4155552671',
      '(415) 555-2671',
      '415.555.2671',
      '1-415-555-2671',
      '0014155552671',
    ]) {
      assert.equal(parseGuestPhone(raw).e164, '+14155552671', raw);
    }
    assert.deepEqual(parseGuestPhone('+33612345678'), { e164: '+33612345678', country: 'FR' });
  });

  test('refuses numbers no text message reaches, naming the kind', () => {
    assert.throws(
      () => parseGuestPhone('+1 800 555 0199'),
      (error: Error) => error instanceof GuestListError && /toll-free numbers/.test(error.message),
    );
    assert.throws(
      () => parseGuestPhone('+44 909 879 0000'),
      (error: Error) =>
        error instanceof GuestListError && /premium-rate numbers/.test(error.message),
    );
  });

  test('rejects what is not a valid number', () => {
    for (const raw of ['', 'abc', '12', '+1415555267', '555-2671', '+99912345678']) {
      assert.throws(() => parseGuestPhone(raw), GuestListError, raw);
    }
  });
});

describe('splitName and isHeaderRow', () => {
  test('first word is the first name, the rest the last name', () => {
    assert.deepEqual(splitName('  Ada   Augusta  Lovelace '), {
      first_name: 'Ada',
      last_name: 'Augusta Lovelace',
    });
    assert.deepEqual(splitName('Cher'), { first_name: 'Cher', last_name: '' });
  });

  test('detects header rows', () => {
    assert.equal(isHeaderRow(['phone', 'name']), true);
    assert.equal(isHeaderRow(['Phone number', 'Guest']), true);
    assert.equal(isHeaderRow(['+14155552671', 'Ada']), false);
    assert.equal(isHeaderRow(['nope', 'bad']), false);
  });
});

describe('the guest list on a real store', () => {
  let database: TestDatabase;
  let store: Store;
  let project: Project;
  let other: Project;

  before(async () => {
    database = await createTestDatabase();
    store = await Store.open(
      {
        databaseUrl: database.databaseUrl,
        sqlitePath: database.sqlitePath,
      },
      ALL_MIGRATIONS,
    );
    const config = { name: 'Guest tests', publicToken: TOKEN };
    project = await store.projects.upsert(
      { ...config, settings: resolveProjectSettings(config, settingsParts) },
      NOW,
    );
    const second = { name: 'Other', publicToken: `${TOKEN}-other` };
    other = await store.projects.upsert(
      { ...second, settings: resolveProjectSettings(second, settingsParts) },
      NOW,
    );
  });

  after(async () => {
    await store?.close();
    await database?.drop();
  });

  const userOf = async (e164: string, inProject = project) => {
    const method = await store.users.findByDestination(inProject.projectId, 'phone', e164);
    assert.ok(method, `no user for ${e164}`);
    const user = await store.users.findById(inProject.projectId, method.userId);
    assert.ok(user);
    return user;
  };

  test('add creates an invited user with a name', async () => {
    const result = await inviteGuest(store, project, '415 555 2671', 'Ada  Lovelace', NOW);
    assert.deepEqual(result, {
      e164: '+14155552671',
      country: 'US',
      name: 'Ada Lovelace',
      outcome: 'invited',
      createdUser: true,
    });
    const user = await userOf('+14155552671');
    assert.deepEqual(user.trustedMetadata, { invited: true, guest_name: 'Ada Lovelace' });
    assert.equal(user.name.first_name, 'Ada');
    assert.equal(user.name.last_name, 'Lovelace');
    assert.equal(user.phoneNumbers[0]?.verified, false);
  });

  test('add again says already invited; a new name replaces the old one', async () => {
    const again = await inviteGuest(store, project, '+14155552671', undefined, NOW);
    assert.equal(again.outcome, 'already-invited');
    assert.equal(again.name, 'Ada Lovelace');
    const renamed = await inviteGuest(store, project, '+14155552671', 'Augusta King', NOW);
    assert.equal(renamed.outcome, 'already-invited');
    const user = await userOf('+14155552671');
    assert.deepEqual(user.name, { first_name: 'Augusta', middle_name: '', last_name: 'King' });
    assert.equal(user.trustedMetadata.guest_name, 'Augusta King');
  });

  test('add invites an existing user and keeps its other trusted metadata', async () => {
    const method = await store.users.findOrCreateByDestination(
      project,
      'phone',
      '+14155550101',
      NOW + 1,
    );
    await store.users.setTrustedMetadata(method.userId, { table: 7 });
    const result = await inviteGuest(store, project, '+14155550101', undefined, NOW);
    assert.equal(result.outcome, 'invited');
    assert.equal(result.createdUser, false);
    assert.deepEqual((await userOf('+14155550101')).trustedMetadata, { table: 7, invited: true });
  });

  test('add rejects an invalid number and writes nothing', async () => {
    await assert.rejects(inviteGuest(store, project, '555', 'Nobody', NOW), GuestListError);
  });

  test('remove sets invited false and keeps the user', async () => {
    const removed = await removeGuest(store, project, '+14155550101');
    assert.deepEqual(removed, { e164: '+14155550101', outcome: 'removed' });
    assert.deepEqual((await userOf('+14155550101')).trustedMetadata, { table: 7, invited: false });
    const again = await removeGuest(store, project, '+14155550101');
    assert.equal(again.outcome, 'not-invited');
  });

  test('remove of an unknown number fails clearly', async () => {
    await assert.rejects(removeGuest(store, project, '+14155550199'), /not on the guest list/);
    // The same number in another project is another guest.
    await inviteGuest(store, other, '+14155550199', undefined, NOW);
    await assert.rejects(removeGuest(store, project, '+14155550199'), GuestListError);
  });

  test('a number a proven account merely claims is not that account’s: not listed, not removed, and added as a user of its own', async () => {
    const phone = '+14155550177';
    const email = await store.users.findOrCreateByDestination(other, 'email', 'p@example.com', NOW);
    await store.users.prove(email, { now: NOW, withinOwnSession: false });
    await store.users.addDestination(other, email.userId, 'phone', phone, NOW);
    await assert.rejects(removeGuest(store, other, phone), /not on the guest list/);
    const listed = async () =>
      (await listGuests(store, other, { all: true })).filter((entry) => entry.e164 === phone);
    assert.deepEqual(await listed(), []);
    const invited = await inviteGuest(store, other, phone, 'Real Guest', NOW);
    assert.equal(invited.createdUser, true);
    assert.notEqual((await userOf(phone, other)).userId, email.userId);
    const claimant = await store.users.findById(other.projectId, email.userId);
    assert.deepEqual(claimant?.trustedMetadata, {});
    assert.deepEqual(
      (await listed()).map((entry) => [entry.name, entry.invited, entry.signedIn]),
      [['Real Guest', true, false]],
    );
  });

  test('list shows the invited numbers and who signed in', async () => {
    // Distinct creation times: the list is ordered by them.
    await inviteGuest(store, project, '+14155550102', 'Grace Hopper', NOW + 2);
    const ada = await store.users.findByDestination(project.projectId, 'phone', '+14155552671');
    assert.ok(ada);
    await store.users.prove(ada, { now: NOW, withinOwnSession: false });
    await store.sessions.create({
      sessionId: 'session-test-guest-list-1',
      projectId: project.projectId,
      userId: ada.userId,
      tokenHash: 'hash-guest-list-1',
      startedAt: NOW + 60_000,
      lastAccessedAt: NOW + 60_000,
      expiresAt: NOW + 3_600_000,
      authenticationFactors: [],
      attributes: { ip_address: '', user_agent: '' },
    });

    const invited = await listGuests(store, project);
    assert.deepEqual(
      invited.map((entry) => [entry.e164, entry.name, entry.invited, entry.signedIn]),
      [
        ['+14155552671', 'Augusta King', true, true],
        ['+14155550102', 'Grace Hopper', true, false],
      ],
    );
    assert.equal(invited[0]?.lastSessionAt, NOW + 60_000);
    const all = await listGuests(store, project, { all: true });
    assert.deepEqual(
      all.map((entry) => [entry.e164, entry.invited]),
      [
        ['+14155552671', true],
        ['+14155550101', false],
        ['+14155550102', true],
      ],
    );

    const table = formatGuestTable(invited);
    assert.match(
      table,
      /\(415\) 555-2671 +\+14155552671 +Augusta King +yes +yes, 2025-07-26 18:01 UTC/,
    );
    assert.match(table, /\+14155550102 +Grace Hopper +yes +not yet/);
    assert.match(table, /\n2 invited, 1 signed in$/);
    assert.match(
      formatGuestTable(all, { all: true }),
      /2 invited, 1 signed in, 1 not on the list$/,
    );
    assert.match(
      formatGuestTable([]),
      /^Nobody is on the guest list yet\.\n0 invited, 0 signed in$/,
    );
  });

  test('import invites good lines and reports bad ones with their line numbers', async () => {
    const csv = [
      'Phone,Name',
      '+14155550110,"Hopper, Grace"',
      '',
      '(415) 555-0111,Alan Turing',
      '+14155550110,"Hopper,  Grace"',
      'not a number,Nobody',
      ',Empty',
      '+14155552671',
    ].join('\n');
    const result = await importGuests(store, project, csv, NOW);
    assert.equal(result.header, true);
    assert.deepEqual(
      result.invited.map((r) => r.e164),
      ['+14155550110', '+14155550111'],
    );
    assert.deepEqual(
      result.alreadyInvited.map((r) => r.e164),
      ['+14155550110', '+14155552671'],
    );
    assert.deepEqual(
      result.invalid.map((p) => p.line),
      [6, 7],
    );
    assert.match(result.invalid[0]?.message ?? '', /"not a number" is not a valid phone number/);
    assert.equal((await userOf('+14155550111')).name.last_name, 'Turing');
  });

  test('import refuses a number given two different names, before inviting anyone', async () => {
    const csv = [
      'phone,name',
      '+14155550130,Katherine Johnson',
      '+14155550131,Dorothy Vaughan',
      '(415) 555-0130,Mary Jackson',
      '+14155550131,',
    ].join('\n');
    await assert.rejects(
      importGuests(store, project, csv, NOW),
      (error: unknown) =>
        error instanceof GuestListError &&
        /^Nothing was imported: a number is given different names/.test(error.message) &&
        error.message.includes('+14155550130: line 2 "Katherine Johnson", line 4 "Mary Jackson"') &&
        !error.message.includes('+14155550131'),
    );
    const listed = await listGuests(store, project, { all: true });
    assert.ok(!listed.some((entry) => entry.e164 === '+14155550130'), 'nothing was written');
    assert.ok(!listed.some((entry) => entry.e164 === '+14155550131'), 'nothing was written');
  });

  test('import warns about numbers outside the allowed countries, and still invites them', async () => {
    const csv = ['+442071838750,Ada UK', '+16135550140,Canadian Guest'].join('\n');
    const result = await importGuests(store, project, csv, NOW);
    assert.deepEqual(
      result.invited.map((r) => r.e164),
      ['+442071838750', '+16135550140'],
    );
    assert.deepEqual(result.warnings, [
      {
        line: 1,
        e164: '+442071838750',
        message:
          '+442071838750 is a number in the United Kingdom, but this project texts only the ' +
          'United States and Canada (sms.allowedCountries), so this guest cannot sign in by SMS.',
      },
    ]);
  });

  test('import without a header reads the first line as a guest', async () => {
    const result = await importGuests(store, project, '+14155550120,Linus\r\n', NOW);
    assert.equal(result.header, false);
    assert.equal(result.invited.length, 1);
  });
});
