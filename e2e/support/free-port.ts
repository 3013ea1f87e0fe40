/** A TCP port that is free on 127.0.0.1 right now, for a server whose origin must be known first. */
import { once } from 'node:events';
import { createServer } from 'node:net';

/** Asks the system for a free port, and gives it back. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}
