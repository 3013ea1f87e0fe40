import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startTestServer } from '../../test/test-server.js';
import { OfflineBreachList, PwnedPasswordsRange } from './breached-passwords.js';
import { type PwnedPasswordsPeer, startPwnedPasswordsPeer } from './pwned-passwords-peer.js';

/** Not in the offline list, and strong by zxcvbn: only the peer knows it was breached. */
const LEAKED_ELSEWHERE = 'Marmalade-Octopus-1987-sings';
const CLEAN = 'quiet-Lantern-55-under-snow';

describe('breached passwords', () => {
  let peer: PwnedPasswordsPeer;
  before(async () => {
    peer = await startPwnedPasswordsPeer({ [LEAKED_ELSEWHERE]: 3, password: 9_000_000 });
  });
  after(() => peer.close());

  test('the offline list knows the most common breached passwords, in any case', async () => {
    const offline = new OfflineBreachList();
    assert.equal(await offline.isBreached('123456'), true);
    assert.equal(await offline.isBreached('Password'), true);
    assert.equal(await offline.isBreached('iloveyou'), true);
    assert.equal(await offline.isBreached(CLEAN), false);
    assert.equal(await offline.isBreached(LEAKED_ELSEWHERE), false);
  });

  test('the Pwned Passwords adapter sends only a 5-character SHA-1 prefix, padded', async () => {
    const range = new PwnedPasswordsRange({ url: peer.url });
    peer.requests.length = 0;
    assert.equal(await range.isBreached(LEAKED_ELSEWHERE), true);
    assert.equal(await range.isBreached('password'), true);
    assert.equal(await range.isBreached(CLEAN), false);
    assert.equal(peer.requests.length, 3);
    for (const [index, candidate] of [LEAKED_ELSEWHERE, 'password', CLEAN].entries()) {
      const sha1 = createHash('sha1').update(candidate).digest('hex').toUpperCase();
      const request = peer.requests[index];
      assert.equal(request?.path, `/range/${sha1.slice(0, 5)}`);
      assert.equal(request?.headers['add-padding'], 'true');
      const sent = JSON.stringify(request);
      assert.ok(!sent.includes(sha1.slice(5)) && !sent.includes(candidate), 'nothing more leaves');
    }
  });

  test('when Pwned Passwords cannot be reached, the offline list answers', async () => {
    const reasons: string[] = [];
    const range = new PwnedPasswordsRange({
      url: 'http://127.0.0.1:9',
      timeoutMs: 1000,
      onUnavailable: (reason) => reasons.push(reason),
    });
    assert.equal(await range.isBreached('qwerty'), true);
    assert.equal(await range.isBreached(LEAKED_ELSEWHERE), false);
    assert.equal(reasons.length, 2);
  });

  test('a project set to Pwned Passwords reports its breaches in strength_check and create', async () => {
    const server = await startTestServer({
      project: {
        products: ['passwords'],
        passwords: { breachedPasswords: 'pwned-passwords', pwnedPasswordsUrl: peer.url },
      },
    });
    try {
      const leaked = await server.api('/passwords/strength_check', {
        body: { password: LEAKED_ELSEWHERE },
      });
      assert.equal(leaked.body.breached_password, true);
      assert.equal(leaked.body.valid_password, false);
      const created = await server.api('/passwords', {
        body: { email: 'pwned@example.com', password: LEAKED_ELSEWHERE },
      });
      assert.equal(created.body.error_type, 'breached_password');
      const clean = await server.api('/passwords/strength_check', { body: { password: CLEAN } });
      assert.equal(clean.body.breached_password, false);
      assert.equal(clean.body.valid_password, true);
    } finally {
      await server.close();
    }
  });
});
