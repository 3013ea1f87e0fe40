/**
 * What `npm run impersonate` does, as functions over the store and the project (so tests run
 * them on a real database): find the user, mint a single-use token that lives five minutes.
 */

import { ImpersonationTokens } from '../products/impersonation/index.js';
import { normalizeEmail, normalizePhone } from '../products/users/index.js';
import type { Project } from '../projects/projects-repository.js';
import type { Store } from '../store.js';

/** An expected failure (no such user): print the message, no stack trace. */
export class ImpersonationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImpersonationError';
  }
}

/**
 * The user that `who` names in `project`: a user id (`user-…`), an email address, or a phone
 * number in international form.
 * @throws ImpersonationError when there is none.
 */
export async function findUser(store: Store, project: Project, who: string): Promise<string> {
  const typed = who.trim();
  if (typed.startsWith('user-')) {
    const user = await store.users.findById(project.projectId, typed);
    if (user) return user.userId;
  } else if (typed.includes('@')) {
    const found = await store.users.findByDestination(
      project.projectId,
      'email',
      normalizeEmail(typed),
    );
    if (found) return found.userId;
  } else {
    let e164: string | undefined;
    try {
      e164 = normalizePhone(typed).e164;
    } catch {
      e164 = undefined;
    }
    const found = e164 && (await store.users.findByDestination(project.projectId, 'phone', e164));
    if (found) return found.userId;
  }
  throw new ImpersonationError(`No user of ${project.name} is "${typed.slice(0, 100)}".`);
}

/** Mints a token for the user `who` names; `impersonator` is recorded on the session. */
export async function mintImpersonationToken(
  store: Store,
  project: Project,
  who: string,
  impersonator: string,
  now: number,
): Promise<{ token: string; userId: string; expiresAt: number }> {
  if (impersonator.trim() === '') throw new ImpersonationError('Say who you are with --by.');
  const userId = await findUser(store, project, who);
  const minted = await new ImpersonationTokens(store.db).mint(
    project.projectId,
    userId,
    impersonator.trim().slice(0, 200),
    now,
  );
  return { ...minted, userId };
}
