/**
 * CORS for the identity provider's endpoints that browser applications call with `fetch` (a
 * public SPA client exchanging its code, reading userinfo): the token endpoint, userinfo, and any
 * other endpoint registered with {@link OidcCors.allow}. An origin is allowed when a client of
 * the project registers it: the origin of one of its `redirectUris`, or one of its
 * `allowedOrigins`. Such a request gets its origin back in `Access-Control-Allow-Origin` (never
 * credentials: these endpoints read Bearer tokens and forms, no cookies); its preflight `204`
 * with the allowed methods and headers. Any other origin gets no CORS header, and its preflight
 * a bare `204` the browser refuses.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Projects } from '../../projects/project-directory.js';
import type { Project } from '../../projects/projects-repository.js';
import type { IdpClient } from './idp-settings.js';

/** The request headers a relying party sends: Basic or Bearer credentials, and the form's type. */
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** What a page may read of an answer beyond the safelisted headers (RFC 6750's challenge). */
const EXPOSED_HEADERS = 'WWW-Authenticate';
/** Seconds a browser may keep a preflight answer. */
const MAX_AGE = '600';

/** Registers endpoints for CORS. */
export interface OidcCors {
  /**
   * Answers CORS on `path` (a route of the scope, with `:public_token`) for `methods`, and its
   * preflight (`OPTIONS path`).
   */
  allow(path: string, methods: readonly string[]): void;
}

/** The origin of `url`, or `undefined` when it has none (not http or https). */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The origins the clients of a project register (their redirect URIs', and `allowedOrigins`). */
export function clientOrigins(clients: readonly IdpClient[]): Set<string> {
  const origins = new Set<string>();
  for (const client of clients) {
    for (const url of [...client.redirectUris, ...(client.allowedOrigins ?? [])]) {
      const origin = originOf(url);
      if (origin) origins.add(origin);
    }
  }
  return origins;
}

/**
 * Adds CORS to `scope` for the paths given to `allow`. `projects` finds the project of a
 * request's `:public_token`; its allowed origins are worked out once per project settings.
 */
export function oidcCors(scope: FastifyInstance, projects: Projects): OidcCors {
  const methodsByPath = new Map<string, string>();
  const originsBySettings = new WeakMap<Project['settings'], Set<string>>();

  const allowedOrigin = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin;
    if (!origin) return undefined;
    const token = (request.params as { public_token?: unknown }).public_token;
    const project = typeof token === 'string' ? projects.byPublicToken(token) : undefined;
    if (!project) return undefined;
    let origins = originsBySettings.get(project.settings);
    if (!origins) {
      origins = clientOrigins(project.settings.idp?.clients ?? []);
      originsBySettings.set(project.settings, origins);
    }
    return origins.has(origin) ? origin : undefined;
  };

  scope.addHook('onRequest', (request, reply, done) => {
    const path = request.routeOptions.url;
    if (path === undefined || !methodsByPath.has(path)) {
      done();
      return;
    }
    reply.header('Vary', 'Origin');
    const origin = allowedOrigin(request);
    if (origin) {
      reply
        .header('Access-Control-Allow-Origin', origin)
        .header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    done();
  });

  const preflight = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const methods = methodsByPath.get(request.routeOptions.url ?? '');
    if (methods && reply.hasHeader('Access-Control-Allow-Origin')) {
      reply
        .header('Access-Control-Allow-Methods', methods)
        .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
        .header('Access-Control-Max-Age', MAX_AGE);
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  };

  return {
    allow(path, methods) {
      methodsByPath.set(path, methods.join(', '));
      scope.options(path, preflight);
    },
  };
}
