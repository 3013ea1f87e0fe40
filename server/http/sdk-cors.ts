/**
 * CORS for `/sdk/v1`: the answers @fastify/cors gave with a per-request delegator (the same
 * headers in the same order, the same preflight answers), as one `onRequest` hook that looks the
 * origin up in a set made at start. @fastify/cors normalised and spread its options and made a
 * closure on every request.
 */
import type { FastifyInstance } from 'fastify';

/** What `sdkCors` needs. */
export interface SdkCorsOptions {
  /** The origins every route answers (the projects' authorized origins and the server's own). */
  allowed: ReadonlySet<string>;
  /** Paths starting so answer every origin (bootstrap, which reads no credentials). */
  openPrefix: string;
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** Seconds a browser may keep a preflight answer. */
  maxAge: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the CORS hook answered this OPTIONS request as a preflight. */
    corsPreflightEnabled: boolean;
  }
}

/**
 * Adds the hook and the `OPTIONS *` route to `scope`. An allowed origin (or a call without
 * `Origin`) gets `Vary: Origin`, the origin reflected and `Access-Control-Allow-Credentials`; an
 * OPTIONS request then gets the preflight headers and `204` at once (also a bare OPTIONS without
 * browser headers). Any other origin gets only `Vary: Origin`, and its OPTIONS a 404.
 */
export function sdkCors(scope: FastifyInstance, options: SdkCorsOptions): void {
  const { allowed, openPrefix } = options;
  const methods = options.methods.join(', ');
  const allowedHeaders = options.allowedHeaders.join(', ');
  const maxAge = String(options.maxAge);
  scope.decorateRequest('corsPreflightEnabled', false);
  scope.addHook('onRequest', (request, reply, done) => {
    // No hook before this one sets Vary, so it is set rather than appended to.
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin) && !request.url.startsWith(openPrefix)) {
      done();
      return;
    }
    if (origin) reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Access-Control-Allow-Credentials', 'true');
    if (request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    request.corsPreflightEnabled = true;
    reply
      .header('Access-Control-Allow-Methods', methods)
      .header('Access-Control-Allow-Headers', allowedHeaders)
      .header('Access-Control-Max-Age', maxAge)
      .code(204)
      .header('Content-Length', '0')
      .send();
  });
  scope.options('*', (request, reply) => {
    if (!request.corsPreflightEnabled) {
      reply.callNotFound();
      return;
    }
    reply.send();
  });
}
