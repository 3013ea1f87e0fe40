import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseOptions } from '@node-rs/argon2';
import { type Argon2Parameters, PasswordHasher } from './password-hashing.js';

/** Small parameters, so the test is quick; the rules do not depend on them. */
const QUICK: Argon2Parameters = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A real hasher that records the parameters of every hash it verifies against. */
class RecordingHasher extends PasswordHasher {
  readonly verified: Argon2Parameters[] = [];

  override async verify(stored: string, password: string): Promise<boolean> {
    const { memoryCost, timeCost, parallelism } = parseOptions(stored);
    this.verified.push({ memoryCost, timeCost, parallelism } as Argon2Parameters);
    return super.verify(stored, password);
  }
}

describe('password hashing (argon2id)', () => {
  test('a hash verifies its own password only, and carries the current parameters', async () => {
    const hasher = new PasswordHasher(QUICK);
    const stored = await hasher.hash('correct horse battery staple');
    assert.match(stored, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    assert.equal(await hasher.verify(stored, 'correct horse battery staple'), true);
    assert.equal(await hasher.verify(stored, 'Correct horse battery staple'), false);
    assert.equal(await hasher.verify('not a hash', 'anything'), false);
    assert.equal(hasher.needsRehash(stored), false);
    assert.equal(new PasswordHasher({ ...QUICK, timeCost: 2 }).needsRehash(stored), true);
    assert.equal(hasher.needsRehash(stored.replace('$argon2id$', '$argon2i$')), true);
    assert.equal(hasher.needsRehash('not a hash'), true);
  });

  test('the decoy costs what a wrong password costs: one verification, same parameters', async () => {
    const hasher = new RecordingHasher(QUICK);
    const stored = await hasher.hash('the real one');
    assert.equal(await hasher.verify(stored, 'a wrong one'), false);
    assert.equal(await hasher.verifyDecoy('a wrong one'), false);
    assert.deepEqual(hasher.verified, [QUICK, QUICK]);
  });
});
