/**
 * The migrations added since the previous release (`previous-release.ts`) only expand the
 * schema, so the previous release's server keeps working on a database this one migrated.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Kysely } from 'kysely';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { openDatabase } from './database.js';
import { contractProblem, contractStatements } from './expand-contract.js';
import type { Migrations } from './migrator.js';
import { PREVIOUS_RELEASE } from './previous-release.js';

const databases: TestDatabase[] = [];
after(async () => {
  for (const database of databases) await database.drop();
});

/** `ALL_MIGRATIONS` split at `last`: the steps up to it and those after. */
function splitAt(last: string): { previous: Migrations; added: Migrations } {
  const entries = Object.entries(ALL_MIGRATIONS);
  return {
    previous: Object.fromEntries(entries.filter(([name]) => name <= last)),
    added: Object.fromEntries(entries.filter(([name]) => name > last)),
  };
}

/** The contract statements of `added` over `previous`, on a scratch database. */
async function contractsOf(previous: Migrations, added: Migrations) {
  const database = await createTestDatabase();
  databases.push(database);
  const { db } = await openDatabase(database);
  try {
    return await contractStatements(db, previous, added);
  } finally {
    await db.destroy();
  }
}

test('the steps added since the previous release only expand its schema', async () => {
  const { lastMigration, contractSteps } = PREVIOUS_RELEASE;
  assert.ok(lastMigration in ALL_MIGRATIONS, `${lastMigration} is still a migration`);
  const { previous, added } = splitAt(lastMigration);
  for (const step of Object.keys(contractSteps)) {
    assert.ok(step in added, `the contract step ${step} was added since the previous release`);
  }
  const found = await contractsOf(previous, added);
  const unlisted = found.filter((statement) => !(statement.migration in contractSteps));
  assert.deepEqual(
    unlisted.map(({ migration, problem }) => `${migration} ${problem}`),
    [],
    `steps added since ${PREVIOUS_RELEASE.commit.slice(0, 7)} contract the schema it runs on; ` +
      'ship them a release later (see previous-release.ts)',
  );
});

test('the steps that broke old servers in issue 32 are caught', async () => {
  // Issue 32: old processes answered every SMS send 500 once a new one dropped destination_guards.
  const { previous, added } = splitAt('2026-11-23-30-google-one-tap');
  const found = await contractsOf(previous, added);
  const problems = found.map(({ migration, problem }) => `${migration} ${problem}`);
  assert.ok(
    problems.includes('2026-11-23-40-drop-destination-guards drops table destination_guards'),
    problems.join('\n'),
  );
  assert.ok(
    problems.includes('2026-11-23-41-drop-password-guards drops table password_guards'),
    problems.join('\n'),
  );
});

test('a planted step is read as sent: the previous release’s tables may grow, the new step’s own may change', async () => {
  const { previous } = splitAt(PREVIOUS_RELEASE.lastMigration);
  const planted: Migrations = {
    '2099-01-01-01-planted': {
      // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
      async up(db: Kysely<any>) {
        await db.schema.createTable('planted').addColumn('id', 'text').execute();
        await db.schema.alterTable('planted').renameTo('planted_too').execute();
        await db.schema
          .alterTable('passcodes')
          .addColumn('planted_note', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.alterTable('sessions').renameTo('sessions_before').execute();
      },
    },
  };
  const found = await contractsOf(previous, planted);
  assert.deepEqual(
    found.map(({ migration, problem }) => `${migration} ${problem}`),
    ['2099-01-01-01-planted renames table sessions'],
  );
});

test('statements that contract a table are told from those that expand it', () => {
  const contracts: Array<[string, string]> = [
    ['drop table "passcodes"', 'drops table passcodes'],
    ['DROP TABLE IF EXISTS destination_guards', 'drops table destination_guards'],
    ['alter table "passcodes" rename to "codes"', 'renames table passcodes'],
    ['alter table "passcodes" rename column "client" to "client_key"', 'renames passcodes.client'],
    ['alter table "passcodes" drop column "client"', 'drops column passcodes.client'],
    [
      'alter table "passcodes" alter column "attempts" type bigint',
      'changes the type of passcodes.attempts',
    ],
    [
      'ALTER TABLE passcodes ALTER COLUMN attempts SET DATA TYPE bigint',
      'changes the type of passcodes.attempts',
    ],
    [
      'alter table "passcodes" alter column "client" set not null',
      'makes passcodes.client required',
    ],
    [
      'alter table "passcodes" add column "channel_v2" text not null',
      'adds passcodes.channel_v2, required and without a default',
    ],
  ];
  for (const [statement, problem] of contracts) {
    assert.equal(contractProblem(statement)?.problem, problem, statement);
  }
  for (const statement of [
    'create table if not exists "failure_guards" ("scope" text not null)',
    `alter table "passcodes" add column "client" text default '' not null`,
    'alter table "passcodes" add column "note" text',
    'create index if not exists "passcodes_by_client" on "passcodes" ("client")',
    'alter table "passcodes" alter column "client" drop not null',
    'update "passcodes" set "client" = \'\'',
  ]) {
    assert.equal(contractProblem(statement), undefined, statement);
  }
});
