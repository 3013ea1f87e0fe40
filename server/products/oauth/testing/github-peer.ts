/**
 * A local stand-in for GitHub's OAuth app flow, speaking GitHub's documented wire format:
 * `GET /login/oauth/authorize` (a page with an 'Authorize' button), `POST
 * /login/oauth/access_token` (form body with client_id, client_secret, code, redirect_uri;
 * JSON answer `{access_token, token_type, scope}`), `GET /user` and `GET /user/emails` with the
 * bearer token. Tests point the GitHub provider's endpoints at it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../../http/escape-html.js';

/** The GitHub account the stand-in signs in. */
export interface GitHubAccount {
  id: number;
  login: string;
  name: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

/** A running stand-in. */
export interface GitHubPeer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The endpoints to configure (`authorizationEndpoint`, …). */
  endpoints: { authorizationEndpoint: string; tokenEndpoint: string; userInfoEndpoint: string };
  /** Replaces the account the next sign-ins get. */
  setAccount(account: GitHubAccount): void;
  close(): Promise<void>;
}

const DEFAULT_ACCOUNT: GitHubAccount = {
  id: 4242,
  login: 'octo-guest',
  name: 'Octo Guest',
  emails: [{ email: 'octo@github.test', primary: true, verified: true }],
};

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(value));
}

/** Starts the stand-in on 127.0.0.1. */
export async function startGitHubPeer(
  options: { port?: number; clientId?: string; clientSecret?: string } = {},
): Promise<GitHubPeer> {
  const clientId = options.clientId ?? 'velvet-github-client';
  const clientSecret = options.clientSecret ?? 'velvet-github-secret-0123456789';
  let account = DEFAULT_ACCOUNT;
  const codes = new Map<string, { redirectUri: string; account: GitHubAccount }>();
  const tokens = new Map<string, GitHubAccount>();

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    switch (`${request.method} ${url.pathname}`) {
      case 'GET /login/oauth/authorize':
        return authorizePage(url, response);
      case 'POST /login/oauth/authorize':
        return decide(new URLSearchParams(await readBody(request)), response);
      case 'POST /login/oauth/access_token':
        return grantToken(new URLSearchParams(await readBody(request)), response);
    }
    if (url.pathname === '/user' || url.pathname === '/user/emails') {
      return userResource(url.pathname, bearerAccount(request), response);
    }
    json(response, 404, { message: 'Not Found' });
  });

  /** The account of the request's bearer token, if it names one. */
  function bearerAccount(request: IncomingMessage): GitHubAccount | undefined {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return bearer ? tokens.get(bearer) : undefined;
  }

  /** `GET /login/oauth/authorize`: the consent page, its form carrying the request's fields. */
  function authorizePage(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (url.searchParams.get('client_id') !== clientId || !redirectUri) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client');
      return;
    }
    const fields = ['redirect_uri', 'state', 'scope']
      .map(
        (name) =>
          `<input type="hidden" name="${name}" value="${escapeHtml(url.searchParams.get(name) ?? '')}">`,
      )
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Authorize application</title></head><body><main>` +
        `<h1>Authorize Velvet tests</h1><p>Signed in as ${escapeHtml(account.login)}.</p>` +
        `<form method="post" action="/login/oauth/authorize">${fields}` +
        `<button name="decision" value="allow">Authorize</button>` +
        `<button name="decision" value="deny">Cancel</button></form></main></body></html>`,
    );
  }

  /** `POST /login/oauth/authorize`: back to the redirect URI with a code, or `access_denied`. */
  function decide(form: URLSearchParams, response: ServerResponse): void {
    const target = new URL(form.get('redirect_uri') ?? '');
    target.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') === 'allow') {
      const code = randomBytes(10).toString('hex');
      codes.set(code, { redirectUri: form.get('redirect_uri') ?? '', account });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user has denied your application access.');
    }
    response.writeHead(302, { location: target.toString() }).end();
  }

  /** `POST /login/oauth/access_token`: a code (spent whatever the answer) for a token. */
  function grantToken(form: URLSearchParams, response: ServerResponse): void {
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code);
    // GitHub answers errors with 200 and an `error` field.
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      json(response, 200, { error: 'incorrect_client_credentials' });
      return;
    }
    if (!grant || grant.redirectUri !== form.get('redirect_uri')) {
      json(response, 200, { error: 'bad_verification_code' });
      return;
    }
    const token = `gho_${randomBytes(18).toString('hex')}`;
    tokens.set(token, grant.account);
    json(response, 200, {
      access_token: token,
      token_type: 'bearer',
      scope: 'read:user,user:email',
    });
  }

  /** `GET /user` and `GET /user/emails` for the token's account. */
  function userResource(
    path: string,
    user: GitHubAccount | undefined,
    response: ServerResponse,
  ): void {
    if (!user) {
      json(response, 401, { message: 'Bad credentials' });
      return;
    }
    if (path === '/user') {
      json(response, 200, {
        id: user.id,
        login: user.login,
        name: user.name,
        avatar_url: `https://avatars.githubusercontent.test/u/${user.id}`,
        email: user.emails.find((e) => e.primary)?.email ?? null,
      });
    } else {
      json(
        response,
        200,
        user.emails.map((e) => ({ ...e, visibility: e.primary ? 'public' : null })),
      );
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    clientId,
    clientSecret,
    endpoints: {
      authorizationEndpoint: `${url}/login/oauth/authorize`,
      tokenEndpoint: `${url}/login/oauth/access_token`,
      userInfoEndpoint: `${url}/user`,
    },
    setAccount(next) {
      account = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
