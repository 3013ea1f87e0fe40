/**
 * Whether a request comes from an invited guest: its `velvet_session` cookie (written by the
 * client library) must name a live session of the site's project, checked by the server's own
 * session service like any other session, whose user has `trusted_metadata.invited` true.
 */
import { ApiError } from '../http/api-error.js';
import type { SessionService } from '../products/sessions/session-service.js';
import type { UsersRepository } from '../products/users/users-repository.js';
import type { Project } from '../projects/projects-repository.js';

/** The cookie holding the opaque session token (see `widget/client/constants.ts`). */
export const SESSION_COOKIE = 'velvet_session';

/** The value of cookie `name` in a `Cookie` header, or `undefined`. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** What the check needs from the server. */
export interface GuestCheckDeps {
  /** The site's project: the one whose public token the page uses. */
  project: Project;
  sessions: SessionService;
  users: UsersRepository;
}

/** Decides, per request, whether its session belongs to an invited guest. */
export class GuestCheck {
  constructor(private readonly deps: GuestCheckDeps) {}

  /** True only for a live session of the site's project whose user is invited. */
  async isInvited(cookieHeader: string | undefined): Promise<boolean> {
    const token = readCookie(cookieHeader, SESSION_COOKIE);
    // Opaque tokens only: a JWT in this cookie is not what the client library writes there.
    if (!token || token.length > 256 || token.includes('.')) return false;
    const { project, sessions, users } = this.deps;
    let userId: string;
    try {
      userId = (await sessions.find(project, token)).userId;
    } catch (error) {
      // Unknown, revoked or expired: not a guest. Anything else (the database) is a real failure.
      if (error instanceof ApiError) return false;
      throw error;
    }
    const user = await users.findById(project.projectId, userId);
    return user?.trustedMetadata.invited === true;
  }
}
