/**
 * A local stand-in for Cloudflare Turnstile, for tests: the browser side (`GET
 * /turnstile/v0/api.js`, a `window.turnstile` with `render`, `execute`, `reset`, `remove` and
 * `getResponse`, which fetches its token from `POST /challenge` instead of solving a challenge)
 * and the server side (`POST /turnstile/v0/siteverify`, form or JSON, answered as Cloudflare
 * answers: `success`, `error-codes`, `challenge_ts`, `hostname`, `action`, `cdata`). Tokens work
 * once (a repeat with the first call's `idempotency_key` gets the first answer again) and for 300
 * seconds, and only with the peer's secret key. It records every siteverify body.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** How long a token lasts, as Cloudflare's do. */
const TOKEN_LIFETIME_MS = 300_000;

/** A running peer. */
export interface TurnstilePeer {
  /** Its origin (`http://127.0.0.1:PORT`). */
  url: string;
  /** `{url}/turnstile/v0/siteverify`, for a project's `verifyUrl`. */
  verifyUrl: string;
  /** `{url}/turnstile/v0/api.js`, for the widget's Turnstile script. */
  scriptUrl: string;
  /** Every siteverify body, parsed. */
  verifications: Array<Record<string, unknown>>;
  /** Mints a token as the browser widget would after a solved challenge. */
  issue(claims: { hostname: string; action?: string; cdata?: string }): string;
  /** How many tokens the browser side has handed out. */
  readonly challengesSolved: number;
  close(): Promise<void>;
}

interface Issued {
  hostname: string;
  action: string;
  cdata: string;
  issuedAt: number;
  /** The idempotency key and answer of the siteverify call that spent it. */
  spent?: { key: string | undefined; answer: Record<string, unknown> };
}

