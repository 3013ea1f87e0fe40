/**
 * A TCP proxy for outage tests: it forwards every connection to a target (PostgreSQL) until told
 * to drop them all and refuse new ones for a while, as a network failure or a database restart
 * looks to the server.
 */
import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A running proxy. */
export interface TcpProxy {
  /** The loopback port clients connect to. */
  readonly port: number;
  /** Connections forwarded so far. */
  readonly forwarded: number;
  /**
   * Drops every open connection and stops listening (new ones are refused) until `resume`.
   */
  cut(): Promise<void>;
  /** Listens again on the same port and forwards new connections. */
  resume(): Promise<void>;
  /** Drops every connection and stops for good. */
  close(): Promise<void>;
}

async function listen(server: Server, port: number): Promise<number> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return address.port;
}

/** Starts a proxy on a free loopback port that forwards to `host:port`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let forwarded = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is what the proxy is for; the other side sees it.
    socket.on('error', () => undefined);
  };
  const makeServer = () =>
    createServer((client) => {
      forwarded += 1;
      const upstream = createConnection(target);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  let server = makeServer();
  const port = await listen(server, 0);
  const dropAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  const stop = async () => {
    if (!server.listening) return;
    const closed = once(server, 'close');
    server.close();
    dropAll();
    await closed;
  };
  return {
    port,
    get forwarded() {
      return forwarded;
    },
    cut: stop,
    async resume() {
      server = makeServer();
      await listen(server, port);
    },
    close: stop,
  };
}
