/**
 * Closing the HTTP server in two steps, so that the drain of a shutdown comes between them:
 * first it stops accepting connections, then, once the drain is over, it closes the idle ones
 * and waits for the requests in flight.
 */
import type { FastifyInstance } from 'fastify';

/** The two steps of closing a server; `main.ts` passes {@link serverCloser}'s to the shutdown. */
export interface ServerCloser {
  /**
   * Stops accepting connections. The open ones stay open: a request on one is served (each
   * answer carries `Connection: close` while the server drains) and an idle one is left to its
   * client.
   */
  stopAccepting(): Promise<void>;
  /** Closes the idle connections; resolves once the requests in flight ended and all closed. */
  finish(): Promise<void>;
}

/** The {@link ServerCloser} of `app`; `finish` ends with Fastify's `close` and its `onClose` hooks. */
export function serverCloser(app: FastifyInstance): ServerCloser {
  const server = app.server;
  const closeIdle = server.closeIdleConnections.bind(server);
  let ended: Promise<void> | undefined;
  return {
    async stopAccepting() {
      if (ended) return;
      // Node's close() closes the idle connections at once: here that waits for finish().
      server.closeIdleConnections = () => undefined;
      // Closing the listening socket resets the connections the kernel completed that Node has
      // not accepted yet: right after the event loop's poll phase, which accepted every one
      // completed by then, there are (nearly) none.
      await new Promise((resolve) => setImmediate(resolve));
      // Its callback runs once every connection closed.
      ended = new Promise((resolve) => server.close(() => resolve()));
    },
    async finish() {
      if (!ended) await this.stopAccepting();
      closeIdle();
      await ended;
      await app.close();
    },
  };
}
