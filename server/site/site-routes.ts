/**
 * The invitation site (`dist/site`, built by `npm run build`): the public page at `/` with the
 * site project's token filled in, its public assets, and the private files (the invitation's
 * chunks and the photos, and the content and calendar files made from the database,
 * `content/content-guest-routes.ts`) only for requests whose session cookie (set by the server
 * itself, `HttpOnly`) is a live session of an invited guest, who also reads and writes their own
 * RSVP there (`rsvp-routes.ts`). The hosts' page (`/host`) is the same page; its chunks and its
 * API (`host/`) answer hosts only, 404 to anyone else, and hosts may read the invitation's files
 * too. A photo the hosts uploaded (`photos/photo-repository.ts`) is served at the site root under
 * its slot's file name in place of the built file of that name, to the same readers with the same
 * headers, so the page's references never change. Every response of the server carries
 * `X-Robots-Tag: noindex, nofollow`.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PHOTO_NAME } from '../../site/content/invitation.js';
import { type SessionService, siteGuestSessionMinutes } from '../products/sessions/index.js';
import type { UsersRepository } from '../products/users/index.js';
import type { Project } from '../projects/projects-repository.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { Store } from '../store.js';
import { contentGuestRoutes } from './content/content-guest-routes.js';
import type { ContentRepository } from './content/content-repository.js';
import { GuestCheck } from './guest-check.js';
import { AuditLog } from './host/audit-log.js';
import { HostCheck } from './host/host-check.js';
import { HostList } from './host/host-list.js';
import { hostRoutes } from './host/host-routes.js';
import { type IndexPage, renderIndexPage } from './index-page.js';
import { PHOTO_SLOTS, slotFileNames } from './photos/photo-pipeline.js';
import { SitePhotoRepository, type StoredPhoto } from './photos/photo-repository.js';
import type { RsvpRepository } from './rsvp-repository.js';
import { rsvpRoutes } from './rsvp-routes.js';
import { readSiteFiles, type SiteAccess, type SiteFile, type SiteFiles } from './site-files.js';

/** The header that keeps the site out of search engines and link previews' indexes. */
export const ROBOTS_HEADER = 'noindex, nofollow';

/** What the site routes need. */
export interface SiteRouteOptions {
  /** The built site, `dist/site`. */
  dir: string;
  /** The project whose guests the site serves; its public token goes into the page. */
  project: Project;
  /** The server's public URL. */
  publicUrl: string;
  sessions: SessionService;
  users: UsersRepository;
  /** The guests' RSVP answers (`GET` and `PUT /rsvp`, see `rsvp-routes.ts`). */
  rsvps: RsvpRepository;
  /** Milliseconds since the epoch: the RSVP deadline is checked against it. */
  clock: () => number;
  /** The invitation's stored content (seeded before the routes are registered). */
  contents: ContentRepository;
  /** The database, for the hosts' page (`host/`). */
  store: Store;
  /** The shared rate limits, for the hosts' API. */
  limiter: RateLimiter;
}

/**
 * The URL paths an uploaded photo may have: the slots' fixed file names at the root. Only these
 * are looked up in the database; any other path (a public image, a stranger's guess) is not.
 */
const SLOT_URLS: ReadonlyMap<string, string> = new Map(
  PHOTO_SLOTS.flatMap((slot) => slotFileNames(PHOTO_NAME, slot)).map((name) => [`/${name}`, name]),
);

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts among those available. */
function negotiate(request: FastifyRequest, available: { br: boolean; gzip: boolean }): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
  if (available.br && /\bbr\b/.test(accepted)) return 'br';
  if (available.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim() === etag);
}

