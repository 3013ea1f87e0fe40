/**
 * The real `guests` command, run as a child process against the database of
 * a running test server, checked through the API a guest's browser uses.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parseCsv } from '../site/guests/csv.js';
import { AuditLog } from '../site/host/audit-log.js';
import { RsvpRepository } from '../site/rsvp-repository.js';
import {
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  TEST_PUBLIC_TOKEN,
  type TestServer,
} from '../test/test-server.js';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * When a command that has not ended is killed: never on a working command, whose start (tsx
 * compiling it, the database opening) took over 30 s on a loaded two-core machine, and a test
 * runs several (175 s for one test at a load of 20).
 */
const CLI_TIMEOUT_MS = 600_000;
const PHONE = '+14155552671';

/** What a run of the command printed and how it ended. */
interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

describe('npm run guests (end to end, while the server runs)', () => {
  let server: TestServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'velvet-guests-'));
    const configFile = join(dir, 'velvet.config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        projects: [
          {
            name: 'Velvet tests',
            publicToken: TEST_PUBLIC_TOKEN,
            authorizedOrigins: [TEST_ORIGIN],
          },
        ],
      }),
    );
    env = {
      ...process.env,
      DATA_DIR: server.database.dataDir,
      DATABASE_URL: server.database.databaseUrl ?? '',
      VELVET_CONFIG: configFile,
    };
    // The child is a command, not a test file.
    delete env.NODE_TEST_CONTEXT;
    delete env.NODE_ENV;
  });

  after(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const guests = (...args: string[]) =>
    new Promise<CliRun>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'server/cli/guests.ts', ...args],
        { cwd: ROOT, env, timeout: CLI_TIMEOUT_MS },
        (error, stdout, stderr) => {
          if (error && typeof error.code !== 'number') reject(error);
          else resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
        },
      );
    });

  const me = async (sessionToken: string) => {
    const answer = await server.api('/users/me', { secret: sessionToken });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };

  let sessionToken = '';

  test('add invites a number; the guest signs in and sees invited: true', async () => {
    const run = await guests('add', PHONE, 'Ada Lovelace');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), `Invited ${PHONE} (Ada Lovelace).`);
    assert.equal(run.stderr, '');

    const signedIn = await signInBySms(server, PHONE);
    sessionToken = signedIn.session_token;
    const user = await me(sessionToken);
    assert.equal(user.trusted_metadata.invited, true);
    assert.equal(user.trusted_metadata.guest_name, 'Ada Lovelace');
    assert.equal(user.name.first_name, 'Ada');
    assert.equal(user.name.last_name, 'Lovelace');

    const again = await guests('add', PHONE);
    assert.equal(again.code, 0);
    assert.equal(again.stdout.trim(), `${PHONE} (Ada Lovelace) was already invited.`);
  });

  test('list shows the guest as signed in', async () => {
    const run = await guests('list');
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /\(415\) 555-2671 +\+14155552671 +Ada Lovelace +yes +yes, 2025-07-26 18:00 UTC/,
    );
    assert.match(run.stdout, /^1 invited, 1 signed in$/m);
  });

  test('remove takes the guest off the list; the session sees invited: false', async () => {
    const run = await guests('remove', PHONE);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), `Removed ${PHONE} from the guest list.`);
    const user = await me(sessionToken);
    assert.equal(user.trusted_metadata.invited, false);

    const listed = await guests('list');
    assert.match(listed.stdout, /Nobody is on the guest list yet\.\n0 invited, 0 signed in/);
    const all = await guests('list', '--all');
    assert.match(all.stdout, /\+14155552671 +Ada Lovelace +no +yes, /);

    const unknown = await guests('remove', '+14155550188');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /\+14155550188 is not on the guest list/);
    assert.doesNotMatch(unknown.stderr, /\n\s+at /, 'no stack trace');
  });

  test('import reports bad lines, sums up and exits 1', async () => {
    const file = join(dir, 'guests.csv');
    writeFileSync(
      file,
      ['phone,name', '+14155550123,"Hopper, Grace"', `${PHONE},Ada Lovelace`, 'nope,Bad'].join(
        '\n',
      ),
    );
    const run = await guests('import', file);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /guests\.csv:4: "nope" is not a valid phone number/);
    assert.match(run.stdout, /^Invited 2, already invited 0, invalid 1\.$/m);
    // The removed guest is back on the list.
    assert.equal((await me(sessionToken)).trusted_metadata.invited, true);

    const again = await guests('import', file);
    assert.match(again.stdout, /^Invited 0, already invited 2, invalid 1\.$/m);

    const listed = await guests('list');
    assert.match(listed.stdout, /\+14155550123 +Hopper, Grace +yes +not yet/);
    assert.match(listed.stdout, /^2 invited, 1 signed in$/m);
  });

  test('import warns about a number the project cannot text, naming its country', async () => {
    const file = join(dir, 'abroad.csv');
    writeFileSync(file, ['phone,name', '+442071838750,Ada in London'].join('\n'));
    const run = await guests('import', file);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /abroad\.csv:2: warning: \+442071838750 is a number in the United Kingdom, but this project texts only the United States and Canada \(sms\.allowedCountries\), so this guest cannot sign in by SMS\./,
    );
    assert.match(run.stdout, /^Invited 1, already invited 0, invalid 0\. 1 cannot sign in by SMS/m);

    const added = await guests('add', '+447781123456', 'Guernsey Guest');
    assert.match(added.stdout, /Warning: \+447781123456 is a number in Guernsey, but this project/);
  });

  test('import refuses a number given two names and invites nobody', async () => {
    const file = join(dir, 'twice.csv');
    writeFileSync(
      file,
      [
        'phone,name',
        '+14155550150,Grace Hopper',
        '+14155550151,Alan Turing',
        '+14155550150,Ada',
      ].join('\n'),
    );
    const run = await guests('import', file);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /^guests: Nothing was imported: a number is given different names/);
    assert.match(run.stderr, /\+14155550150: line 2 "Grace Hopper", line 4 "Ada"/);
    const listed = await guests('list', '--all');
    assert.doesNotMatch(listed.stdout, /\+1415555015[01]/);
  });

  test("list shows each guest's answer; export writes every answer and note as CSV", async () => {
    const rsvps = new RsvpRepository(server.store.db);
    const userOf = async (phone: string) => {
      const method = await server.store.users.findByDestination(
        server.project.projectId,
        'phone',
        phone,
      );
      assert.ok(method, phone);
      return method.userId;
    };
    const note = 'Vegan, "no nuts"\n=HYPERLINK("http://evil.example")';
    const answeredAt = Date.parse('2025-07-20T10:00:00Z');
    await rsvps.save(server.project.projectId, await userOf(PHONE), {
      attending: true,
      partySize: 2,
      note,
      updatedAt: answeredAt,
    });
    await rsvps.save(server.project.projectId, await userOf('+14155550123'), {
      attending: false,
      partySize: 0,
      note: '',
      updatedAt: answeredAt,
    });

    const listed = await guests('list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(
      listed.stdout,
      /Ada Lovelace +yes +yes, [^ ]+ [^ ]+ UTC +yes, 2 +Vegan, "no nuts" =HYPERLINK/,
    );
    assert.match(listed.stdout, /Hopper, Grace +yes +not yet +no +-/);
    assert.match(listed.stdout, / Ada in London +yes +not yet +- +-$/m);
    assert.match(listed.stdout, /^RSVP: 1 coming \(2 people\), 1 not coming, 2 not answered$/m);

    const file = join(dir, 'answers.csv');
    const exported = await guests('export', file);
    assert.equal(exported.code, 0, exported.stderr);
    assert.equal(exported.stdout.trim(), `Wrote 4 guests to ${file}.`);
    assert.equal(statSync(file).mode & 0o777, 0o600, 'only the host reads the notes');
    const rows = parseCsv(readFileSync(file, 'utf8')).map((row) => row.fields);
    assert.deepEqual(rows[0], [
      'phone',
      'name',
      'invited',
      'signed_in',
      'rsvp',
      'party_size',
      'note',
      'answered_at',
    ]);
    assert.deepEqual(rows[1], [
      PHONE,
      'Ada Lovelace',
      'yes',
      'yes',
      'yes',
      '2',
      note,
      '2025-07-20T10:00:00.000Z',
    ]);
    assert.deepEqual(rows[2], [
      '+14155550123',
      'Hopper, Grace',
      'yes',
      'no',
      'no',
      '0',
      '',
      '2025-07-20T10:00:00.000Z',
    ]);
    assert.deepEqual(rows[3]?.slice(4), ['', '', '', '']);
    assert.equal(rows.length, 5);

    // A note a spreadsheet would run as a formula stays text.
    await rsvps.save(server.project.projectId, await userOf(PHONE), {
      attending: true,
      partySize: 1,
      note: '=1+2',
      updatedAt: answeredAt,
    });
    const screen = await guests('export');
    assert.equal(screen.code, 0, screen.stderr);
    assert.match(screen.stdout, /^\+14155552671,Ada Lovelace,yes,yes,yes,1,'=1\+2,/m);
  });

  test('hosts add, list and remove (never the last); every change is in the hosts’ audit log', async () => {
    const added = await guests('hosts', 'add', 'Juno@Example.com');
    assert.equal(added.code, 0, added.stderr);
    assert.equal(
      added.stdout.trim(),
      "Added juno@example.com as a host: they sign in on the site's /host page.",
    );
    assert.equal((await guests('hosts', 'add', '+14155550142')).code, 0);
    const twice = await guests('hosts', 'add', '+14155550142');
    assert.equal(twice.code, 1);
    assert.equal(twice.stderr.trim(), 'guests: +14155550142 is already a host.');
    const listed = await guests('hosts', 'list');
    assert.match(listed.stdout, /^ {2}juno@example\.com {2}added .+ UTC by command line$/m);
    assert.match(listed.stdout, /^ {2}\+14155550142 {2}added /m);

    assert.equal((await guests('hosts', 'remove', 'juno@example.com')).code, 0);
    const last = await guests('hosts', 'remove', '+14155550142');
    assert.equal(last.code, 1);
    assert.match(last.stderr, /^guests: \+14155550142 is the last host/);
    assert.doesNotMatch(last.stderr, /\n\s+at /, 'no stack trace');

    const log = await new AuditLog(server.store.db, Date.now).list(server.project.projectId, {
      limit: 200,
    });
    assert.ok(log.entries.every((entry) => entry.actor === 'command line'));
    const summaries = log.entries.map((entry) => entry.summary);
    for (const summary of [
      'Added Ada Lovelace (+1 415 555 2671)',
      'Took Ada Lovelace (+1 415 555 2671) off the list',
      'Imported 2 guests: 2 added, 0 updated; 1 line skipped',
      'Exported 4 guests as CSV',
      'Added juno@example.com as a host',
      'Removed juno@example.com from the hosts',
    ]) {
      assert.ok(summaries.includes(summary), `${summary} in:\n${summaries.join('\n')}`);
    }
  });

  test('bad usage prints the help and exits 2; a bad configuration exits 1', async () => {
    const usages = [
      [],
      ['frobnicate'],
      ['add'],
      ['list', 'extra'],
      ['list', '--nope'],
      ['hosts', 'frob'],
      ['hosts', 'add'],
      ['hosts', 'list', 'extra'],
    ];
    const runs = await Promise.all(usages.map((args) => guests(...args)));
    for (const [index, run] of runs.entries()) {
      assert.equal(run.code, 2, usages[index]?.join(' '));
      assert.match(run.stderr, /Usage: npm run guests -- <command>/);
    }
    const help = await guests('help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /add <phone> \[name\]/);

    const saved = env.VELVET_CONFIG;
    env.VELVET_CONFIG = join(dir, 'missing.json');
    try {
      const run = await guests('list');
      assert.equal(run.code, 1);
      assert.match(run.stderr, /^guests: Invalid setting VELVET_CONFIG: no file at /);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    } finally {
      env.VELVET_CONFIG = saved;
    }
  });
});
