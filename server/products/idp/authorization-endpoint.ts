/**
 * The authorization endpoint's own checks (`GET /oauth/{public_token}/authorize`), made on the
 * query before the page is served, with the session of the provider's `HttpOnly` cookie (the
 * page's session on the server's own origin) when there is one. Once the client and its
 * redirect URI are known (else the page explains the error, sending nothing anywhere):
 * - `response_mode` other than `query`: refused with a 400 page (only `query` is offered, as
 *   discovery's `response_modes_supported` says), never answered in the query instead;
 * - `request` / `request_uri`: `request_not_supported` / `request_uri_not_supported`;
 * - a parameter given twice, `max_age` not a number, an unknown `prompt` value or `none` with
 *   others: `invalid_request`;
 * - `prompt=none`: never the page: `login_required` (no session, an impersonated one, or one
 *   older than `max_age`), `consent_required`, or the code;
 * - `prompt=login` or `select_account`: the page again, without them but with `auth_after`
 *   (now), so the widget signs the user in (choosing the account) before any code is issued;
 * - `max_age` (without `prompt=none`): the page again with `auth_after` (now less `max_age`)
 *   instead, so the sign-in the page asks for satisfies it however long it takes.
 */
import type { Project } from '../../projects/projects-repository.js';
import { assertNotImpersonated, type SessionRecord } from '../sessions/index.js';
import { type IdpService, issuerOf, withQuery } from './idp-service.js';
import type { IdpClient } from './idp-settings.js';

/** What the authorization endpoint does with a request before (or instead of) its page. */
export type AuthorizationStep =
  /** Serve the page: the widget signs the user in and asks for consent (or shows the error). */
  | { kind: 'page' }
  /** Send the browser to `location` (the application with a code or an error, or the page again). */
  | { kind: 'redirect'; location: string }
  /** Answer 400 with `message`: a request the provider cannot answer the way it asks. */
  | { kind: 'refuse'; message: string };

/** The `prompt` values of OpenID Connect Core 3.1.2.1, all supported. */
export const PROMPT_VALUES = ['none', 'login', 'consent', 'select_account'] as const;

/** The scope the page asks for when the request names none (as the widget reads it). */
const DEFAULT_SCOPE = 'openid email profile';

/** An authorization error: its code and description. */
type Failure = [error: string, description: string];

/** The parameters that may appear once only (RFC 6749 3.1); the redirect URI is checked by then. */
const SINGLE_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'prompt',
  'max_age',
  'code_challenge',
  'code_challenge_method',
  'auth_after',
];

/** The request's malformed or unsupported parameters, the first found. */
function malformed(query: URLSearchParams, prompts: readonly string[]): Failure | undefined {
  const repeated = SINGLE_PARAMETERS.find((name) => query.getAll(name).length > 1);
  if (repeated) return ['invalid_request', `${repeated} is given more than once.`];
  if (query.has('request')) return ['request_not_supported', 'Request objects are not supported.'];
  if (query.has('request_uri')) {
    return ['request_uri_not_supported', 'request_uri is not supported.'];
  }
  const maxAge = query.get('max_age');
  if (maxAge !== null && !/^\d{1,10}$/.test(maxAge)) {
    return ['invalid_request', 'max_age must be a number of seconds.'];
  }
  if (prompts.some((prompt) => !(PROMPT_VALUES as readonly string[]).includes(prompt))) {
    return ['invalid_request', 'prompt takes none, login, consent and select_account.'];
  }
  if (prompts.includes('none') && prompts.length > 1) {
    return ['invalid_request', 'prompt=none cannot be combined with other values.'];
  }
  return undefined;
}

/** Whether `session` may act for the user without UI: its own (not impersonated). */
function isOwnSession(session: SessionRecord): boolean {
  try {
    assertNotImpersonated(session);
    return true;
  } catch {
    return false;
  }
}

/** The authorization endpoint's checks (see the module comment). */
export class AuthorizationEndpoint {
  constructor(
    private readonly idp: IdpService,
    private readonly ownOrigin: string,
    private readonly clock: () => number,
  ) {}

