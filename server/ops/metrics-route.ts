/**
 * `GET /metrics`, Prometheus' scrape: open outside production, behind `METRICS_TOKEN` (as
 * `Authorization: Bearer <token>`) whenever that is set, and off (the API's 404) in production
 * without it. The request hook that times every answer lives here too: nothing is measured when
 * metrics are off.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { AppMetrics } from './metrics.js';

/** Who may read `/metrics`. */
export type MetricsAccess =
  /** Anyone (development and tests). */
  | { readonly kind: 'open' }
  /** A caller with the bearer token. */
  | { readonly kind: 'token'; readonly token: string }
  /** No one: the route answers 404, as a path that does not exist would. */
  | { readonly kind: 'off' };

/** The access the configuration gives: the token when set, else open outside production only. */
export function metricsAccess(config: {
  production: boolean;
  metricsToken?: string;
}): MetricsAccess {
  if (config.metricsToken) return { kind: 'token', token: config.metricsToken };
  return config.production ? { kind: 'off' } : { kind: 'open' };
}

/** `value` hashed, so two values compare in constant time whatever their lengths. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `request` carries `Authorization: Bearer <token>` (compared in constant time). */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer ([\x21-\x7e]+)$/i.exec(request.headers.authorization ?? '');
  // Hashed whether or not the header is well-formed: a missing token takes as long as a wrong one.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * Times every answer of `app` (and of the scopes registered after this call) into `metrics`, by
 * its route's pattern, never its URL: one histogram observation per request.
 */
export function measureRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.is404 ? undefined : request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `GET /metrics`: the text of `metrics` to whom `access` allows, 404 when off. */
export function metricsRoutes(
  app: FastifyInstance,
  access: MetricsAccess,
  metrics: AppMetrics | undefined,
): void {
  app.get('/metrics', async (request, reply) => {
    if (access.kind === 'off' || !metrics) throw new ApiError('not_found');
    if (access.kind === 'token' && !hasBearer(request, access.token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ApiError(
        'unauthorized_credentials',
        'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.',
      );
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
