/**
 * Attacks on the invitation itself, over HTTP on a real server: a stranger who attaches a
 * future guest's number to their own account, unproven, must not become the invited guest when
 * the hosts add that number, and the guest who proves the number signs into their own account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inviteGuest, listGuests } from '../cli/guest-list.js';
import { type SiteTestServer, startSiteTestServer, writeSiteFolder } from './site-test-server.js';

const PRIVATE_CHUNK = '/private/Invitation-AbCdEf12.js';
const SECRET = 'export default "the private invitation";';
/** A password zxcvbn scores 4 and no breach list holds. */
const STRONG = 'violet-Harbor-7-quietly-juggles';

/** The server's own HttpOnly session cookie. */
function cookie(token: string): Record<string, string> {
  return { cookie: `velvet_site_session=${encodeURIComponent(token)}` };
}

describe('attacks on the invitation', () => {
  let server: SiteTestServer;

  before(async () => {
    server = await startSiteTestServer(
      writeSiteFolder({
        'index.html': '<!doctype html><title>Invitation</title>',
        [PRIVATE_CHUNK.slice(1)]: SECRET,
      }),
      { products: ['otp', 'emailMagicLinks', 'passwords'] },
    );
  });

  after(async () => {
    await server?.close();
  });

  /** The rows of `user_phone_numbers` for `phone`, as (user, verified) pairs. */
  const phoneRows = async (phone: string) =>
    (
      await server.store.db
        .selectFrom('user_phone_numbers')
        .select(['user_id', 'verified'])
        .where('phone_number', '=', phone)
        .orderBy('created_at')
        .execute()
    ).map((row) => [row.user_id, Number(row.verified)]);

  /** Signs `email` in by an email passcode; the session token and user. */
  const signInByEmail = async (email: string) => {
    const sent = await server.call('/otps/email/login_or_create', { email });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const signedIn = await server.call('/otps/authenticate', {
      token: server.lastCode(email),
      method_id: sent.body.method_id,
      session_duration_minutes: 60,
    });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    return {
      token: signedIn.body.session_token as string,
      userId: signedIn.body.user_id as string,
    };
  };

  test("a stranger's unproven claim on a guest's number does not make them the invited guest", async () => {
    const guestPhone = '+14155550801';
    // 1-2: the stranger signs in by email; 3: attaches the future guest's number, unproven.
    const stranger = await signInByEmail('stranger@example.com');
    const claimed = await server.call(
      '/otps/sms/send/secondary',
      { phone_number: guestPhone },
      stranger.token,
    );
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    // 4: the hosts add the number to the list.
    const invite = await inviteGuest(server.store, server.project, guestPhone, 'Ada Guest', 1);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(stranger.token))).status, 401);
    assert.equal(invite.createdUser, true, 'the number gets a user of its own');
    const strangerUser = await server.store.users.findById(
      server.project.projectId,
      stranger.userId,
    );
    assert.equal(strangerUser?.trustedMetadata.invited, undefined);

    // The guest proves the number and lands in the invited account, not the stranger's.
    const guestToken = await server.signIn(guestPhone);
    const guest = await server.call('/sessions/authenticate', {}, guestToken);
    assert.notEqual(guest.body.user.user_id, stranger.userId);
    assert.equal(guest.body.user.trusted_metadata.invited, true);
    const response = await server.get(PRIVATE_CHUNK, cookie(guestToken));
    assert.equal(response.status, 200);
    assert.equal(await response.text(), SECRET);
    // Proof dropped the stranger's claim; the list shows the guest, signed in.
    assert.deepEqual(await phoneRows(guestPhone), [[guest.body.user.user_id, 1]]);
    const listed = await listGuests(server.store, server.project, { all: true });
    assert.deepEqual(
      listed
        .filter((entry) => entry.e164 === guestPhone)
        .map((entry) => [entry.name, entry.invited, entry.signedIn]),
      [['Ada Guest', true, true]],
    );
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(stranger.token))).status, 401);
  });

  test("a stranger's password account holding a guest's number opens nothing, and loses it to the guest", async () => {
    const guestPhone = '+14155550802';
    const strangerEmail = 'made-up@example.com';
    const created = await server.call('/passwords', {
      email: strangerEmail,
      password: STRONG,
      session_duration_minutes: 60,
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const strangerToken = created.body.session_token as string;
    const claimed = await server.call(
      '/otps/sms/send/secondary',
      { phone_number: guestPhone },
      strangerToken,
    );
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    await inviteGuest(server.store, server.project, guestPhone, 'Grace Guest', 1);
    // Invited or not, an account that never proved the number is not the guest.
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(strangerToken))).status, 401);
    const before = await listGuests(server.store, server.project);
    assert.deepEqual(
      before.filter((entry) => entry.e164 === guestPhone).map((entry) => entry.signedIn),
      [false],
    );

    // The guest proves the number: the account is theirs alone from then on.
    const guestToken = await server.signIn(guestPhone);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(guestToken))).status, 200);
    assert.equal((await server.get(PRIVATE_CHUNK, cookie(strangerToken))).status, 401);
    const again = await server.call('/passwords/authenticate', {
      email: strangerEmail,
      password: STRONG,
    });
    assert.equal(again.status, 401, JSON.stringify(again.body));
    assert.equal(again.body.error_type, 'unauthorized_password');
    const guest = await server.call('/sessions/authenticate', {}, guestToken);
    assert.deepEqual(guest.body.user.emails, []);
  });
});
