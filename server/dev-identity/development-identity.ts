/**
 * The development identity provider as the rest of the server sees it: present only in
 * development (never built in production), it holds the development key and a fetch that
 * answers requests to `/dev/identity/` inside the process, so the OAuth product reaches the
 * stand-in whatever `PUBLIC_URL` says (a tunnel, a name that does not resolve here).
 */
import type { FastifyInstance } from 'fastify';
import { developmentBase } from './development-endpoints.js';
import { type DevelopmentKey, developmentKey } from './development-keys.js';

/** A request to the stand-in, as openid-client's `customFetch` makes it. */
export interface DevelopmentRequest {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** The development identity provider's handle. */
export interface DevelopmentIdentity {
  /** The server's own origin: the stand-in's endpoints are under `${ownOrigin}/dev/identity/`. */
  readonly ownOrigin: string;
  /** The key every development token is signed with. */
  readonly key: DevelopmentKey;
  /** Sends `request` to the stand-in's `url` inside the process. */
  readonly fetch: (url: string, request: DevelopmentRequest) => Promise<Response>;
}

/** The request body as text (openid-client sends forms as `URLSearchParams`). */
function bodyText(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof Uint8Array) return Buffer.from(body);
  return String(body);
}

/** The development identity provider of `app` at `ownOrigin`, keyed by the server `secret`. */
export function developmentIdentity(
  app: FastifyInstance,
  ownOrigin: string,
  secret: string,
): DevelopmentIdentity {
  const base = `${developmentBase(ownOrigin)}/`;
  return {
    ownOrigin,
    key: developmentKey(secret),
    async fetch(url, request) {
      if (!url.startsWith(base)) throw new Error(`${url} is not the development identity provider`);
      const target = new URL(url);
      const answer = await app.inject({
        method: request.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers: request.headers,
        payload: bodyText(request.body),
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined)
          headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return new Response(new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers,
      });
    },
  };
}
