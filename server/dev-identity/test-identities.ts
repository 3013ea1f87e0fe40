/**
 * The people a developer signs in as at the development identity provider: a few presets, or one
 * typed on its page (a name, an email, whether the provider vouches for the email). The same
 * person at the same provider always gets the same subject, so signing in again finds the user.
 */
import { createHash } from 'node:crypto';

/** A test identity. */
export interface TestIdentity {
  /** The full name, as the provider would show it. */
  name: string;
  /** The email address (lower-cased), or empty when the person shares none. */
  email: string;
  /** Whether the provider says the person owns `email`. */
  emailVerified: boolean;
}

/** The identities the page offers with one click. */
export const PRESET_IDENTITIES: readonly TestIdentity[] = [
  { name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
  { name: 'Grace Hopper', email: 'grace@example.com', emailVerified: true },
  { name: 'Alan Turing', email: 'alan@example.com', emailVerified: false },
];

/** Why a typed identity was refused. */
export class IdentityFormError extends Error {}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

/**
 * The identity of the page's form: a preset by number (`preset`), or `name`, `email` and
 * `email_verified` typed in.
 * @throws IdentityFormError naming what is missing or wrong
 */
export function identityOfForm(form: Readonly<Record<string, string>>): TestIdentity {
  if (form.preset !== undefined) {
    const preset = PRESET_IDENTITIES[Number(form.preset)];
    if (!/^\d$/.test(form.preset) || !preset) throw new IdentityFormError('Unknown preset.');
    return preset;
  }
  const name = (form.name ?? '').trim();
  const email = (form.email ?? '').trim().toLowerCase();
  if (name === '' || name.length > 100) {
    throw new IdentityFormError('Type a name (at most 100 characters).');
  }
  if (email !== '' && !EMAIL.test(email)) {
    throw new IdentityFormError('Type an email address such as someone@example.com, or none.');
  }
  return { name, email, emailVerified: email !== '' && form.email_verified === 'on' };
}

/** The stable id of `identity` at `provider`: from its email, or its name without one. */
export function subjectOf(provider: string, identity: TestIdentity): string {
  const who = identity.email || `name:${identity.name}`;
  return `dev-${createHash('sha256').update(`${provider}\n${who}`).digest('hex').slice(0, 24)}`;
}

/** `identity.name` as given and family names. */
export function nameParts(identity: TestIdentity): { given: string; family: string } {
  const space = identity.name.indexOf(' ');
  return space < 0
    ? { given: identity.name, family: '' }
    : { given: identity.name.slice(0, space), family: identity.name.slice(space + 1) };
}
