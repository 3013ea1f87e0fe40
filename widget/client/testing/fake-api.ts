/**
 * A stubbed `fetch` that speaks the SDK API's wire format, records every request, and lets a
 * test decide each answer. Used only to test the client in isolation.
 */

import type { FetchLike } from '../http-client.js';
import type { FakeClock } from './fake-clock.js';

/** One request as the client sent it. */
export interface RecordedRequest {
  readonly method: string;
  /** The full URL. */
  readonly url: string;
  /** The path after `/sdk/v1`. */
  readonly path: string;
  readonly headers: Headers;
  readonly credentials: RequestCredentials | undefined;
  /** The parsed JSON body, or `undefined` without one. */
  readonly body: unknown;
  /** The fake clock's time when it was sent, if a clock was given. */
  readonly at: number;
}

/** What a route answers: a JSON body with a status, raw text, or a network failure. */
export type FakeReply =
  | { readonly status?: number; readonly json: unknown }
  | { readonly status?: number; readonly text: string; readonly contentType?: string }
  | { readonly networkError: true };

/** Decides the answer to one request. */
export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** A fake SDK API. */
export class FakeApi {
  /** Every request, oldest first. */
  readonly requests: RecordedRequest[] = [];
  private readonly routes = new Map<string, FakeHandler>();
  private readonly clock: FakeClock | undefined;

  constructor(clock?: FakeClock) {
    this.clock = clock;
  }

  /** Answers `METHOD path` (exact path after `/sdk/v1`) with `reply`. */
  on(method: string, path: string, reply: FakeReply | FakeHandler): this {
    this.routes.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
    return this;
  }

  /** The requests to one path. */
  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /** The stub to pass as the client's `fetch` option. */
  readonly fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: input,
      path: url.pathname.replace(/^\/sdk\/v1/, ''),
      headers,
      credentials: init.credentials,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
      at: this.clock?.now() ?? Date.now(),
    };
    this.requests.push(request);
    const handler = this.routes.get(`${request.method} ${request.path}`);
    const reply: FakeReply = handler
      ? await handler(request)
      : {
          status: 404,
          json: {
            status_code: 404,
            request_id: 'request-id-test-404',
            error_type: 'not_found',
            error_message: 'There is no such endpoint.',
            error_url: 'https://velvet.test/docs/errors#not_found',
          },
        };
    if ('networkError' in reply) throw new TypeError('Failed to fetch');
    if ('json' in reply) {
      return new Response(JSON.stringify(reply.json), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(reply.text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': reply.contentType ?? 'text/plain' },
    });
  };
}
