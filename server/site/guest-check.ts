/**
 * Whether a request comes from an invited guest: its session cookie (the `HttpOnly` cookie the
 * server itself sets, see `server/http/session-cookie.ts`) must name a live session of the
 * site's project, checked by the server's own session service like any other session, whose
 * user has `trusted_metadata.invited` true and a verified phone number.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { readSessionCookie } from '../http/session-cookie.js';
import type { SessionService } from '../products/sessions/index.js';
import type { UsersRepository } from '../products/users/index.js';
import type { Project } from '../projects/projects-repository.js';

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
  async isInvited(request: FastifyRequest): Promise<boolean> {
    return (await this.invitedUserId(request)) !== undefined;
  }

  /** The user id of the invited guest whose live session the request carries, else undefined. */
  async invitedUserId(request: FastifyRequest): Promise<string | undefined> {
    const token = readSessionCookie(request);
    // Opaque tokens only: a JWT in this cookie is not what the server writes there.
    if (!token || token.length > 256 || token.includes('.')) return undefined;
    const { project, sessions, users } = this.deps;
    let userId: string;
    try {
      userId = (await sessions.find(project, token)).userId;
    } catch (error) {
      // Unknown, revoked or expired: not a guest. Anything else (the database) is a real failure.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
    const user = await users.findById(project.projectId, userId);
    // An invitation is for a number: it counts once the user proved one (an unproven account
    // holding the number pending, made by someone with a password, is not the guest yet).
    const invited =
      user?.trustedMetadata.invited === true && user.phoneNumbers.some((phone) => phone.verified);
    return invited ? userId : undefined;
  }
}