/** Starts a peer for `siteKey` and `secretKey`. */
export async function startTurnstilePeer(keys: {
  siteKey: string;
  secretKey: string;
}): Promise<TurnstilePeer> {
  const tokens = new Map<string, Issued>();
  const verifications: Array<Record<string, unknown>> = [];
  let challengesSolved = 0;
  const issue = (claims: { hostname: string; action?: string; cdata?: string }): string => {
    const token = `0.${randomBytes(48).toString('base64url')}`;
    tokens.set(token, {
      hostname: claims.hostname,
      action: claims.action ?? '',
      cdata: claims.cdata ?? '',
      issuedAt: Date.now(),
    });
    return token;
  };

  const siteverify = (body: Record<string, unknown>): Record<string, unknown> => {
    const refused = inputFailure(body, keys.secretKey);
    if (refused) return refused;
    const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined;
    const issued = tokens.get(body.response as string);
    if (!issued) return failure('invalid-input-response');
    if (issued.spent) {
      return key !== undefined && issued.spent.key === key
        ? issued.spent.answer
        : failure('timeout-or-duplicate');
    }
    const answer = firstAnswer(issued);
    issued.spent = { key, answer };
    return answer;
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch(() => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success: false, 'error-codes': ['internal-error'] }));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://peer').pathname;
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    if (request.method === 'GET' && path === '/turnstile/v0/api.js') {
      response
        .writeHead(200, { ...cors, 'content-type': 'text/javascript' })
        .end(browserScript(`http://127.0.0.1:${port()}`));
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    const body = parseBody(await readBody(request), request.headers['content-type'] ?? '');
    if (path === '/turnstile/v0/siteverify') {
      verifications.push(body);
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(siteverify(body)));
      return;
    }
    if (path === '/challenge') {
      solveChallenge(body, response, cors);
      return;
    }
    response.writeHead(404).end();
  }

  /** `POST /challenge`: the browser side's solved challenge, answered with a token. */
  function solveChallenge(
    body: Record<string, unknown>,
    response: ServerResponse,
    cors: Record<string, string>,
  ): void {
    if (body.sitekey !== keys.siteKey) {
      response.writeHead(400, { ...cors, 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'invalid sitekey' }));
      return;
    }
    challengesSolved += 1;
    const token = issue({
      hostname: String(body.hostname ?? ''),
      action: typeof body.action === 'string' ? body.action : '',
      cdata: typeof body.cdata === 'string' ? body.cdata : '',
    });
    response
      .writeHead(200, { ...cors, 'content-type': 'application/json' })
      .end(JSON.stringify({ token }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = () => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  };
  const url = `http://127.0.0.1:${port()}`;
  return {
    url,
    verifyUrl: `${url}/turnstile/v0/siteverify`,
    scriptUrl: `${url}/turnstile/v0/api.js`,
    verifications,
    issue,
    get challengesSolved() {
      return challengesSolved;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A siteverify failure with its error codes. */
function failure(...codes: string[]): Record<string, unknown> {
  return { success: false, 'error-codes': codes };
}

/** The siteverify failure of a body without the right secret or without a response. */
function inputFailure(
  body: Record<string, unknown>,
  secretKey: string,
): Record<string, unknown> | undefined {
  if (typeof body.secret !== 'string' || body.secret === '') return failure('missing-input-secret');
  if (body.secret !== secretKey) return failure('invalid-input-secret');
  if (typeof body.response !== 'string' || body.response === '')
    return failure('missing-input-response');
  return undefined;
}

/** The answer of a token's first siteverify: its claims, or a timeout once it is too old. */
function firstAnswer(issued: Issued): Record<string, unknown> {
  if (Date.now() - issued.issuedAt > TOKEN_LIFETIME_MS) return failure('timeout-or-duplicate');
  return {
    success: true,
    'error-codes': [],
    challenge_ts: new Date(issued.issuedAt).toISOString(),
    hostname: issued.hostname,
    action: issued.action,
    cdata: issued.cdata,
  };
}

/** A POST body: JSON when the content type says so, else a form. */
function parseBody(text: string, type: string): Record<string, unknown> {
  return type.includes('application/json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : Object.fromEntries(new URLSearchParams(text));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The browser side: Turnstile's explicit-rendering API. `render` with `execution: 'execute'`
 * waits for `execute`; then the token comes from the peer and goes to `callback`. A widget's
 * token is used once: `reset` readies it for another.
 */
function browserScript(origin: string): string {
  return `(() => {
  const widgets = new Map();
  let next = 0;
  const find = (ref) => typeof ref === 'string' && widgets.has(ref) ? widgets.get(ref)
    : [...widgets.values()].find((w) => w.container === ref || w.container === document.querySelector(ref));
  async function run(widget) {
    widget.response = undefined;
    try {
      const answer = await fetch(${JSON.stringify(`${origin}/challenge`)}, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sitekey: widget.params.sitekey, action: widget.params.action,
          cdata: widget.params.cdata, hostname: location.hostname }),
      });
      if (!answer.ok) throw new Error('challenge refused');
      widget.response = (await answer.json()).token;
      widget.params.callback?.(widget.response);
    } catch (error) {
      widget.params['error-callback']?.('300010');
    }
  }
  window.turnstile = {
    render(container, params) {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      const id = 'cf-stand-in-' + next++;
      const widget = { id, container: element, params: { ...params } };
      widgets.set(id, widget);
      if (params.execution !== 'execute') void run(widget);
      return id;
    },
    execute(ref, params) {
      const widget = find(ref);
      if (!widget) return;
      if (params) Object.assign(widget.params, params);
      void run(widget);
    },
    reset(ref) { const widget = find(ref); if (widget) widget.response = undefined; },
    remove(ref) { const widget = find(ref); if (widget) widgets.delete(widget.id); },
    getResponse(ref) { return find(ref)?.response; },
    isExpired() { return false; },
  };
  const onload = new URL(document.currentScript?.src ?? location.href).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();`;
}
