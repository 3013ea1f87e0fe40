/**
 * The hosts' API as the hosts' page calls it (`/host/api/…`, `server/site/host/`): JSON in and
 * out, the session being the server's HttpOnly cookie that the browser sends with these
 * same-origin calls (and the `Origin` header the server checks on every change). A refusal
 * becomes a {@link HostApiError} carrying the server's words.
 */

/** Where the hosts' API lives. */
export const HOST_API = '/host/api';

/** One problem of a refused input, at a field (`path`, e.g. `schedule.days.0.title`). */
export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

/** A refusal or failure of a hosts' API call. */
export class HostApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The server's error code (`invalid_input`, `recent_sign_in_required`, `last_host`…). */
    readonly code: string,
    /** The field the problem is at, when the server named one. */
    readonly field?: string,
    /** Every problem of a refused input, when the server listed them. */
    readonly problems: readonly InputProblem[] = [],
  ) {
    super(message);
    this.name = 'HostApiError';
  }

  /** Whether the action needs a recent sign-in first ("Confirm it's you"). */
  get needsSignIn(): boolean {
    return this.status === 403 && this.code === 'recent_sign_in_required';
  }
}

/** The error body the hosts' API sends. */
interface ErrorBody {
  error?: string;
  message?: string;
  field?: string;
  problems?: InputProblem[];
}

/** Words for a refusal the server sent no message with. */
function fallbackMessage(status: number): string {
  if (status === 404) return 'Not found: you may have been signed out.';
  if (status === 429) return 'Too many requests: wait a moment and try again.';
  return `The server answered ${status}.`;
}

/** What a call sends: JSON (`json`), or a raw body with its content type (an image). */
export interface HostRequest {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly json?: unknown;
  readonly raw?: { readonly body: Blob; readonly type: string };
}

/** Calls `path` (under `/host/api`) and resolves to its JSON answer; throws a HostApiError. */
export async function hostApi<T>(path: string, request: HostRequest = {}): Promise<T> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (request.raw) {
    headers['content-type'] = request.raw.type;
    body = request.raw.body;
  } else if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  let response: Response;
  try {
    response = await fetch(`${HOST_API}${path}`, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      headers,
      body,
    });
  } catch {
    throw new HostApiError(
      'The server could not be reached. Check your connection and try again.',
      0,
      'unreachable',
    );
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as ErrorBody;
    throw new HostApiError(
      error.message ?? fallbackMessage(response.status),
      response.status,
      error.error ?? `http_${response.status}`,
      error.field,
      error.problems ?? [],
    );
  }
  return parsed as T;
}

/** A path segment, escaped. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
