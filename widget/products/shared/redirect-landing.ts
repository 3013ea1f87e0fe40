/**
 * The landing of a redirect that carries a token back to the page (`?stytch_token_type=…&token=…`,
 * from a magic link or an OAuth provider), written once: the token is taken once per page however
 * many widgets it holds, and leaves the address at once so a reload cannot reuse it.
 */

/** Removes the redirect's parameters from the page's address, so a reload cannot reuse its token. */
export function forgetRedirectToken(): void {
  const url = new URL(globalThis.location.href);
  url.searchParams.delete('token');
  url.searchParams.delete('stytch_token_type');
  globalThis.history?.replaceState(globalThis.history.state, '', url);
}

/** The tokens of one `stytch_token_type` that land on this page. */
export class RedirectLanding {
  /** The tokens this page has started to authenticate: each once, however many widgets. */
  readonly #started = new Set<string>();

  constructor(private readonly tokenType: string) {}

  /** The token when the page was opened by this kind of redirect, else `undefined`. */
  #tokenInUrl(): string | undefined {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const token = params.get('token');
    return params.get('stytch_token_type') === this.tokenType && token ? token : undefined;
  }

  /**
   * The token of the redirect that opened the page, the first time it is asked for (it then
   * leaves the address); `undefined` when there is none or it was taken already.
   */
  take(): string | undefined {
    const token = this.#tokenInUrl();
    if (!token || this.#started.has(token)) return undefined;
    this.#started.add(token);
    forgetRedirectToken();
    return token;
  }

  /** Whether this page has taken a token of this kind. */
  get taken(): boolean {
    return this.#started.size > 0;
  }
}
