/**
 * Whether a request comes from one of the site's hosts: its session cookie (the `HttpOnly`
 * cookie the server itself sets) must name a live session of the site's project whose user
 * has PROVEN a phone number or email on the hosts' list (`host-list.ts`). An unproven claim on
 * a host's number counts for nothing, as for guests (`../guest-check.ts`).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error.js';
import { readSessionCookie } from '../../http/session-cookie.js';
import {
  assertNotImpersonated,
  type SessionRecord,
  type SessionService,
} from '../../products/sessions/index.js';
import type { UserRecord, UsersRepository } from '../../products/users/index.js';
import type { Project } from '../../projects/projects-repository.js';
import type { HostList } from './host-list.js';

/** A signed-in host, as a host route sees them. */
export interface Host {
  userId: string;
  /** The proven number or email that makes them a host. */
  identifier: string;
  /** Their name on their account ('' for none). */
  name: string;
  /** Epoch milliseconds of the session's latest sign-in (a factor's `last_authenticated_at`). */
  authenticatedAt: number;
  /** The session's id (never its token). */
  sessionId: string;
}

/** What the check needs from the server. */
export interface HostCheckDeps {
  project: Project;
  sessions: SessionService;
  users: UsersRepository;
  hosts: HostList;
}

/** When the session last proved its user: the newest factor's time, else its start. */
export function latestAuthentication(record: SessionRecord): number {
  let latest = record.startedAt;
  for (const factor of record.authenticationFactors) {
    const at = Date.parse(String(factor.last_authenticated_at ?? ''));
    if (Number.isFinite(at) && at > latest) latest = at;
  }
  return latest;
}

/** The numbers and emails `user` proved. */
function provenIdentifiers(user: UserRecord): string[] {
  return [
    ...user.phoneNumbers.filter((phone) => phone.verified).map((phone) => phone.phoneNumber),
    ...user.emails.filter((email) => email.verified).map((email) => email.email.toLowerCase()),
  ];
}

/** Decides, per request, whether its session is a host's. */
export class HostCheck {
  constructor(private readonly deps: HostCheckDeps) {}

  /** The host whose live session the request carries, else undefined. */
  async hostOf(request: FastifyRequest): Promise<Host | undefined> {
    const token = readSessionCookie(request);
    // Opaque tokens only: a JWT in this cookie is not what the server writes there.
    if (!token || token.length > 256 || token.includes('.')) return undefined;
    const { project, sessions, users, hosts } = this.deps;
    let record: SessionRecord;
    try {
      record = await sessions.find(project, token);
    } catch (error) {
      // Unknown, revoked or expired: nobody. Anything else (the database) is a real failure.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
    // A session an operator opened as the user (`npm run impersonate`) is not the host's own.
    try {
      assertNotImpersonated(record);
    } catch {
      return undefined;
    }
    const user = await users.findById(project.projectId, record.userId);
    if (user?.status !== 'active') return undefined;
    const identifier = await hosts.hostAmong(provenIdentifiers(user));
    if (!identifier) return undefined;
    const name = [user.name.first_name, user.name.last_name].filter(Boolean).join(' ');
    return {
      userId: user.userId,
      identifier,
      name,
      authenticatedAt: latestAuthentication(record),
      sessionId: record.sessionId,
    };
  }
}
