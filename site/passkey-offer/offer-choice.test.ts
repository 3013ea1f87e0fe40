/**
 * When the invitation offers a passkey: a device that can make one, a guest who has none, and no
 * skip remembered on this device; a skip is remembered as a flag alone, and storage or WebAuthn
 * that fails means no offer rather than an error.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WebAuthnRegistration } from '../../widget/client/index.js';
import {
  type FlagStorage,
  OFFER_SKIPPED_KEY,
  offerSkipped,
  rememberSkip,
  shouldOfferPasskey,
} from './offer-choice.js';

/** A `localStorage` stand-in that records what is written. */
function memoryStorage(): FlagStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

const canMakePasskeys = { isUserVerifyingPlatformAuthenticatorAvailable: async () => true };
const cannotMakePasskeys = { isUserVerifyingPlatformAuthenticatorAvailable: async () => false };
const guest = { webauthn_registrations: [] };
const guestWithPasskey = {
  webauthn_registrations: [{ webauthn_registration_id: 'webauthn-registration-test-1' }],
} as unknown as { webauthn_registrations: WebAuthnRegistration[] };

test('a guest without a passkey on a device that can make one is offered one', async () => {
  const storage = memoryStorage();
  assert.equal(
    await shouldOfferPasskey({
      projectPasskeys: true,
      user: guest,
      storage,
      support: canMakePasskeys,
    }),
    true,
  );
});

test('no offer to a guest who has a passkey, on a device that cannot, signed out, or on a project without passkeys', async () => {
  const storage = memoryStorage();
  for (const context of [
    { projectPasskeys: true, user: guestWithPasskey, storage, support: canMakePasskeys },
    { projectPasskeys: true, user: guest, storage, support: cannotMakePasskeys },
    { projectPasskeys: true, user: guest, storage, support: undefined },
    { projectPasskeys: true, user: null, storage, support: canMakePasskeys },
    { projectPasskeys: false, user: guest, storage, support: canMakePasskeys },
  ]) {
    assert.equal(await shouldOfferPasskey(context), false);
  }
});

test('a skip is kept on the device as a flag with nothing about the guest, and ends the offer', async () => {
  const storage = memoryStorage();
  rememberSkip(storage);
  assert.deepEqual([...storage.items], [[OFFER_SKIPPED_KEY, '1']]);
  assert.equal(offerSkipped(storage), true);
  assert.equal(
    await shouldOfferPasskey({
      projectPasskeys: true,
      user: guest,
      storage,
      support: canMakePasskeys,
    }),
    false,
  );
});

test('storage or WebAuthn that throws means no skip kept and no offer, not an error', async () => {
  const broken: FlagStorage = {
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  assert.doesNotThrow(() => rememberSkip(broken));
  assert.equal(offerSkipped(broken), false);
  const failing = {
    isUserVerifyingPlatformAuthenticatorAvailable: async () => {
      throw new Error('NotSupportedError');
    },
  };
  const storage = memoryStorage();
  assert.equal(
    await shouldOfferPasskey({ projectPasskeys: true, user: guest, storage, support: failing }),
    false,
  );
});
