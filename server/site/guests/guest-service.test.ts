import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALL_MIGRATIONS } from '../../all-migrations.js';
import { settingsParts } from '../../products/registry.js';
import { resolveProjectSettings } from '../../projects/project-settings.js';
import { Store } from '../../store.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { RsvpRepository } from '../rsvp-repository.js';
import { GuestListError, NumberTakenError, UnknownGuestError } from './guest-phone.js';
import { GuestService } from './guest-service.js';

const NOW = Date.parse('2025-07-26T18:00:00Z');

describe('the guests service on a real store', () => {
  let database: TestDatabase;
  let store: Store;
  let guests: GuestService;
  let tick = 0;

  before(async () => {
    database = await createTestDatabase();
    store = await Store.open(
      { databaseUrl: database.databaseUrl, sqlitePath: database.sqlitePath },
      ALL_MIGRATIONS,
    );
    const config = { name: 'Service tests', publicToken: 'public-token-test-guest-service-01' };
    const project = await store.projects.upsert(
      { ...config, settings: resolveProjectSettings(config, settingsParts) },
      NOW,
    );
    // Distinct creation times: the list is ordered by them.
    guests = new GuestService(store, project, () => NOW + tick++);
  });

  after(async () => {
    await store?.close();
    await database?.drop();
  });

  /** What the database holds of the project's numbers, to prove a refusal wrote nothing. */
  const snapshot = async () => JSON.stringify(await guests.list({ all: true }));

  test('renames a guest: the name and the guest_name both change', async () => {
    const ada = await guests.invite('+14155550100', 'Ada Lovelace');
    const { before, after } = await guests.edit(ada.userId, { name: '  Augusta   King ' });
    assert.equal(before.name, 'Ada Lovelace');
    assert.equal(after.name, 'Augusta King');
    const user = await store.users.findById(guests.project.projectId, ada.userId);
    assert.equal(user?.trustedMetadata.guest_name, 'Augusta King');
    assert.deepEqual(user?.name, { first_name: 'Augusta', middle_name: '', last_name: 'King' });
  });

  test('changes the number of a guest who never signed in; the old number signs nobody in', async () => {
    const grace = await guests.invite('+14155550101', 'Grace Hopper');
    const { after } = await guests.edit(grace.userId, { phone: '(415) 555-0111' });
    assert.equal(after.e164, '+14155550111');
    assert.equal(after.userId, grace.userId);
    assert.equal(after.invited, true);
    const old = await store.users.findByDestination(
      guests.project.projectId,
      'phone',
      '+14155550101',
    );
    assert.equal(old, undefined);
  });

  test('refusals write nothing: a bad number, a bad name, a number another account proved', async () => {
    const alan = await guests.invite('+14155550102', 'Alan Turing');
    const other = await store.users.findOrCreateByDestination(
      guests.project,
      'phone',
      '+14155550103',
      NOW,
    );
    await store.users.prove(other, { now: NOW, withinOwnSession: false });
    const before = await snapshot();
    await assert.rejects(guests.edit(alan.userId, { name: 'Al', phone: '555' }), GuestListError);
    await assert.rejects(
      guests.edit(alan.userId, { name: 'x'.repeat(101), phone: '+14155550104' }),
      /at most 100/,
    );
    await assert.rejects(guests.edit(alan.userId, { name: '' }), /needs a name/);
    await assert.rejects(
      guests.edit(alan.userId, { name: 'Al', phone: '+14155550103' }),
      (error: unknown) => error instanceof NumberTakenError && /proved it/.test(error.message),
    );
    // Another guest's number, not proven: still another person's.
    await assert.rejects(
      guests.edit(alan.userId, { phone: '+14155550100' }),
      (error: unknown) => error instanceof NumberTakenError && /another guest/.test(error.message),
    );
    await assert.rejects(guests.edit('user-test-nobody', { name: 'Nobody' }), UnknownGuestError);
    assert.equal(await snapshot(), before);
  });

  test('a guest who signed in keeps the number they proved', async () => {
    const linus = await guests.invite('+14155550105', 'Linus');
    const method = await store.users.findByDestination(
      guests.project.projectId,
      'phone',
      '+14155550105',
    );
    assert.ok(method);
    await store.users.prove(method, { now: NOW, withinOwnSession: false });
    const before = await snapshot();
    await assert.rejects(guests.edit(linus.userId, { phone: '+14155550106' }), /has signed in/);
    assert.equal(await snapshot(), before);
    // A rename is still fine.
    assert.equal((await guests.edit(linus.userId, { name: 'Linus T' })).after.name, 'Linus T');
  });

  test('removeById takes a guest off the list and keeps the user', async () => {
    const guest = await guests.invite('+14155550107', 'Temp Guest');
    const { before, after } = await guests.removeById(guest.userId);
    assert.equal(before.invited, true);
    assert.equal(after.invited, false);
    assert.ok(!(await guests.list()).some((entry) => entry.userId === guest.userId));
    assert.ok((await guests.list({ all: true })).some((entry) => entry.userId === guest.userId));
  });

  test('search reads the name, the number in any format and the note', async () => {
    const guest = await guests.invite('+14155550108', 'Katherine Johnson');
    await new RsvpRepository(store.db).save(guests.project.projectId, guest.userId, {
      attending: true,
      partySize: 2,
      note: 'Vegetarian menu please',
      updatedAt: NOW,
    });
    const found = async (query: string) =>
      (await guests.list({ query })).map((entry) => entry.e164);
    assert.deepEqual(await found('katherine'), ['+14155550108']);
    assert.deepEqual(await found('(415) 555-0108'), ['+14155550108']);
    assert.deepEqual(await found('5550108'), ['+14155550108']);
    assert.deepEqual(await found('VEGETARIAN johnson'), ['+14155550108']);
    assert.deepEqual(await found('vegan'), []);
  });

  test('an import preview writes nothing; applying it does what it said', async () => {
    const csv = [
      'phone,name',
      '+14155550120,New Guest',
      '+14155550100,Ada Lovelace',
      '+14155550100,',
      '+14155550107,',
      '+14155550108,Katherine Johnson',
      '+1 800 555 0199,Toll Free',
      '+442071838750,London Guest',
    ].join('\n');
    const before = await snapshot();
    const plan = await guests.previewImport(csv);
    assert.equal(await snapshot(), before);
    assert.deepEqual(
      plan.add.map((line) => [line.line, line.e164, line.name]),
      [
        [2, '+14155550120', 'New Guest'],
        [5, '+14155550107', 'Temp Guest'],
        [8, '+442071838750', 'London Guest'],
      ],
    );
    assert.deepEqual(
      plan.update.map((line) => [line.line, line.name, line.previousName]),
      [[3, 'Ada Lovelace', 'Augusta King']],
    );
    assert.deepEqual(
      plan.unchanged.map((line) => line.line),
      [4, 6],
    );
    assert.equal(plan.problems.length, 1);
    assert.match(plan.problems[0]?.message ?? '', /toll-free numbers/);
    assert.deepEqual(
      plan.warnings.map((warning) => warning.line),
      [8],
    );

    const applied = await guests.applyImport(csv);
    assert.deepEqual(applied, plan);
    const names = new Map((await guests.list()).map((entry) => [entry.e164, entry.name]));
    assert.equal(names.get('+14155550120'), 'New Guest');
    assert.equal(names.get('+14155550100'), 'Ada Lovelace');
    assert.equal(names.get('+14155550107'), 'Temp Guest');
    // Applied again, it changes nothing.
    const again = await guests.previewImport(csv);
    assert.deepEqual([again.add.length, again.update.length, again.unchanged.length], [0, 0, 6]);
  });

  test('a number a file gives twice, named on its second line only, is added with that name', async () => {
    const csv = ['+14155550170,', '+14155550170,Named Later'].join('\n');
    const plan = await guests.previewImport(csv);
    assert.deepEqual(plan.add, [
      { line: 1, e164: '+14155550170', name: 'Named Later', named: true },
    ]);
    assert.deepEqual(plan.unchanged, [{ line: 2, e164: '+14155550170' }]);
    assert.deepEqual(plan.update, []);
    await guests.applyImport(csv);
    const listed = (await guests.list()).find((entry) => entry.e164 === '+14155550170');
    assert.equal(listed?.name, 'Named Later');
  });
});
