/**
 * Local ports for tests: a free one for a server whose origin must be known first, a server
 * started on one, and whether one takes connections (a server started, or stopped listening).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import { connect, createServer } from 'node:net';

/** A TCP port free on 127.0.0.1 right now (the system's choice, listened on, then closed). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts `server` on a free port of 127.0.0.1; its origin, `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

/** Whether something accepts connections on 127.0.0.1:`port` now (connects, then hangs up). */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