  /** What to do with the request `query` for `project`, with the cookie's `session`. */
  async step(
    project: Project,
    query: URLSearchParams,
    session: SessionRecord | undefined,
  ): Promise<AuthorizationStep> {
    const clientId = query.get('client_id');
    const redirectUri = query.get('redirect_uri');
    const client = (project.settings.idp?.clients ?? []).find((c) => c.clientId === clientId);
    if (!client || !redirectUri || !client.redirectUris.includes(redirectUri)) {
      return { kind: 'page' };
    }
    const responseMode = query.get('response_mode');
    if (responseMode !== null && responseMode !== 'query') {
      return {
        kind: 'refuse',
        message: `response_mode=${responseMode} is not supported: this provider answers in the query only (response_modes_supported).`,
      };
    }
    const issuer = issuerOf(this.ownOrigin, project);
    const fail = ([error, description]: Failure): AuthorizationStep => ({
      kind: 'redirect',
      location: withQuery(redirectUri, {
        error,
        error_description: description,
        state: query.get('state') ?? undefined,
        iss: issuer,
      }),
    });
    const prompts = (query.get('prompt') ?? '').split(' ').filter(Boolean);
    const failure = malformed(query, prompts);
    if (failure) return fail(failure);
    if (prompts.includes('none')) {
      const answer = await this.#silently(project, client, redirectUri, query, session);
      return typeof answer === 'string' ? { kind: 'redirect', location: answer } : fail(answer);
    }
    const again = reauthentication(query, prompts, Math.floor(this.clock() / 1000));
    return again
      ? { kind: 'redirect', location: `${issuer}/authorize?${again}` }
      : { kind: 'page' };
  }

  /** `prompt=none`: the redirect with the code, or why there is none. */
  async #silently(
    project: Project,
    client: IdpClient,
    redirectUri: string,
    query: URLSearchParams,
    session: SessionRecord | undefined,
  ): Promise<string | Failure> {
    const maxAge = query.get('max_age');
    const freshness = maxAge === null ? {} : { max_age: Number(maxAge) };
    if (!session || !isOwnSession(session) || !this.idp.isFresh(session, freshness)) {
      return ['login_required', 'The user is not signed in.'];
    }
    const scopes = (query.get('scope') ?? DEFAULT_SCOPE).split(' ').filter(Boolean);
    const results = this.idp.scopeResults(client, scopes);
    if (await this.idp.consentRequired(project, session.userId, client, results, undefined)) {
      return ['consent_required', 'The user has not granted this application access.'];
    }
    const optional = (name: string) => query.get(name) ?? undefined;
    const answer = await this.idp.authorize(project, session, {
      client_id: client.clientId,
      redirect_uri: redirectUri,
      response_type: query.get('response_type') ?? 'code',
      scopes,
      state: optional('state'),
      nonce: optional('nonce'),
      code_challenge: optional('code_challenge'),
      code_challenge_method: optional('code_challenge_method'),
      ...freshness,
      consent_granted: true,
    });
    return answer.redirect_uri;
  }
}

/**
 * The query the page gets instead of `query` when the request asks for a fresh sign-in
 * (`prompt=login` or `select_account`, or `max_age`): without them, with `auth_after`, a fixed
 * point (`now`, or `now` less `max_age`), instead of a window that moves with the clock, so the
 * sign-in the page asks for satisfies the request however long it takes (a slow phone,
 * `max_age=0`). `undefined` when the request asks for none.
 */
function reauthentication(
  query: URLSearchParams,
  prompts: string[],
  now: number,
): URLSearchParams | undefined {
  const login = prompts.includes('login') || prompts.includes('select_account');
  const maxAge = query.get('max_age');
  if (!login && maxAge === null) return undefined;
  const again = new URLSearchParams(query);
  const rest = prompts.filter((prompt) => prompt !== 'login' && prompt !== 'select_account');
  if (rest.length) again.set('prompt', rest.join(' '));
  else again.delete('prompt');
  again.delete('max_age');
  again.set('auth_after', String(login ? now : now - Number(maxAge)));
  return again;
}
