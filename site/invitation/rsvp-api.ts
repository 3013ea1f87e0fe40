/**
 * The guest's RSVP on the server (`GET` and `PUT /rsvp`, `server/site/rsvp-routes.ts`): the
 * session is the server's HttpOnly cookie, which the browser sends with these same-origin
 * calls; the server checks the hosts' rules again on every write.
 */

/** The guest's answer as the server keeps it. */
export interface RsvpAnswer {
  readonly attending: boolean;
  readonly party_size: number;
  readonly note: string;
  readonly updated_at: string;
}

/** The answer (null before the first) and the hosts' rules. */
export interface RsvpState {
  readonly answer: RsvpAnswer | null;
  readonly max_party_size: number;
  readonly note_max_length: number;
  /** ISO 8601, or null when answers never close. */
  readonly deadline: string | null;
  /** Whether the guest may still answer or change the answer. */
  readonly open: boolean;
}

/** What the guest sends. */
export interface RsvpChoice {
  readonly attending: boolean;
  readonly party_size: number;
  readonly note: string;
}

/** A refusal or failure, with the server's words when it gave some. */
export class RsvpError extends Error {
  constructor(
    message: string,
    /** The HTTP status, 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'RsvpError';
  }
}

async function send(init?: RequestInit): Promise<RsvpState> {
  let response: Response;
  try {
    response = await fetch('/rsvp', { credentials: 'same-origin', cache: 'no-store', ...init });
  } catch {
    throw new RsvpError('', 0);
  }
  const body = (await response.json().catch(() => null)) as
    | (RsvpState & { message?: string })
    | null;
  if (!response.ok || !body) {
    throw new RsvpError(body?.message ?? `HTTP ${response.status}`, response.status);
  }
  return body;
}

/** The guest's answer and the hosts' rules. */
export function loadRsvp(): Promise<RsvpState> {
  return send();
}

/** Saves `choice` as the guest's answer; the state after it. */
export function saveRsvp(choice: RsvpChoice): Promise<RsvpState> {
  return send({
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(choice),
  });
}