function cacheControl(file: SiteFile): string {
  if (file.access !== 'public') return 'private, no-cache';
  return file.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * Registers the site on `app`; resolves to false (and serves nothing but the invitation's
 * content and calendar files) when `options.dir` has no built site.
 */
export async function siteRoutes(
  app: FastifyInstance,
  options: SiteRouteOptions,
): Promise<boolean> {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-robots-tag', ROBOTS_HEADER);
  });
  const guests = new GuestCheck({
    project: options.project,
    sessions: options.sessions,
    users: options.users,
  });
  const hostList = new HostList(options.store.db, options.project, options.clock);
  const hosts = new HostCheck({
    project: options.project,
    sessions: options.sessions,
    users: options.users,
    hosts: hostList,
  });
  /** Invited guests see the invitation, and so do the hosts (the page's preview shows it). */
  const mayReadInvitation = async (request: FastifyRequest) =>
    (await guests.isInvited(request)) || (await hosts.hostOf(request)) !== undefined;

  // The content and its calendar files come from the database, built site or not: `npm run dev`
  // serves the page itself and asks the server for them.
  contentGuestRoutes(app, {
    projectId: options.project.projectId,
    contents: options.contents,
    allowed: mayReadInvitation,
  });
  const indexPath = join(options.dir, 'index.html');
  if (!existsSync(indexPath)) return false;
  // The table of the site's files is read on the first request for one, not at start-up.
  let files: SiteFiles | undefined;
  const page: IndexPage = renderIndexPage(indexPath, {
    publicToken: options.project.publicToken,
    publicUrl: options.publicUrl,
    guestSessionMinutes: siteGuestSessionMinutes(options.project.settings.sessions),
    passkeys: options.project.settings.products.includes('passkeys'),
    passcodeMethods: options.project.settings.products.includes('otp')
      ? options.project.settings.otp.methods
      : [],
  });
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag)
      .header('content-security-policy', "frame-ancestors 'none'");
    if (notModified(request, page.etag)) return reply.code(304).send();
    const encoding = negotiate(request, { br: true, gzip: true });
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding]);
  };

  /**
   * Answers a request for a file of `access` that may not read it, resolving to true, else to false: a
   * host file is as absent (404) to anyone but a host, an invited file refused (401) to anyone
   * but an invited guest or a host.
   */
  const refuseAccess = async (
    request: FastifyRequest,
    reply: FastifyReply,
    access: SiteAccess,
  ): Promise<boolean> => {
    if (access === 'public') {
      reply.header('vary', 'accept-encoding');
      return false;
    }
    reply.header('vary', 'cookie, accept-encoding');
    if (access === 'host') {
      if (await hosts.hostOf(request)) return false;
      reply.callNotFound();
      return true;
    }
    if (await mayReadInvitation(request)) return false;
    reply
      .code(401)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Only invited guests who are signed in can see this.');
    return true;
  };

  const sendFile = async (request: FastifyRequest, reply: FastifyReply, file: SiteFile) => {
    if (await refuseAccess(request, reply, file.access)) return reply;
    reply
      .header('content-type', file.contentType)
      .header('cache-control', cacheControl(file))
      .header('etag', file.etag);
    if (notModified(request, file.etag)) return reply.code(304).send();
    const encoding = negotiate(request, file.encodings);
    const path =
      encoding === 'br' ? `${file.path}.br` : encoding === 'gzip' ? `${file.path}.gz` : file.path;
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    else reply.header('content-length', file.size);
    return reply.send(createReadStream(path));
  };

  const photos = new SitePhotoRepository(options.store.db);
  /** Sends an uploaded photo, to those who may read the built photos only. */
  const sendStored = async (request: FastifyRequest, reply: FastifyReply, photo: StoredPhoto) => {
    if (await refuseAccess(request, reply, 'invited')) return reply;
    reply.header('cache-control', 'private, no-cache');
    if (notModified(request, photo.etag)) return reply.header('etag', photo.etag).code(304).send();
    // Read again with its bytes: replaced in between, the new one goes with its own ETag.
    const current = await photos.read(options.project.projectId, photo.name);
    if (!current) return reply.callNotFound();
    return reply
      .header('content-type', current.contentType)
      .header('etag', current.etag)
      .header('content-length', current.bytes.byteLength)
      .send(current.bytes);
  };

  rsvpRoutes(app, { project: options.project, guests, rsvps: options.rsvps, clock: options.clock });
  hostRoutes(app, {
    project: options.project,
    store: options.store,
    clock: options.clock,
    sessions: options.sessions,
    users: options.users,
    rsvps: options.rsvps,
    audit: new AuditLog(options.store.db, options.clock),
    hosts,
    hostList,
    limiter: options.limiter,
    publicUrl: options.publicUrl,
  });
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  // The hosts' page is the same page: it shows a sign-in to anyone who is not a host.
  app.get('/host', sendPage);
  app.get('/host/', sendPage);
  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const url = `/${request.params['*']}`;
    const photoName = SLOT_URLS.get(url);
    const stored = photoName && (await photos.find(options.project.projectId, photoName));
    if (stored) return sendStored(request, reply, stored);
    files ??= readSiteFiles(options.dir);
    const file = files.byUrl.get(url);
    if (!file) return reply.callNotFound();
    return sendFile(request, reply, file);
  });
  return true;
}
