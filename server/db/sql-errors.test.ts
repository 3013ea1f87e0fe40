import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toApiError } from '../http/error-handler.js';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isPostgresConnectionError,
  isSqliteBusy,
} from './sql-errors.js';

/** An error with a driver's `code`. */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

test('node-postgres errors of a server out of reach are told from a wrong query', () => {
  for (const error of [
    coded('ECONNREFUSED'),
    coded('ECONNRESET'),
    coded('57P01', 'terminating connection due to administrator command'),
    coded('57P03', 'the database system is starting up'),
    coded('08006', 'connection failure'),
    coded('53300', 'sorry, too many clients already'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
    new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed'),
  ]) {
    assert.ok(isPostgresConnectionError(error), `${error.message} is an outage`);
  }
  for (const error of [
    coded('23505', 'duplicate key value violates unique constraint'),
    coded('42P01', 'relation "destination_guards" does not exist'),
    coded('40001', 'could not serialize access'),
    new Error('something else'),
  ]) {
    assert.ok(!isPostgresConnectionError(error), `${error.message} is not an outage`);
  }
});

test('SQLite busy and locked, extended codes included, are an outage; constraints are not', () => {
  assert.ok(isSqliteBusy(coded('SQLITE_BUSY')));
  assert.ok(isSqliteBusy(coded('SQLITE_BUSY_SNAPSHOT')));
  assert.ok(isSqliteBusy(coded('SQLITE_LOCKED_SHAREDCACHE')));
  assert.ok(!isSqliteBusy(coded('SQLITE_BUSYNESS')));
  assert.ok(!isSqliteBusy(coded('SQLITE_CONSTRAINT_UNIQUE')));
});

test('only the database’s own failures are answered 503: an outbound call’s socket error is not', () => {
  const dropped = new DatabaseUnavailableError(coded('57P01', 'terminating connection'));
  assert.equal(dropped.code, '57P01');
  assert.equal(dropped.message, 'terminating connection');
  assert.ok(isDatabaseUnavailable(dropped));
  assert.ok(isDatabaseUnavailable(new Error('migration failed', { cause: dropped })));
  assert.ok(isDatabaseUnavailable(coded('SQLITE_BUSY')));
  // A vendor's API reset the connection: that is not the database.
  assert.ok(!isDatabaseUnavailable(new TypeError('fetch failed', { cause: coded('ECONNRESET') })));
  assert.ok(!isDatabaseUnavailable(coded('ECONNREFUSED')));

  const answer = toApiError(dropped);
  assert.equal(answer.status, 503);
  assert.equal(answer.type, 'database_unavailable');
  assert.ok(Number(answer.extra.retry_after_seconds) > 0);
  assert.equal(toApiError(coded('42P01')).type, 'internal_server_error');
});
