/**
 * What guests read of the stored content, made per request from the published content, so a
 * publication shows on a guest's next load without a rebuild, on every server sharing the
 * database:
 *
 * - `GET /private/invitation.json`: the published content (`InvitationContent`);
 * - `GET /private/calendar.ics`: every event's calendar entry, and
 *   `GET /private/calendar/{event id}.ics` one event's (`site/calendar/ics-files.ts`); their
 *   `DTSTAMP` is the publication's time (the seed's before the first one).
 *
 * Private like the invitation's chunks: only a request the `allowed` check accepts (an invited
 * guest's session, and a host's) gets them, anyone else 401 and nothing, before anything about
 * the content (an event's id included) is looked up. Answers are `private, no-cache` with an
 * ETag, so a browser asks again each load and gets 304 while nothing changed.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  EVENT_ID,
  eventCalendarPath,
  PARTY_CALENDAR_PATH,
} from '../../../site/calendar/calendar-events.js';
import { icsFiles } from '../../../site/calendar/ics-files.js';
import type { InvitationContent } from '../../../site/content/invitation.js';
import type { ContentRepository } from './content-repository.js';

/** Where the published content is served. */
export const INVITATION_JSON_PATH = '/private/invitation.json';

/** What the routes need. */
export interface ContentGuestRouteOptions {
  /** The site's project id. */
  projectId: string;
  contents: ContentRepository;
  /** Whether the request may read the invitation (an invited guest, or a host). */
  allowed: (request: FastifyRequest) => Promise<boolean>;
}

/** A strong validator of `text`. */
function etagOf(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 32)}"`;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Sends `text` as a private, revalidated file of `type`, gzipped for a client that takes it
 * (the content is a few kilobytes of text: compressing it per request costs well under a
 * millisecond).
 */
function sendPrivate(request: FastifyRequest, reply: FastifyReply, type: string, text: string) {
  const etag = etagOf(text);
  reply
    .header('cache-control', 'private, no-cache')
    .header('etag', etag)
    .header('vary', 'cookie, accept-encoding');
  if (notModified(request, etag)) return reply.code(304).send();
  reply.type(type);
  if (/\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(gzipSync(text));
  }
  return reply.send(text);
}

/** Registers the content's files on `app` (before the site's catch-all). */
export function contentGuestRoutes(app: FastifyInstance, options: ContentGuestRouteOptions): void {
  const { projectId, contents, allowed } = options;

  /** The published content for an allowed request; undefined once the reply was sent. */
  const published = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('vary', 'cookie');
    if (!(await allowed(request))) {
      await reply
        .code(401)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Only invited guests who are signed in can see this.');
      return undefined;
    }
    const found = await contents.findPublished(projectId);
    if (!found) throw new Error('the invitation has no content: the server seeds it at start');
    return found;
  };

  /** The calendar file at `urlPath`, or undefined when no event has one there. */
  const calendarFile = async (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    const found = await published(request, reply);
    if (!found) return reply;
    const content = JSON.parse(found.json) as InvitationContent;
    const stamp = new Date(found.publishedAt ?? found.updatedAt);
    const file = icsFiles(content, stamp).find((each) => each.urlPath === urlPath);
    if (!file) return reply.callNotFound();
    return sendPrivate(request, reply, 'text/calendar; charset=utf-8', file.text);
  };

  app.get(INVITATION_JSON_PATH, async (request, reply) => {
    const found = await published(request, reply);
    if (!found) return reply;
    return sendPrivate(request, reply, 'application/json; charset=utf-8', found.json);
  });
  app.get(PARTY_CALENDAR_PATH, (request, reply) =>
    calendarFile(request, reply, PARTY_CALENDAR_PATH),
  );
  app.get<{ Params: { file: string } }>('/private/calendar/:file', (request, reply) => {
    const id = /^(.{1,80})\.ics$/.exec(request.params.file)?.[1];
    // An unknown name is looked up like a known one: nobody learns which exist without access.
    const path = id && EVENT_ID.test(id) ? eventCalendarPath(id) : '';
    return calendarFile(request, reply, path);
  });
}
