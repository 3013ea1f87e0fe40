import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { CODE_CHALLENGE_PATTERN, s256, verifierMatches } from './pkce.js';

describe('PKCE S256', () => {
  const verifier = randomBytes(32).toString('base64url');

  test('a challenge is 43 characters of base64url, and its verifier matches it', () => {
    const challenge = s256(verifier);
    assert.match(challenge, new RegExp(CODE_CHALLENGE_PATTERN));
    assert.ok(verifierMatches(verifier, challenge));
  });

  test('another verifier does not match', () => {
    assert.ok(!verifierMatches(randomBytes(32).toString('base64url'), s256(verifier)));
  });

  test('a verifier outside RFC 7636 (too short, too long, or other characters) never matches', () => {
    for (const bad of ['short', 'a'.repeat(129), `${'a'.repeat(42)}/`]) {
      assert.ok(!verifierMatches(bad, s256(bad)), bad);
    }
  });
});
