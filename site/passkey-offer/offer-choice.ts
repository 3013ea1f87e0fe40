/**
 * Whether the invitation offers a passkey on this device: the site's project offers passkeys,
 * the browser can make one with the
 * device itself (WebAuthn with a platform authenticator that verifies the user: face,
 * fingerprint or screen lock), the guest has none yet, and nobody skipped the offer on this
 * device. A skip is remembered in `localStorage` as a flag alone: no phone number, name or
 * anything else about the guest.
 */
import type { User } from '../../widget/client/index.js';

/** The `localStorage` key of the skip flag. */
export const OFFER_SKIPPED_KEY = 'velvet-site-passkey-offer-skipped';

/** The storage the flag lives in (`localStorage` in the page). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The page's `localStorage`, or `undefined` where reading it throws (storage blocked for the
 * site): then no skip is kept, and none is read.
 */
export function pageStorage(): FlagStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Whether the offer was skipped on this device; storage that cannot be read counts as no. */
export function offerSkipped(storage: FlagStorage | undefined): boolean {
  try {
    return storage?.getItem(OFFER_SKIPPED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Remembers on this device that the guest skipped the offer. Storage that refuses the write
 * (private browsing, full) leaves the offer to come back next time, which is all it can do.
 */
export function rememberSkip(storage: FlagStorage | undefined): void {
  try {
    storage?.setItem(OFFER_SKIPPED_KEY, '1');
  } catch {
    // Nothing to keep it in: the guest is asked again on the next visit.
  }
}

/** The part of the browser's `PublicKeyCredential` the check uses. */
export type PasskeySupport = Pick<
  typeof PublicKeyCredential,
  'isUserVerifyingPlatformAuthenticatorAvailable'
>;

/** Whether this device can make a passkey of its own; `false` when WebAuthn is missing or fails. */
export async function devicePasskeysAvailable(
  support: PasskeySupport | undefined,
): Promise<boolean> {
  if (!support || typeof support.isUserVerifyingPlatformAuthenticatorAvailable !== 'function')
    return false;
  try {
    return await support.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** What the decision needs from the page. */
export interface OfferContext {
  /** Whether the site's project offers passkeys (`readSitePasskeys`). */
  readonly projectPasskeys: boolean;
  /** The signed-in guest, as the client library holds it (`null` when signed out). */
  readonly user: Pick<User, 'webauthn_registrations'> | null;
  readonly storage: FlagStorage | undefined;
  readonly support: PasskeySupport | undefined;
}

/** Whether to offer the guest a passkey now (see the module comment). */
export async function shouldOfferPasskey(context: OfferContext): Promise<boolean> {
  if (!context.projectPasskeys) return false;
  if (!context.user || context.user.webauthn_registrations.length > 0) return false;
  if (offerSkipped(context.storage)) return false;
  return devicePasskeysAvailable(context.support);
}
