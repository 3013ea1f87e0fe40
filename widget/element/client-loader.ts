/**
 * The client library, loaded the first time a widget needs it: when a product first calls it (a
 * phone number sent, a link's token read, a passkey asked for), never for the first render,
 * whose calls the widget makes without it (`main-screen-calls.ts`). Widgets with the same public
 * token and API base share one client, and so one session. A failed load is tried once more at
 * once, and again at the next call.
 */
import type { VelvetClient } from '../client/velvet-client.js';

const clients = new Map<string, Promise<VelvetClient>>();

/** The shared client for `publicToken` at `apiBase` (the page's origin when undefined). */
export function loadClient(
  publicToken: string,
  apiBase: string | undefined,
): Promise<VelvetClient> {
  const key = `${publicToken}\u0000${apiBase ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    // Once more when it fails: Chromium asks the server again for a module that failed.
    const load = () => import('../client/velvet-client.js');
    client = load()
      .catch(load)
      .then(
        ({ VelvetClient }) =>
          new VelvetClient(publicToken, apiBase === undefined ? {} : { apiBase }),
      );
    client.catch(() => clients.delete(key));
    clients.set(key, client);
  }
  return client;
}
