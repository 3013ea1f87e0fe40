/**
 * Whether the signed-in visitor is one of the hosts: `GET /host/api/me`, which answers a host
 * with who they are and the same 404 as any unknown path to everyone else. The session is the
 * server's HttpOnly cookie, which the browser sends with this same-origin call.
 */

/** The host as the server knows them (`GET /host/api/me`). */
export interface HostMe {
  readonly host: { readonly user_id: string; readonly identifier: string; readonly name: string };
  /** Until when destructive actions need no new sign-in (ISO 8601), or null when they do now. */
  readonly recent_sign_in_until: string | null;
  /** How recent a sign-in destructive actions need, in minutes. */
  readonly reauthentication_minutes: number;
}

/** The check could not be made (offline, a server error). */
export class HostCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostCheckError';
  }
}

/** The host, or `null` when the server says this visitor is not one. */
export async function fetchHostMe(): Promise<HostMe | null> {
  let response: Response;
  try {
    response = await fetch('/host/api/me', { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new HostCheckError('The server could not be reached');
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new HostCheckError(`The server answered ${response.status}`);
  return (await response.json()) as HostMe;
}
