/**
 * The words of the hero's greeting for the signed-in guest: their first name as the hosts' list
 * holds it, or no name. The list writes the name the hosts typed into `trusted_metadata.guest_name`
 * (which only the server sets) and the user's name (`server/cli/guest-list.ts`); the hosts' own
 * words come first, so a guest who renamed themselves through the API is still greeted as the
 * hosts know them.
 */
import type { User } from '../../widget/client/index.js';
import type { GreetingSettings } from '../content/invitation.js';
import type { InvitationChrome } from '../i18n/en.js';

/** The hosts' choice (by name or not) and the site's words for the greeting. */
export type GreetingTexts = GreetingSettings & InvitationChrome['greeting'];

/** The longest first name the greeting shows; a longer one is left out rather than cut. */
const MAX_NAME_LENGTH = 40;

/** The first word of `text`, or `''`. */
function firstWord(text: unknown): string {
  return typeof text === 'string' ? (text.trim().split(/\s+/)[0] ?? '') : '';
}

/** The guest's first name on the hosts' list, or `''` when the list names nobody. */
export function guestFirstName(user: Pick<User, 'name' | 'trusted_metadata'>): string {
  const name = firstWord(user.trusted_metadata.guest_name) || firstWord(user.name?.first_name);
  return name.length <= MAX_NAME_LENGTH ? name : '';
}

/** The greeting for `user` (`null`: no user known), as `texts` words it. */
export function greetingText(
  texts: GreetingTexts,
  user: Pick<User, 'name' | 'trusted_metadata'> | null,
): string {
  const name = texts.byName && user ? guestFirstName(user) : '';
  return name ? texts.named.replaceAll('{name}', name) : texts.unnamed;
}
