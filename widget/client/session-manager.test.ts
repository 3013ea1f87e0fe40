import { expect } from '@open-wc/testing';
import { backoffDelay } from './backoff.js';
import { SESSION_CHANNEL_PREFIX } from './constants.js';
import type { SessionChange } from './session-state.js';
import { sessionStorageKey } from './session-storage.js';
import { FakeApi } from './testing/fake-api.js';
import { FakeClock } from './testing/fake-clock.js';
import {
  apiErrorBody,
  authenticateBody,
  makeSession,
  makeUser,
  success,
} from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
  uniqueToken,
} from './testing/test-client.js';
import { waitFor } from './testing/wait-for.js';

// The spec's numbers (section 9), spelled out so a wrong constant fails these tests.
const REFRESH_INTERVAL_MS = 180_000;
const REFRESH_JITTER_MS = 175;
const REFRESH_MAX_ATTEMPTS = 7;
const REFRESH_PATH = '/sessions/authenticate';
const REFRESH_FAILED =
  'Session background refresh failed. Signalling to app that user is logged out.';

function refreshSucceeds(test: TestClient, token = 'session-token-1'): void {
  test.api.on('POST', REFRESH_PATH, {
    json: success({
      session_token: token,
      session_jwt: 'session.jwt.refreshed',
      session: makeSession({ last_accessed_at: '2025-07-26T18:03:00Z' }),
      user: makeUser(),
    }),
  });
}

function refreshFailsWith(test: TestClient, status: number, errorType: string): void {
  test.api.on('POST', REFRESH_PATH, {
    status,
    json: apiErrorBody(status, errorType, `failed with ${errorType}`),
  });
}

function changesOf(test: TestClient): SessionChange[] {
  const changes: SessionChange[] = [];
  test.client.session.onChange((change) => changes.push(change));
  return changes;
}

