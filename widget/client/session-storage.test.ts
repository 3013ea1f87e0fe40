import { expect } from '@open-wc/testing';
import { INTERMEDIATE_SESSION_COOKIE, SESSION_COOKIE, SESSION_JWT_COOKIE } from './constants.js';
import { isSecureCookieHost, readCookie, serializeCookie } from './cookies.js';
import { SessionStorage } from './session-storage.js';
import { FakeClock } from './testing/fake-clock.js';
import { makeSession, makeUser } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  RecordingCookieJar,
  signIn,
  uniqueToken,
} from './testing/test-client.js';

const DATA = {
  sessionToken: 'session-token-1',
  sessionJwt: 'session.jwt.1',
  session: makeSession(),
  user: makeUser(),
};

describe('SessionStorage', () => {
  afterEach(cleanUpClients);

  it('sets the session cookies with SameSite=Lax, Path=/ and no Secure on localhost', async () => {
    expect(location.hostname).to.equal('localhost');
    const test = createTestClient();
    await signIn(test);

    const expires = new Date('2099-07-26T18:00:00Z').toUTCString();
    expect(test.cookies.lastWriteOf(SESSION_COOKIE)).to.equal(
      `velvet_session=session-token-1; Path=/; Expires=${expires}; SameSite=Lax`,
    );
    expect(test.cookies.lastWriteOf(SESSION_JWT_COOKIE)).to.equal(
      `velvet_session_jwt=session.jwt.1; Path=/; Expires=${expires}; SameSite=Lax`,
    );
    expect(readCookie(test.cookies, SESSION_COOKIE)).to.equal('session-token-1');
    expect(document.cookie).to.contain('velvet_session=session-token-1');
    expect(document.cookie).to.contain('velvet_session_jwt=session.jwt.1');
  });

  it('adds Secure everywhere but localhost and 127.0.0.1', () => {
    expect(isSecureCookieHost('localhost')).to.equal(false);
    expect(isSecureCookieHost('127.0.0.1')).to.equal(false);
    expect(isSecureCookieHost('party.velvet.test')).to.equal(true);

    const jar = new RecordingCookieJar();
    jar.write = (cookie) => {
      jar.writes.push(cookie);
    };
    const storage = new SessionStorage(uniqueToken(), {
      cookies: jar,
      hostname: 'party.velvet.test',
      clock: new FakeClock(),
    });
    storage.save(DATA);
    expect(jar.lastWriteOf(SESSION_COOKIE)).to.match(/; SameSite=Lax; Secure$/);
    expect(jar.lastWriteOf(SESSION_JWT_COOKIE)).to.match(/; SameSite=Lax; Secure$/);
  });

  it('keeps the intermediate session token cookie for 10 minutes', () => {
    const clock = new FakeClock();
    const jar = new RecordingCookieJar();
    const storage = new SessionStorage(uniqueToken(), { cookies: jar, clock });
    storage.saveIntermediateSessionToken('intermediate-1');
    const expires = new Date(clock.now() + 10 * 60_000).toUTCString();
    expect(jar.lastWriteOf(INTERMEDIATE_SESSION_COOKIE)).to.equal(
      `velvet_intermediate_session_token=intermediate-1; Path=/; Expires=${expires}; ` +
        'Max-Age=600; SameSite=Lax',
    );
    expect(storage.readIntermediateSessionToken()).to.equal('intermediate-1');
  });

  it('deletes all three cookies and the stored session on clear', () => {
    const jar = new RecordingCookieJar();
    const storage = new SessionStorage(uniqueToken(), { cookies: jar, clock: new FakeClock() });
    storage.save(DATA);
    storage.saveIntermediateSessionToken('intermediate-1');
    storage.clear();
    for (const name of [SESSION_COOKIE, SESSION_JWT_COOKIE, INTERMEDIATE_SESSION_COOKIE]) {
      expect(jar.lastWriteOf(name)).to.contain('Max-Age=0');
      expect(readCookie(jar, name)).to.equal(null);
    }
    expect(storage.load()).to.equal(null);
  });

  it('ignores damaged storage', () => {
    const publicToken = uniqueToken();
    const storage = new SessionStorage(publicToken, { clock: new FakeClock() });
    localStorage.setItem(storage.key, '{not json');
    expect(storage.load()).to.equal(null);
    localStorage.setItem(storage.key, JSON.stringify({ sessionToken: 'x' }));
    expect(storage.load()).to.equal(null);
  });

  it('encodes cookie values', () => {
    expect(serializeCookie('velvet_session', 'a b;c', { secure: false })).to.equal(
      'velvet_session=a%20b%3Bc; Path=/; SameSite=Lax',
    );
  });
});
