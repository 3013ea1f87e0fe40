import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { ALL_USER_PARTS } from '../../all-user-parts.js';
import { signInBySms, startTestServer, type TestServer } from '../../test/test-server.js';
import { signInMethodIds } from './sign-in-methods.js';
import { userBody } from './user-body.js';
import type { UserPart } from './user-part.js';
import { UserReader } from './user-reader.js';
import { UsersRepository } from './users-repository.js';

/** A part no product declares: notes kept in a table of the test's own. */
const plantedPart = {
  recordField: 'plantedNotes',
  bodyField: 'planted_notes',
  table: 'planted_notes',
  columns: ['note_id', 'note'],
  toRecord: (row: Record<string, unknown>) => ({ noteId: String(row.note_id), note: row.note }),
  toBody: (entry: { noteId: string; note: string }) => ({
    note_id: entry.noteId,
    text: entry.note,
  }),
  signInMethodId: (entry: { noteId: string }) => entry.noteId,
} as unknown as UserPart;

describe('a product’s part of the user', () => {
  let server: TestServer;
  let userId: string;
  before(async () => {
    server = await startTestServer();
    userId = (await signInBySms(server, '+14155550177')).user_id;
    await sql`CREATE TABLE planted_notes (note_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
      note TEXT NOT NULL, created_at BIGINT NOT NULL)`.execute(server.store.db);
    await sql`INSERT INTO planted_notes VALUES ('note-2', ${userId}, 'second', 2),
      ('note-1', ${userId}, 'first', 1)`.execute(server.store.db);
  });
  after(() => server.close());

  /** The user as a repository reading `parts` sees it. */
  const readWith = async (parts: readonly UserPart[]) => {
    const users = new UsersRepository(server.store.db, new UserReader(server.store.dialect, parts));
    const user = await users.findById(server.project.projectId, userId);
    assert.ok(user);
    return user;
  };

  test('the server’s user body lists every registered product’s part', async () => {
    const me = await server.api('/users/me', {
      secret: (await signInBySms(server, '+14155550177')).session_token,
    });
    for (const part of ALL_USER_PARTS)
      assert.deepEqual(me.body[part.bodyField], [], part.bodyField);
    assert.equal('planted_notes' in me.body, false);
  });

  test('a planted part shows its field, oldest first, only on the store that was given it', async () => {
    const planted = await readWith([...ALL_USER_PARTS, plantedPart]);
    const body = userBody(planted) as unknown as Record<string, unknown>;
    assert.deepEqual(body.planted_notes, [
      { note_id: 'note-1', text: 'first' },
      { note_id: 'note-2', text: 'second' },
    ]);
    assert.deepEqual((planted as unknown as Record<string, unknown>).plantedNotes, [
      { noteId: 'note-1', note: 'first' },
      { noteId: 'note-2', note: 'second' },
    ]);
    assert.ok(signInMethodIds(planted).includes('note-1'), 'it declares its entries sign in');
    // The body's fields: the user's own, the lists in the parts' order, then the fixed ones.
    assert.deepEqual(Object.keys(body), [
      'user_id',
      'created_at',
      'status',
      'name',
      'emails',
      'phone_numbers',
      ...ALL_USER_PARTS.map((part) => part.bodyField),
      'planted_notes',
      'biometric_registrations',
      'password',
      'trusted_metadata',
      'untrusted_metadata',
    ]);
  });

  test('without the products’ parts, a user has its phone numbers and emails only', async () => {
    const body = userBody(await readWith([])) as unknown as Record<string, unknown>;
    assert.equal((body.phone_numbers as unknown[]).length, 1);
    for (const part of ALL_USER_PARTS) assert.equal(part.bodyField in body, false, part.bodyField);
  });

  test('two parts may not fill the same field', () => {
    assert.throws(
      () => new UserReader(server.store.dialect, [plantedPart, plantedPart]),
      /two parts of the user fill plantedNotes/,
    );
  });
});