describe('SessionManager', () => {
  afterEach(cleanUpClients);

  describe('state', () => {
    it('starts signed out and is signed in after a successful authenticate', async () => {
      const test = createTestClient();
      const changes = changesOf(test);
      expect(test.client.session.status).to.equal('signed_out');
      expect(test.client.session.getSync()).to.equal(null);

      await signIn(test);

      expect(test.client.session.status).to.equal('signed_in');
      expect(test.client.session.getSync()?.session_id).to.equal('session-test-1');
      expect(test.client.session.getTokens()).to.deep.equal({
        sessionToken: 'session-token-1',
        sessionJwt: 'session.jwt.1',
      });
      expect(test.client.user.getSync()?.trusted_metadata).to.deep.equal({ invited: true });
      expect(changes.map((change) => [change.status, change.reason, change.remote])).to.deep.equal([
        ['signed_in', 'authenticated', false],
      ]);
    });

    it('stores token, jwt, session and user under a key with the public token', async () => {
      const test = createTestClient();
      await signIn(test);
      const key = sessionStorageKey(test.publicToken);
      expect(key).to.contain(test.publicToken);
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, unknown>;
      expect(stored.sessionToken).to.equal('session-token-1');
      expect(stored.sessionJwt).to.equal('session.jwt.1');
      expect(stored.session).to.deep.equal(makeSession());
      expect(stored.user).to.deep.equal(makeUser());
    });

    it('picks up a stored session on the next page load', async () => {
      const first = createTestClient();
      await signIn(first);
      await first.client.dispose();

      const second = createTestClient({ publicToken: first.publicToken });
      expect(second.client.session.status).to.equal('signed_in');
      expect(second.client.session.getTokens()?.sessionToken).to.equal('session-token-1');
    });

    it('drops a stored session that has already expired', () => {
      const publicToken = uniqueToken();
      const data = {
        sessionToken: 'session-token-old',
        sessionJwt: 'session.jwt.old',
        session: makeSession({ expires_at: '2025-07-26T17:00:00Z' }),
        user: makeUser(),
      };
      localStorage.setItem(sessionStorageKey(publicToken), JSON.stringify(data));
      const test = createTestClient({ publicToken });
      expect(test.client.session.status).to.equal('signed_out');
      expect(localStorage.getItem(sessionStorageKey(publicToken))).to.equal(null);
    });

    it('revokes: POST /sessions/revoke, then destroyed, storage and cookies cleared', async () => {
      const test = createTestClient();
      await signIn(test);
      const changes = changesOf(test);
      test.api.on('POST', '/sessions/revoke', { json: success({}) });

      await test.client.session.revoke();

      expect(test.api.requestsTo('/sessions/revoke')).to.have.length(1);
      expect(test.api.requestsTo('/sessions/revoke')[0]?.body).to.deep.equal({});
      expect(test.client.session.status).to.equal('destroyed');
      expect(test.client.session.getSync()).to.equal(null);
      expect(localStorage.getItem(sessionStorageKey(test.publicToken))).to.equal(null);
      expect(test.cookies.lastWriteOf('velvet_session')).to.contain('Max-Age=0');
      expect(document.cookie).to.not.contain('velvet_session=');
      expect(changes.map((change) => [change.status, change.reason])).to.deep.equal([
        ['destroyed', 'revoked'],
      ]);
    });

    it('destroys locally on revoke even when the server cannot be reached', async () => {
      const test = createTestClient();
      await signIn(test);
      test.api.on('POST', '/sessions/revoke', { networkError: true });
      let thrown: unknown = null;
      await test.client.session.revoke().catch((error: unknown) => {
        thrown = error;
      });
      expect(thrown).to.be.instanceOf(Error);
      expect(test.client.session.status).to.equal('destroyed');
    });

    it('stops notifying after unsubscribe', async () => {
      const test = createTestClient();
      let calls = 0;
      const unsubscribe = test.client.session.onChange(() => {
        calls += 1;
      });
      await signIn(test);
      unsubscribe();
      test.api.on('POST', '/sessions/revoke', { json: success({}) });
      await test.client.session.revoke();
      expect(calls).to.equal(1);
    });

    it('throws NoCurrentSessionError from session.authenticate while signed out', async () => {
      const test = createTestClient();
      let thrown: unknown = null;
      await test.client.session.authenticate().catch((error: unknown) => {
        thrown = error;
      });
      expect((thrown as Error).name).to.equal('NoCurrentSessionError');
      expect(test.api.requests).to.have.length(0);
    });
  });

  describe('background refresh', () => {
    it('refreshes at 3 minutes and not before', async () => {
      const test = createTestClient();
      await signIn(test);
      refreshSucceeds(test);

      await test.clock.tick(REFRESH_INTERVAL_MS - 1);
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(0);

      await test.clock.tick(1);
      const refreshes = test.api.requestsTo(REFRESH_PATH);
      expect(refreshes).to.have.length(1);
      expect(refreshes[0]?.headers.get('Authorization')).to.equal(
        `Basic ${btoa(`${test.publicToken}:session-token-1`)}`,
      );
      expect(test.client.session.status).to.equal('refreshed');
      expect(test.client.session.getTokens()?.sessionJwt).to.equal('session.jwt.refreshed');
    });

    it('keeps refreshing every 3 minutes while the session lives', async () => {
      const test = createTestClient();
      const start = test.clock.now();
      await signIn(test);
      refreshSucceeds(test);
      await test.clock.tick(3 * REFRESH_INTERVAL_MS);
      const times = test.api.requestsTo(REFRESH_PATH).map((request) => request.at - start);
      expect(times).to.deep.equal([
        REFRESH_INTERVAL_MS,
        2 * REFRESH_INTERVAL_MS,
        3 * REFRESH_INTERVAL_MS,
      ]);
    });

    it('retries after 2000 ms doubled (±175 ms), 7 attempts, then destroys', async () => {
      const test = createTestClient();
      await signIn(test);
      const changes = changesOf(test);
      refreshFailsWith(test, 500, 'internal_server_error');

      await test.clock.tick(REFRESH_INTERVAL_MS);
      // 2 + 4 + 8 + 16 + 32 + 64 seconds of retries, plus room for jitter.
      await test.clock.tick(126_000 + 6 * REFRESH_JITTER_MS);

      const times = test.api.requestsTo(REFRESH_PATH).map((request) => request.at);
      expect(times).to.have.length(REFRESH_MAX_ATTEMPTS);
      const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0));
      const bases = [2000, 4000, 8000, 16000, 32000, 64000];
      expect(gaps).to.have.length(bases.length);
      gaps.forEach((gap, index) => {
        const base = bases[index] ?? 0;
        expect(gap, `gap ${index + 1}`).to.be.within(
          base - REFRESH_JITTER_MS,
          base + REFRESH_JITTER_MS,
        );
      });

      expect(test.logger.warnings).to.include(REFRESH_FAILED);
      expect(test.client.session.status).to.equal('destroyed');
      expect(test.client.session.getSync()).to.equal(null);
      expect(localStorage.getItem(sessionStorageKey(test.publicToken))).to.equal(null);
      expect(changes.at(-1)?.reason).to.equal('refresh_failed');

      await test.clock.tick(30 * 60_000);
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(REFRESH_MAX_ATTEMPTS);
    });

    it('applies the jitter from the random source, to the millisecond', async () => {
      const low = createTestClient({ random: () => 0 });
      const high = createTestClient({ random: () => 0.999_999 });
      for (const test of [low, high]) {
        await signIn(test);
        test.api.on('POST', REFRESH_PATH, { networkError: true });
        await test.clock.tick(REFRESH_INTERVAL_MS);
        await test.clock.tick(128_000);
      }
      const gapsOf = (test: TestClient) => {
        const times = test.api.requestsTo(REFRESH_PATH).map((request) => request.at);
        return times.slice(1).map((time, index) => time - (times[index] ?? 0));
      };
      expect(gapsOf(low)).to.deep.equal([1825, 3825, 7825, 15825, 31825, 63825]);
      expect(gapsOf(high)).to.deep.equal([2175, 4175, 8175, 16175, 32175, 64175]);
    });

    it('computes backoff delays from the spec constants', () => {
      expect(backoffDelay(1, () => 0.5)).to.equal(2000);
      expect(backoffDelay(3, () => 0.5)).to.equal(8000);
      for (let i = 0; i < 200; i += 1) {
        expect(backoffDelay(2)).to.be.within(4000 - 175, 4000 + 175);
      }
    });

    it('returns to the 3-minute rhythm after a retry succeeds', async () => {
      const test = createTestClient({ random: () => 0.5 });
      await signIn(test);
      let calls = 0;
      test.api.on('POST', REFRESH_PATH, () => {
        calls += 1;
        if (calls < 3) return { networkError: true };
        return { json: authenticateBody('session-token-1', 'session.jwt.2') };
      });
      await test.clock.tick(REFRESH_INTERVAL_MS + 2000 + 4000);
      expect(test.client.session.status).to.equal('refreshed');
      const third = test.api.requestsTo(REFRESH_PATH)[2]?.at ?? 0;

      await test.clock.tick(REFRESH_INTERVAL_MS);
      const times = test.api.requestsTo(REFRESH_PATH).map((request) => request.at);
      expect(times).to.have.length(4);
      expect((times[3] ?? 0) - third).to.equal(REFRESH_INTERVAL_MS);
      expect(test.logger.warnings).to.not.include(REFRESH_FAILED);
    });

    for (const errorType of [
      'unauthorized_credentials',
      'user_unauthenticated',
      'invalid_secret_authentication',
      'session_not_found',
    ]) {
      it(`destroys at once on ${errorType}, without retrying`, async () => {
        const test = createTestClient();
        await signIn(test);
        const changes = changesOf(test);
        refreshFailsWith(test, 401, errorType);

        await test.clock.tick(REFRESH_INTERVAL_MS);
        expect(test.client.session.status).to.equal('destroyed');
        expect(changes.map((change) => change.reason)).to.deep.equal(['unrecoverable_error']);

        await test.clock.tick(10 * 60_000);
        expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(1);
        expect(test.logger.warnings).to.not.include(REFRESH_FAILED);
      });
    }

    it('stops refreshing once the session is revoked', async () => {
      const test = createTestClient();
      await signIn(test);
      refreshSucceeds(test);
      test.api.on('POST', '/sessions/revoke', { json: success({}) });
      await test.client.session.revoke();
      await test.clock.tick(10 * REFRESH_INTERVAL_MS);
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(0);
    });

    it('refreshes on window focus, at most once per 5 s', async () => {
      const test = createTestClient();
      await signIn(test);
      refreshSucceeds(test);
      const focus = async () => {
        test.windowTarget.dispatchEvent(new Event('focus'));
        await test.clock.tick(0);
      };

      await test.clock.tick(10_000);
      await focus();
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(1);

      await focus();
      await test.clock.tick(4_000);
      await focus();
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(1);

      await test.clock.tick(1_000);
      await focus();
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(2);

      // The focus refresh restarted the 3-minute timer.
      const last = test.api.requestsTo(REFRESH_PATH)[1]?.at ?? 0;
      await test.clock.tick(REFRESH_INTERVAL_MS);
      expect((test.api.requestsTo(REFRESH_PATH)[2]?.at ?? 0) - last).to.equal(REFRESH_INTERVAL_MS);
    });

    it('pauses while offline and refreshes when back online', async () => {
      const test = createTestClient();
      await signIn(test);
      refreshSucceeds(test);
      test.windowTarget.dispatchEvent(new Event('offline'));

      await test.clock.tick(2 * REFRESH_INTERVAL_MS);
      test.windowTarget.dispatchEvent(new Event('focus'));
      await test.clock.tick(0);
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(0);
      expect(test.client.session.status).to.equal('signed_in');

      test.windowTarget.dispatchEvent(new Event('online'));
      await test.clock.tick(0);
      expect(test.api.requestsTo(REFRESH_PATH)).to.have.length(1);
      expect(test.client.session.status).to.equal('refreshed');
    });
  });

  describe('cross-tab sync', () => {
    it('signs in and out a second client instance of the same project', async () => {
      const clock = new FakeClock();
      const publicToken = uniqueToken();
      const tabA = createTestClient({ publicToken, clock, api: new FakeApi(clock) });
      const tabB = createTestClient({ publicToken, clock, api: new FakeApi(clock) });
      const changesA = changesOf(tabA);
      const changesB = changesOf(tabB);
      // Hears every message of the project's channel, in the order they were posted.
      const heard: unknown[] = [];
      const listener = new BroadcastChannel(`${SESSION_CHANNEL_PREFIX}${publicToken}`);
      listener.onmessage = (event: MessageEvent) => heard.push(event.data);

      await signIn(tabA);
      await waitFor(() => tabB.client.session.status === 'signed_in', 'tab B never signed in');
      expect(tabB.client.session.getTokens()?.sessionToken).to.equal('session-token-1');
      expect(changesB.map((change) => [change.status, change.remote])).to.deep.equal([
        ['signed_in', true],
      ]);

      tabA.api.on('POST', '/sessions/revoke', { json: success({}) });
      await tabA.client.session.revoke();
      await waitFor(() => tabB.client.session.status === 'destroyed', 'tab B was not signed out');
      expect(tabB.client.session.getSync()).to.equal(null);

      // Tab B adopted the changes without echoing them back to tab A: a probe posted now
      // arrives after anything tab B posted while adopting them.
      const probe = new BroadcastChannel(`${SESSION_CHANNEL_PREFIX}${publicToken}`);
      probe.postMessage('probe');
      await waitFor(() => heard.includes('probe'), 'the probe message never arrived');
      listener.close();
      probe.close();
      expect(heard).to.have.length(3, 'tab A’s sign-in and revoke, then the probe');
      expect(changesA.map((change) => change.remote)).to.deep.equal([false, false]);
      expect(tabB.api.requests).to.have.length(0);
    });

    it('shares a background refresh: the other tab restarts its timer', async () => {
      const clock = new FakeClock();
      const publicToken = uniqueToken();
      const tabA = createTestClient({ publicToken, clock, api: new FakeApi(clock) });
      await signIn(tabA);
      const tabB = createTestClient({ publicToken, clock, api: new FakeApi(clock) });
      refreshSucceeds(tabA);
      refreshSucceeds(tabB);

      await clock.tick(REFRESH_INTERVAL_MS);
      await waitFor(() => tabB.client.session.status === 'refreshed', 'tab B missed the refresh');
      expect(tabB.client.session.getTokens()?.sessionJwt).to.equal('session.jwt.refreshed');
    });

    it('falls back to the storage event', async () => {
      const test = createTestClient();
      const key = sessionStorageKey(test.publicToken);
      const data = {
        sessionToken: 'session-token-other-tab',
        sessionJwt: 'session.jwt.other',
        session: makeSession(),
        user: makeUser(),
      };
      test.windowTarget.dispatchEvent(
        new StorageEvent('storage', { key, newValue: JSON.stringify(data), oldValue: null }),
      );
      expect(test.client.session.getTokens()?.sessionToken).to.equal('session-token-other-tab');

      test.windowTarget.dispatchEvent(
        new StorageEvent('storage', { key, newValue: null, oldValue: JSON.stringify(data) }),
      );
      expect(test.client.session.status).to.equal('destroyed');
    });

    it('ignores storage events of other keys', async () => {
      const test = createTestClient();
      await signIn(test);
      test.windowTarget.dispatchEvent(
        new StorageEvent('storage', { key: 'something_else', newValue: null }),
      );
      expect(test.client.session.status).to.equal('signed_in');
    });
  });
});
