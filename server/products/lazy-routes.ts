/**
 * A product's routes registered at start, its implementation (service, repositories, the
 * libraries they import) built on the first request that reaches one of them. Every route is
 * declared at start with its path, schema, config and hooks, so the answers and the order of the
 * checks before the handler (authentication, schema validation, bot protection) do not change;
 * only the handler waits, once, for `load()`. A project that does not enable the product gets the
 * product's own error from the same service, built then. Afterwards each request costs one check
 * of an array slot and one function call.
 *
 * The routes function is called twice with the same shape of dependencies: at start, on the
 * server, with stand-ins that throw if a handler's dependency is touched during registration;
 * then, on the first request, with the real ones, on a collector that keeps the handlers in the
 * order they were declared. It may only declare routes (`get`, `post`, `put`, `patch`, `delete`,
 * `route`); anything else fails at start.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** A route handler as Fastify calls it. */
type Handler = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;

/** The route methods a routes function may call. */
const SHORTHANDS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A stand-in that throws when a handler's dependency is used during registration. */
const standIn: object = new Proxy(
  {},
  {
    get(_target, key) {
      throw new Error(`lazy routes: a dependency was used at registration (${String(key)})`);
    },
  },
);

/** Dependencies whose every value is the stand-in (destructuring them at registration is fine). */
const standInDeps: object = new Proxy({}, { get: () => standIn });

/** A route as a routes function declared it. */
interface Declared {
  /** The method called on the server: `get`, `post`, …, or `route`. */
  readonly method: string;
  readonly handler: Handler;
  /** The call's arguments with another handler in place of `handler`. */
  withHandler(handler: Handler): unknown[];
}

/**
 * A Fastify look-alike that passes each declared route to `onRoute`, its handler (the last
 * function of a shorthand call, or `handler` of its options) put apart.
 */
function routeDeclarer(onRoute: (route: Declared) => void): FastifyInstance {
  const declarer: Record<string, unknown> = {};
  for (const method of SHORTHANDS) {
    declarer[method] = (url: string, ...rest: unknown[]) => {
      const last = rest[rest.length - 1];
      if (typeof last === 'function') {
        onRoute({
          method,
          handler: last as Handler,
          withHandler: (handler) => [url, ...rest.slice(0, -1), handler],
        });
      } else {
        const options = rest[0] as RouteOptions;
        onRoute({
          method,
          handler: options.handler as Handler,
          withHandler: (handler) => [url, { ...options, handler }],
        });
      }
      return declarer;
    };
  }
  declarer.route = (options: RouteOptions) => {
    onRoute({
      method: 'route',
      handler: options.handler as Handler,
      withHandler: (handler) => [{ ...options, handler }],
    });
    return declarer;
  };
  return declarer as unknown as FastifyInstance;
}

/**
 * Declares `routes` on `app` now and builds their dependencies with `load()` on the first request
 * that reaches one of them (a failed load is tried again by the next request).
 */
export function lazyRoutes<Deps>(
  app: FastifyInstance,
  routes: (app: FastifyInstance, deps: Deps) => void,
  load: () => Promise<Deps>,
): void {
  const handlers: Handler[] = [];
  let loading: Promise<void> | undefined;
  const loaded = (): Promise<void> => {
    loading ??= load().then(
      (deps) => {
        const found: Handler[] = [];
        routes(
          routeDeclarer((route) => found.push(route.handler)),
          deps,
        );
        if (found.length !== count) throw new Error('lazy routes: the routes changed on load');
        handlers.push(...found);
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  let count = 0;
  const server = app as unknown as Record<string, (...args: unknown[]) => unknown>;
  routes(
    routeDeclarer((route) => {
      const index = count++;
      const lazyHandler: Handler = function lazyHandler(request, reply) {
        const handler = handlers[index];
        if (handler !== undefined) return handler.call(this, request, reply);
        return loaded().then(() => (handlers[index] as Handler).call(this, request, reply));
      };
      (server[route.method] as (...args: unknown[]) => unknown).apply(
        app,
        route.withHandler(lazyHandler),
      );
    }),
    standInDeps as Deps,
  );
}
