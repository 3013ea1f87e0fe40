/**
 * The server's routes as declared: every method and URL the app answers, with the schema and
 * route config each was declared with. Recorded by an `onRoute` hook when the app is built
 * (products whose code loads on first use declare their routes at start too, see
 * `products/lazy-routes.ts`), so a census over the routes (fuzzing every route, checking that
 * every credential check is guarded) sees a new route without being edited.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One method of one route, as declared. */
export interface DeclaredRoute {
  method: string;
  /** The full URL pattern, prefix included (`/sdk/v1/users/:user_id`). */
  url: string;
  schema?: FastifySchema;
  /** The route's `config` (`auth`, `checks`, …). */
  config?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app declared, in the order declared (see `route-table.ts`). */
    routeTable: readonly DeclaredRoute[];
  }
}

/**
 * Records every route declared on `app` from now on, including those of plugins registered
 * after, into `app.routeTable`. Call it before any route is declared.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const routes: DeclaredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        config: route.config as Record<string, unknown> | undefined,
      });
    }
  });
}
