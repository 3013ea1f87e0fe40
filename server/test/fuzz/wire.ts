/**
 * The fuzz test's requests on the wire: each sent over its own `node:http` connection exactly as
 * built (raw bytes, odd headers), and each answer judged.
 */
import { request as httpRequest } from 'node:http';

/** One request, exactly as it goes on the wire. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** Send the body with chunked transfer encoding instead of a Content-Length. */
  chunked?: boolean;
  /** The endpoint aimed at, and what the generator did. */
  label: string;
  /**
   * What a 4xx answer must be: the SDK's API error body (`sdk`), RFC 6749's error (`oauth`),
   * either of those or an HTML page for a browser (`page`, the `/sdk/v1/public/` navigations), or
   * anything below 500 (`any`).
   */
  expects: 'sdk' | 'oauth' | 'page' | 'any';
}

/** An answer as received. */
export interface Answer {
  status: number;
  contentType: string;
  /** The `WWW-Authenticate` header, or `''`. */
  challenge: string;
  body: Buffer;
}

/**
 * A request without an answer after this long is a failure: a hung route, never a slow machine
 * (eight requests at a time on two cores shared with other work).
 */
const REQUEST_TIMEOUT_MS = 90_000;

/** Sends one request on its own connection, so each answer can be judged alone. */
export function send(url: URL, fuzz: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...fuzz.headers };
    // Node frames a GET or DELETE body only when told how; unframed bytes would be a new request.
    if (fuzz.body !== undefined) {
      if (fuzz.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(fuzz.body.length);
    }
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.path,
        headers,
        agent: false,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            challenge: String(response.headers['www-authenticate'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer in time')));
    request.on('error', reject);
    if (fuzz.body === undefined) request.end();
    else if (fuzz.chunked) {
      const half = Math.floor(fuzz.body.length / 2);
      request.write(fuzz.body.subarray(0, half));
      request.end(fuzz.body.subarray(half));
    } else request.end(fuzz.body);
  });
}

/** A request in a form a person can replay. */
export function describeRequest(fuzz: FuzzRequest): string {
  const shown = (text: string, max: number) =>
    text.length > max
      ? `${JSON.stringify(text.slice(0, max))}… (${text.length} chars)`
      : JSON.stringify(text);
  const headers = Object.entries(fuzz.headers)
    .map(([name, value]) => `${name}: ${shown(String(value), 120)}`)
    .join('; ');
  const body =
    fuzz.body === undefined
      ? 'no body'
      : `body ${shown(fuzz.body.toString('latin1'), 200)} ` +
        `(${fuzz.body.length} bytes${fuzz.chunked ? ', chunked' : ''})`;
  return `${fuzz.method} ${shown(fuzz.path, 160)} {${fuzz.label}} ${headers}; ${body}`;
}

/** Whether the request line holds bytes outside ASCII, which no HTTP parser accepts. */
function hasRawBytes(fuzz: FuzzRequest): boolean {
  return [...fuzz.path].some((char) => char > '\x7f');
}

/** Node's HTTP parser refused the request line (bytes that are not ASCII): no route was reached. */
export function isUnparsableRequest(fuzz: FuzzRequest, answer: Answer): boolean {
  return (
    answer.status === 400 &&
    hasRawBytes(fuzz) &&
    answer.body.toString() === '{"error":"Bad Request","message":"Client Error","statusCode":400}'
  );
}

/**
 * The client could not read the refusal of a HEAD request Node's parser could not read (bytes
 * that are not ASCII, or a request line past its 16 KB): the refusal has a body, and a HEAD
 * answer must not.
 */
export function isUnreadableRefusal(fuzz: FuzzRequest, error: Error): boolean {
  const unparsable = hasRawBytes(fuzz) || fuzz.path.length > 16 * 1024;
  return fuzz.method === 'HEAD' && unparsable && error.message.startsWith('Parse Error');
}

/** RFC 6750 3.1: a resource request without a token gets the bare challenge and no error. */
function isBareBearerChallenge(answer: Answer): boolean {
  return answer.status === 401 && answer.challenge === 'Bearer' && !answer.body.length;
}

/** What is wrong with an answer, as a short kind and details; `undefined` when nothing is. */
export function problemWith(
  fuzz: FuzzRequest,
  answer: Answer,
): { kind: string; detail: string } | undefined {
  const text = answer.body.toString();
  if (answer.status >= 500) {
    return {
      kind: `status ${answer.status} on ${fuzz.label.split(' | ')[0]}`,
      detail: text.slice(0, 300),
    };
  }
  if (fuzz.expects === 'any' || answer.status < 400 || fuzz.method === 'HEAD') return undefined;
  if (isUnparsableRequest(fuzz, answer)) return undefined;
  if (fuzz.expects === 'page' && answer.contentType.startsWith('text/html')) return undefined;
  if (isBareBearerChallenge(answer)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      kind: `status ${answer.status}, body not JSON: ${text.slice(0, 40)}`,
      detail: text.slice(0, 200),
    };
  }
  const error = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (fuzz.expects === 'oauth' ? isOAuthError(error) : isApiError(error, answer.status)) {
    return undefined;
  }
  const code = typeof error.code === 'string' ? error.code : text.slice(0, 40);
  const wanted = fuzz.expects === 'oauth' ? 'the RFC 6749 error body' : 'the API error body';
  return {
    kind: `status ${answer.status} without ${wanted} (${code})`,
    detail: text.slice(0, 200),
  };
}

/** The SDK's API error body (spec section 7). */
function isApiError(error: Record<string, unknown>, status: number): boolean {
  return (
    error.status_code === status &&
    typeof error.error_type === 'string' &&
    typeof error.error_message === 'string' &&
    typeof error.error_url === 'string' &&
    typeof error.request_id === 'string'
  );
}

/** RFC 6749's error body (section 5.2). */
function isOAuthError(error: Record<string, unknown>): boolean {
  return typeof error.error === 'string' && typeof error.error_description === 'string';
}
