/**
 * The stored content on a real database (SQLite, or PostgreSQL with `--pg`): seeded once even
 * when servers start together on one database, the draft saved apart from what guests read,
 * published by copying the draft.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { invitation } from '../../../site/content/invitation.js';
import { ALL_MIGRATIONS } from '../../all-migrations.js';
import { ALL_USER_PARTS } from '../../all-user-parts.js';
import { Store } from '../../store.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ContentRepository } from './content-repository.js';

const PROJECT = 'project-test-content';

describe('the stored content', () => {
  let database: TestDatabase;
  let stores: Store[];

  before(async () => {
    database = await createTestDatabase();
    const target = { databaseUrl: database.databaseUrl, sqlitePath: database.sqlitePath };
    // Two servers' connections to the one database.
    stores = [];
    for (let index = 0; index < 2; index++) {
      stores.push(await Store.open(target, ALL_MIGRATIONS, ALL_USER_PARTS));
    }
  });

  after(async () => {
    for (const store of stores ?? []) await store.close();
    await database?.drop();
  });

  test('servers starting together seed it once, without an error', async () => {
    const [first, second] = stores.map((store) => new ContentRepository(store.db));
    assert.ok(first && second);
    const other = { ...invitation, names: 'Somebody Else' };
    const wrote = await Promise.all([
      first.seedIfAbsent(PROJECT, invitation, 1000),
      second.seedIfAbsent(PROJECT, other, 1000),
      first.seedIfAbsent(PROJECT, other, 1000),
      second.seedIfAbsent(PROJECT, invitation, 1000),
    ]);
    assert.equal(wrote.filter(Boolean).length, 1, `${wrote}`);
    const stored = await second.find(PROJECT);
    assert.ok(stored);
    assert.deepEqual(stored.draft, stored.published);
    assert.ok([invitation.names, other.names].includes(stored.draft.names));
    assert.equal(stored.publishedAt, null);
    assert.equal(stored.updatedBy, null);
    // A later start changes nothing.
    assert.equal(await first.seedIfAbsent(PROJECT, other, 2000), false);
    assert.equal((await first.find(PROJECT))?.updatedAt, 1000);
    assert.equal(await first.find('project-test-none'), undefined);
  });

  test('a saved draft stays apart from the published content until published', async () => {
    const [first, second] = stores.map((store) => new ContentRepository(store.db));
    assert.ok(first && second);
    await first.seedIfAbsent('project-test-draft', invitation, 1000);
    const draft = { ...invitation, tagline: 'A new tagline' };
    await first.saveDraft('project-test-draft', draft, 2000, 'user-test-host');
    const saved = await second.find('project-test-draft');
    assert.equal(saved?.draft.tagline, 'A new tagline');
    assert.equal(saved?.published.tagline, invitation.tagline);
    assert.equal(saved?.updatedAt, 2000);
    assert.equal(saved?.updatedBy, 'user-test-host');
    await second.publish('project-test-draft', 3000);
    const published = await first.findPublished('project-test-draft');
    assert.equal(JSON.parse(published?.json ?? '{}').tagline, 'A new tagline');
    assert.equal(published?.publishedAt, 3000);
    // Another project's content is its own.
    assert.equal((await first.find(PROJECT))?.published.tagline !== 'A new tagline', true);
  });
});
