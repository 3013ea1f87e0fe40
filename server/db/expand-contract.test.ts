/**
 * The migrations added since the previous release (`previous-release.ts`) only expand the
 * schema, so the previous release's server keeps working on a database this one migrated.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { ALL_MIGRATIONS } from '../all-migrations.js';
import { createTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../test/test-database.js';
import { dialectOf, openDatabase } from './database.js';
import { contractStatements, rowRemoval } from './expand-contract.js';
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

/** The contract statements of `added` over `previous`, on a scratch database of the suite's kind. */
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
    problems.includes('2026-11-23-40-drop-destination-guards removes table destination_guards'),
    problems.join('\n'),
  );
  assert.ok(
    problems.includes('2026-11-23-41-drop-password-guards removes table password_guards'),
    problems.join('\n'),
  );
});

/** The suite's database: each planted form is run on the one it is valid SQL for. */
const kind = TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

/** A step that sends `statements` as written, one at a time. */
function plantedStep(statements: readonly string[]): Migrations[string] {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}

/** A view of the previous release's, for the step that drops it. */
const PLANTED_VIEW = plantedStep([
  'create view "planted_view" as select "session_id" from "sessions"',
]);

/** A SQLite rebuild of rate_limits without hits and with a check (SQLite's only way to either). */
const SQLITE_REBUILD = [
  `create table "rate_limits_new" ("bucket" text primary key,
    "window_start" bigint not null check ("window_start" >= 0))`,
  'insert into "rate_limits_new" select "bucket", "window_start" from "rate_limits"',
  'drop table "rate_limits"',
  'alter table "rate_limits_new" rename to "rate_limits"',
];

/**
 * The reviewer's forms of a contract step (issue 32 item 5's review), each on the databases it
 * is valid SQL for, with the problem it must be refused for (the start of the sentence).
 */
