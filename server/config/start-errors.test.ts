import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { databaseLocation, dataOpenError, listenError } from './start-errors.js';

/** An error as Node and node-postgres report them: a message and a code. */
const failure = (code: string) => Object.assign(new Error(`failed (${code})`), { code });

describe('start-up errors told as settings', () => {
  test('the database is named by host, port and database, never by its password', () => {
    const url = 'postgres://velvet:hunter2@db.internal:6543/party';
    assert.equal(databaseLocation(url), 'db.internal:6543/party');
    assert.equal(
      databaseLocation('postgres://velvet:hunter2@db.internal/'),
      'db.internal:5432/(default database)',
    );
    // The codes this machine's PostgreSQL (trust authentication) cannot produce for main.test.ts.
    for (const [code, problem] of [
      ['28P01', 'password authentication failed'],
      ['57P03', 'starting up or shutting down'],
      ['08006', 'the connection failed'],
      ['ETIMEDOUT', 'the connection timed out'],
      ['ENOTFOUND', 'the host name does not resolve'],
    ] as const) {
      const error = dataOpenError(failure(code), { databaseUrl: url, dataDir: '/srv/velvet' });
      assert.equal(error?.setting, 'DATABASE_URL', code);
      assert.match(
        error?.message ?? '',
        new RegExp(
          `^Invalid setting DATABASE_URL: cannot open PostgreSQL at db\\.internal:6543/party: .*${problem}`,
        ),
      );
      assert.doesNotMatch(error?.message ?? '', /hunter2/);
    }
    // Not a setting's fault (a failed migration): left to the caller.
    assert.equal(
      dataOpenError(failure('42P01'), { databaseUrl: url, dataDir: '/srv/velvet' }),
      undefined,
    );
    assert.equal(dataOpenError(new Error('bug'), { dataDir: '/srv/velvet' }), undefined);
    assert.equal(dataOpenError(failure('EACCES'), { dataDir: '/srv/velvet' })?.setting, 'DATA_DIR');
  });

  test('listening: a port in use or privileged, an address not of this machine', () => {
    assert.equal(listenError(failure('EADDRINUSE'), '127.0.0.1', 8080)?.setting, 'PORT');
    assert.equal(listenError(failure('EACCES'), '0.0.0.0', 80)?.setting, 'PORT');
    assert.equal(listenError(failure('EADDRNOTAVAIL'), '192.0.2.1', 8080)?.setting, 'HOST');
    assert.equal(listenError(failure('ENOTFOUND'), 'nowhere.invalid', 8080)?.setting, 'HOST');
    assert.equal(listenError(new Error('other'), '127.0.0.1', 8080), undefined);
  });
});
