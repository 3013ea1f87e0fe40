/**
 * A guest's name: how a host's typing is tidied and checked, and how a user's stored name
 * (first, middle, last) reads as one line on the list.
 */
import type { UserName } from '../../products/users/index.js';
import { GuestListError } from './guest-phone.js';

/** The longest name the list keeps, in characters. */
export const GUEST_NAME_MAX = 100;

/**
 * A name as typed, trimmed with its runs of spaces made one (`''` for none).
 * @throws GuestListError when it is longer than `GUEST_NAME_MAX` or holds control characters.
 */
export function tidyGuestName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (/\p{Cc}/u.test(name)) {
    throw new GuestListError('A name cannot hold control characters.', 'name');
  }
  const length = [...name].length;
  if (length > GUEST_NAME_MAX) {
    throw new GuestListError(
      `"${[...name].slice(0, 24).join('')}…" is ${length} characters long; a name is at most ${GUEST_NAME_MAX}.`,
      'name',
    );
  }
  return name;
}

/** `"Ada  Augusta Lovelace"` → first name `Ada`, last name `Augusta Lovelace`. */
export function splitName(name: string): { first_name: string; last_name: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** A user's name as one line (`''` when it has none). */
export function fullName(name: UserName): string {
  return [name.first_name, name.middle_name, name.last_name]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