const CONTRACT_FORMS: ReadonlyArray<{
  form: string;
  postgres?: readonly string[];
  sqlite?: readonly string[];
  problem: string;
}> = [
  {
    form: 'a multi-action alter table',
    postgres: ['alter table "passcodes" add column "note" text, drop column "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'a schema-qualified table',
    postgres: ['alter table "public"."passcodes" drop column "code_hash"'],
    sqlite: ['alter table "main"."passcodes" drop column "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'alter table only',
    postgres: ['alter table only "passcodes" drop column "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'alter table if exists',
    postgres: ['alter table if exists "passcodes" drop column "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'drop without column',
    postgres: ['alter table "passcodes" drop "code_hash"'],
    sqlite: ['alter table "passcodes" drop "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'a leading comment',
    postgres: ['-- tidy up\nalter table "passcodes" drop column "code_hash"'],
    sqlite: ['-- tidy up\nalter table "passcodes" drop column "code_hash"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'a column renamed',
    postgres: ['alter table "passcodes" rename "code_hash" to "code_digest"'],
    sqlite: ['alter table "passcodes" rename "code_hash" to "code_digest"'],
    problem: 'removes column passcodes.code_hash',
  },
  {
    form: 'a table renamed',
    postgres: ['alter table "sessions" rename to "sessions_before"'],
    sqlite: ['alter table "sessions" rename to "sessions_before"'],
    problem: 'removes table sessions',
  },
  {
    form: 'add without column, required and without a default',
    // SQLite refuses the statement itself (a NOT NULL column needs a default there).
    postgres: ['alter table "passcodes" add "c2" text not null'],
    problem: 'adds passcodes.c2, required and without a default',
  },
  {
    form: 'a type change',
    postgres: ['alter table "passcodes" alter column "attempts" type bigint'],
    problem: 'changes the type of passcodes.attempts',
  },
  {
    form: 'set not null',
    postgres: ['alter table "passcodes" alter column "consumed_at" set not null'],
    problem: 'makes passcodes.consumed_at required',
  },
  {
    form: 'drop default',
    postgres: ['alter table "passcodes" alter column "client" drop default'],
    problem: 'removes the default of passcodes.client',
  },
  {
    form: 'drop index',
    postgres: ['drop index "passcodes_by_method"'],
    sqlite: ['drop index "passcodes_by_method"'],
    problem: 'removes index passcodes_by_method on passcodes',
  },
  {
    form: 'add constraint unique',
    postgres: ['alter table "passcodes" add constraint "passcodes_code" unique ("code_hash")'],
    problem: 'adds a unique index passcodes_code on passcodes',
  },
  {
    form: 'add constraint check',
    postgres: ['alter table "passcodes" add constraint "few" check ("attempts" < 10)'],
    problem: 'adds a check on passcodes',
  },
  {
    form: 'a rebuilt table with a check and without a column',
    sqlite: SQLITE_REBUILD,
    problem: 'adds a check on rate_limits',
  },
  {
    form: 'a rebuilt table without a column',
    sqlite: SQLITE_REBUILD,
    problem: 'removes column rate_limits.hits',
  },
  {
    form: 'create unique index',
    postgres: ['create unique index "passcodes_by_hash" on "passcodes" ("code_hash")'],
    sqlite: ['create unique index "passcodes_by_hash" on "passcodes" ("code_hash")'],
    problem: 'adds a unique index passcodes_by_hash on passcodes',
  },
  {
    form: 'truncate',
    postgres: ['truncate table "public"."passcodes"'],
    problem: 'truncates passcodes',
  },
  {
    form: 'delete',
    postgres: ['/* expired */ delete from only "passcodes"'],
    sqlite: ['-- expired\ndelete from "passcodes" where "expires_at" < 0'],
    problem: 'deletes rows of passcodes',
  },
  {
    form: 'add a foreign key',
    postgres: [
      'alter table "passcodes" add constraint "planted_project" foreign key ("project_id") references "projects" ("project_id")',
    ],
    // SQLite adds one only by rebuilding the table.
    sqlite: [
      `create table "rate_limits_new" ("bucket" text primary key references "projects" ("project_id"),
        "window_start" bigint not null, "hits" integer not null)`,
      'insert into "rate_limits_new" select "bucket", "window_start", "hits" from "rate_limits"',
      'drop table "rate_limits"',
      'alter table "rate_limits_new" rename to "rate_limits"',
    ],
    problem: 'adds a foreign key on',
  },
  {
    form: 'drop a cascading foreign key',
    postgres: ['alter table "user_emails" drop constraint "user_emails_user_id_fkey"'],
    problem:
      'removes the foreign key on user_emails: (user_id) REFERENCES users(user_id) ON DELETE CASCADE',
  },
  {
    form: 'a trigger on an old table',
    postgres: [
      `create function "planted_refusal"() returns trigger language plpgsql as $$
        begin raise exception 'refused'; end $$`,
      `create trigger "planted_refusal" before insert on "passcodes"
        for each row execute function "planted_refusal"()`,
    ],
    sqlite: [
      `create trigger "planted_refusal" before insert on "passcodes"
        begin select raise(abort, 'refused'); end`,
    ],
    problem: 'adds trigger planted_refusal on passcodes',
  },
  {
    form: 'drop a trigger the old code relies on',
    postgres: ['drop trigger "user_emails_lists_version" on "user_emails"'],
    sqlite: ['drop trigger "user_emails_lists_version_insert"'],
    problem: 'removes trigger user_emails_lists_version',
  },
  {
    form: 'drop view',
    postgres: ['drop view "planted_view"'],
    sqlite: ['drop view "planted_view"'],
    problem: 'removes view planted_view',
  },
];

describe(`a contract step is refused however it is spelled (${kind})`, () => {
  const { previous } = splitAt(PREVIOUS_RELEASE.lastMigration);
  const withView = { ...previous, '2099-01-01-00-planted-view': PLANTED_VIEW };
  for (const { form, problem, ...statements } of CONTRACT_FORMS) {
    const planted = statements[kind];
    test(form, { skip: planted ? false : `not valid SQL on ${kind}` }, async () => {
      const found = await contractsOf(withView, {
        '2099-01-01-01-planted': plantedStep(planted ?? []),
      });
      const problems = found.map((statement) => `${statement.migration} ${statement.problem}`);
      assert.ok(
        problems.some((text) => text.startsWith(`2099-01-01-01-planted ${problem}`)),
        `${form}: ${problems.join('; ') || 'nothing found'}`,
      );
    });
  }
});

test('a step that only expands the previous release’s schema is accepted', async () => {
  const { previous } = splitAt(PREVIOUS_RELEASE.lastMigration);
  const planted: Migrations = {
    '2099-01-01-01-planted': {
      // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('planted')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('note', 'text', (c) => c.notNull())
          .execute();
        await db.schema.alterTable('sessions').addColumn('planted_note', 'text').execute();
        await db.schema
          .alterTable('passcodes')
          .addColumn('planted_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createIndex('sessions_by_expiry')
          .on('sessions')
          .column('expires_at')
          .execute();
        // A new table may reference an old one, and have its own trigger.
        await db.schema
          .createTable('planted_links')
          .addColumn('link_id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('users.user_id').onDelete('cascade'),
          )
          .execute();
        await sql
          .raw(
            dialectOf(db) === 'postgres'
              ? `create function "planted_touch"() returns trigger language plpgsql as $$
                  begin return new; end $$;
                create trigger "planted_touch" before insert on "planted_links"
                  for each row execute function "planted_touch"()`
              : `create trigger "planted_touch" after insert on "planted_links"
                  begin select 1; end`,
          )
          .execute(db);
        // The new step's own table may change as it likes.
        await db.schema.alterTable('planted').renameTo('planted_too').execute();
        await db.schema.alterTable('planted_too').dropColumn('note').execute();
        await sql`delete from ${sql.table('planted_too')}`.execute(db);
      },
    },
  };
  assert.deepEqual(await contractsOf(previous, planted), []);
});

test('statements that remove rows are told from those that keep them', () => {
  assert.deepEqual(rowRemoval('TRUNCATE "public"."passcodes"'), {
    table: 'passcodes',
    problem: 'truncates passcodes',
  });
  assert.equal(rowRemoval('-- old ones\ndelete from "sessions"')?.table, 'sessions');
  for (const statement of [
    'update "passcodes" set "client" = \'\'',
    'insert into "passcodes" select * from "passcodes"',
    'select 1',
  ]) {
    assert.equal(rowRemoval(statement), undefined, statement);
  }
});
