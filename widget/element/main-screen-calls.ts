/**
 * What the widget asks the server when its main screen shows, without the client library (which
 * loads when a product first needs it, such as when a phone number is sent): the project's
 * bootstrap, and the `render_login_screen` event. The client library's requests
 * (`client.bootstrap.getAsync()`, `client.telemetry.logEvent()`) in a few hundred bytes: a plain
 * `GET` and a `text/plain` `POST`, which need no preflight, and neither carries credentials.
 */
import type { BootstrapResponse } from '../client/api-types.js';
import type { WidgetBootstrap } from '../products/product.js';

/** The client library's `SDK_IDENTIFIER` and `SDK_VERSION` (`widget/client/constants.ts`). */
export const SDK = { identifier: 'velvet-js', version: '5.25.1' } as const;
/** The client library's `PERSISTENT_ID_STORAGE_KEY`: one id for the browser, whoever sends. */
export const PERSISTENT_ID_KEY = 'velvet_persistent_id';

/**
 * `{apiBase}/sdk/v1`, the page's origin by default. (The client library also takes an `apiBase`
 * that is not an `http(s)` URL, with a warning, as the page's origin; here its calls fail, and
 * the fallbacks apply until the client library loads.)
 */
function apiUrl(apiBase: string | undefined): string {
  return `${(apiBase ?? location.origin).replace(/\/+$/, '')}/sdk/v1`;
}

/**
 * The project's configuration from the server, read as the client library reads its
 * `BootstrapData` (`toBootstrapData`); its fallback when the server cannot be asked (one email
 * domain, the client library's `DEFAULT_EMAIL_DOMAIN`). Never rejects.
 */
export async function readBootstrap(
  publicToken: string,
  apiBase: string | undefined,
): Promise<WidgetBootstrap> {
  let data: BootstrapResponse | undefined;
  try {
    const response = await fetch(
      `${apiUrl(apiBase)}/projects/bootstrap/${encodeURIComponent(publicToken)}`,
    );
    if (response.ok) data = ((await response.json()) as { data?: BootstrapResponse }).data;
  } catch {
    // The fallback below.
  }
  const password = data?.password_config;
  const countries = data?.sms_allowed_countries;
  return {
    smsAllowedCountries: Array.isArray(countries) ? countries : null,
    emailDomains: data?.email_domains ?? ['velvet.dev'],
    passwordConfig: password
      ? {
          ludsComplexity: password.luds_complexity ?? 0,
          ludsMinimumCount: password.luds_minimum_count ?? 0,
        }
      : null,
    originNotAllowed:
      data?.origin_allowed === false
        ? data.origin_message || 'This page’s origin is not authorized for this project.'
        : null,
  };
}

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
