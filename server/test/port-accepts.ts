/** Whether a local port takes connections: a server started, or stopped listening. */
import { connect } from 'node:net';

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
