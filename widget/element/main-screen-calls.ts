/**
 * What the widget sends when its main screen shows, without the client library (which loads
 * when a product first needs it, such as when a phone number is sent): the `render_login_screen`
 * event, as the client library's `client.telemetry.logEvent()` sends it, in a few hundred bytes:
 * a `text/plain` `POST`, which needs no preflight and carries no credentials. The project's
 * bootstrap is read earlier, by `velvet.js` itself (`read-bootstrap.ts`).
 */
import { apiUrl } from './read-bootstrap.js';

/** The client library's `SDK_IDENTIFIER` and `SDK_VERSION` (`widget/client/constants.ts`). */
export const SDK = { identifier: 'velvet-js', version: '5.25.1' } as const;
/** The client library's `PERSISTENT_ID_STORAGE_KEY`: one id for the browser, whoever sends. */
export const PERSISTENT_ID_KEY = 'velvet_persistent_id';

/** `prefix-` and a random UUID (random hex where the page is not a secure context). */
function randomId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID?.() ?? Math.random().toString(16).slice(2)}`;
}

/** This page load's `app_session_id`, once an event is sent. */
let appSessionId: string | undefined;

/** The browser's `persistent_id`, as the client library keeps it. */
function persistentId(): string {
  let id = randomId('persistent-id');
  try {
    const stored = localStorage.getItem(PERSISTENT_ID_KEY);
    if (stored) id = stored;
    else localStorage.setItem(PERSISTENT_ID_KEY, id);
  } catch {
    // Storage blocked: an id for this page only.
  }
  return id;
}

/**
 * Sends one analytics event to `POST /events` as the client library's telemetry does: the same
 * record (a telemetry blob, and the event naming its project). Never fails.
 */
export function sendEvent(
  publicToken: string,
  apiBase: string | undefined,
  name: string,
  details: Record<string, unknown>,
): void {
  try {
    appSessionId ??= randomId('app-session-id');
    const telemetry = {
      event_id: randomId('event-id'),
      app_session_id: appSessionId,
      persistent_id: persistentId(),
      client_sent_at: new Date().toISOString(),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      app: { identifier: location.host },
      sdk: SDK,
    };
    const event = { public_token: publicToken, event_name: name, details };
    fetch(`${apiUrl(apiBase)}/events`, {
      method: 'POST',
      body: JSON.stringify({ events: [{ telemetry, event }] }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Telemetry never breaks the widget.
  }
}
