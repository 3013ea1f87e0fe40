/**
 * `GET /dev/outbox`: the messages the development outbox "sent", newest first,
 * filterable with `?to=`, from every process on the same database. Registered
 * only outside production.
 */
import type { FastifyInstance } from 'fastify';
import type { DevOutbox } from '../delivery/outbox.js';

/** Registers the outbox route. */
export function devOutboxRoutes(app: FastifyInstance, deps: { outbox: DevOutbox }): void {
  app.get<{ Querystring: { to?: string } }>(
    '/dev/outbox',
    {
      schema: {
        querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 254 } } },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const to = request.query.to;
      return { messages: await deps.outbox.listShared(to === undefined ? undefined : { to }) };
    },
  );
}
