/**
 * The hosts' API (`/host/api`, guarded by `host-api.ts`): who the signed-in host is, and each
 * feature's routes, listed once below. The hosts' page itself is the site's (`site/host/`);
 * its files are served to hosts only by `../site-routes.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { contentHostRoutes } from '../content/content-host-routes.js';
import { guestHostRoutes } from './guest-host-routes.js';
import { HostApi, RECENT_SIGN_IN_MINUTES } from './host-api.js';
import { hostListRoutes } from './host-list-routes.js';
import type { HostRouteDeps } from './host-route-deps.js';
import { photoHostRoutes } from './photo-host-routes.js';

/** `GET /me`: the signed-in host, and until when their sign-in counts as recent. */
function meHostRoutes(api: HostApi, deps: HostRouteDeps): void {
  api.get('/me', async ({ host }) => {
    const recentUntil = host.authenticatedAt + RECENT_SIGN_IN_MINUTES * 60_000;
    return {
      host: { user_id: host.userId, identifier: host.identifier, name: host.name },
      recent_sign_in_until: recentUntil > deps.clock() ? new Date(recentUntil).toISOString() : null,
      reauthentication_minutes: RECENT_SIGN_IN_MINUTES,
    };
  });
}

/** Each feature's routes, in the order they register. */
const FEATURES: ReadonlyArray<(api: HostApi, deps: HostRouteDeps) => void> = [
  meHostRoutes,
  hostListRoutes,
  photoHostRoutes,
  contentHostRoutes,
  guestHostRoutes,
];

/** Registers the hosts' API on `app`; the registered routes, for the access tests. */
export function hostRoutes(app: FastifyInstance, deps: HostRouteDeps): HostApi {
  const api = new HostApi(app, {
    projectId: deps.project.projectId,
    hosts: deps.hosts,
    limiter: deps.limiter,
    audit: deps.audit,
    clock: deps.clock,
  });
  for (const feature of FEATURES) feature(api, deps);
  app.decorate('velvetHostApi', api);
  return api;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hosts' API of the site, when the server serves one (its routes, for the tests). */
    velvetHostApi?: HostApi;
  }
}
