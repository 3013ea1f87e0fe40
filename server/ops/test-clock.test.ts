import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { ConfigError } from '../config/config.js';
import { TEST_CLOCK_VARIABLE, testClockFromEnv } from './test-clock.js';

const dir = mkdtempSync(join(tmpdir(), 'velvet-test-clock-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const DAY_MS = 24 * 60 * 60 * 1000;

test('production and development refuse a moved clock at start, naming the variable', () => {
  for (const environment of ['production', 'development'] as const) {
    assert.throws(
      () => testClockFromEnv({ [TEST_CLOCK_VARIABLE]: join(dir, 'offset') }, environment),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.includes(TEST_CLOCK_VARIABLE) &&
        error.message.includes('only with NODE_ENV=test'),
    );
  }
  assert.equal(testClockFromEnv({}, 'production'), undefined);
});

/** Whether `clock` reads the machine's time plus `offset` (between two looks at the machine's). */
function movedBy(clock: () => number, offset: number): boolean {
  const before = Date.now();
  const read = clock();
  return read >= before + offset && read <= Date.now() + offset;
}

test('under NODE_ENV=test the clock moves by what the file holds, at every look', () => {
  const file = join(dir, 'offset');
  const clock = testClockFromEnv({ [TEST_CLOCK_VARIABLE]: file }, 'test');
  assert.ok(clock);
  // No file yet: the machine's time.
  assert.ok(movedBy(clock, 0));
  writeFileSync(file, String(DAY_MS));
  assert.ok(movedBy(clock, DAY_MS));
  writeFileSync(file, 'not a number');
  assert.ok(movedBy(clock, 0));
});
