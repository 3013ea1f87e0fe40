/**
 * The "Sign in with Velvet" panel: the development project registers a sample application
 * (`velvet-demo-app`, a public client, see `server/config/config.ts`), and this panel plays it.
 * Its button runs the whole OpenID Connect flow: PKCE and state into `sessionStorage`, the
 * authorization endpoint (sign in if needed, then the consent screen), back here with a code,
 * the token exchange, the ID token's claims and userinfo; then a logout through the
 * end-session endpoint's confirmation screen. A real application does the exchange on its
 * server with a certified library (the e2e test uses openid-client); the demo does it in the
 * page to show each step.
 */
import { html, nothing, type TemplateResult } from 'lit';

/** The sample application's client id. */
export const DEMO_CLIENT_ID = 'velvet-demo-app';
/** What marks the demo's URL as the application's callback or its return from logout. */
const PARAM = 'oidc';
const STORAGE_KEY = 'velvet-demo-oidc';

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
  publicToken: string;
}

/** What the panel shows after a round trip. */
type Outcome =
  | {
      kind: 'signed-in';
      claims: Record<string, unknown>;
      userinfo: unknown;
      idToken: string;
      publicToken: string;
    }
  | { kind: 'error'; message: string }
  | { kind: 'signed-out' };

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function random(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The payload of a JWT, decoded (not verified: the token came straight from the token endpoint). */
function payloadOf(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  const json = atob(part.replaceAll('-', '+').replaceAll('_', '/'));
  return JSON.parse(json) as Record<string, unknown>;
}

/** The sample application's side of the flow. */
export class SampleApp {
  private outcome: Outcome | undefined;
  private busy = false;
  private readonly callback: URL | undefined;

  /** Reads (and removes from the address bar) a callback or logout return. */
  constructor(
    private readonly origin: string,
    private readonly changed: () => void,
  ) {
    const url = new URL(location.href);
    const step = url.searchParams.get(PARAM);
    if (step !== 'callback' && step !== 'signed-out') return;
    history.replaceState(null, '', `${url.pathname}`);
    if (step === 'signed-out') this.outcome = { kind: 'signed-out' };
    else this.callback = url;
  }

  private issuer(publicToken: string): string {
    return `${this.origin}/oauth/${publicToken}`;
  }

  /** Where the issuer sends the browser back. */
  redirectUri(step: 'callback' | 'signed-out'): string {
    return `${this.origin}/demo/?${PARAM}=${step}`;
  }

  /** Finishes a callback, if the page is one. */
  async finish(): Promise<void> {
    const url = this.callback;
    if (!url) return;
    const pending = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Pending | null;
    sessionStorage.removeItem(STORAGE_KEY);
    const error = url.searchParams.get('error');
    if (error) {
      this.outcome = { kind: 'error', message: `The application got error=${error}.` };
    } else if (!pending || url.searchParams.get('state') !== pending.state) {
      this.outcome = { kind: 'error', message: 'The state does not match this browser’s request.' };
    } else {
      this.busy = true;
      this.changed();
      try {
        const issuer = this.issuer(pending.publicToken);
        const response = await fetch(`${issuer}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: url.searchParams.get('code') ?? '',
            redirect_uri: this.redirectUri('callback'),
            code_verifier: pending.verifier,
            client_id: DEMO_CLIENT_ID,
          }),
        });
        const tokens = (await response.json()) as Record<string, string>;
        if (!response.ok) throw new Error(`${tokens.error}: ${tokens.error_description}`);
        const claims = payloadOf(tokens.id_token ?? '');
        if (claims.nonce !== pending.nonce) throw new Error('The ID token’s nonce does not match.');
        const userinfo = await (
          await fetch(`${issuer}/userinfo`, {
            headers: { authorization: `Bearer ${tokens.access_token}` },
          })
        ).json();
        this.outcome = {
          kind: 'signed-in',
          claims,
          userinfo,
          idToken: tokens.id_token ?? '',
          publicToken: pending.publicToken,
        };
      } catch (failure) {
        this.outcome = { kind: 'error', message: String((failure as Error).message ?? failure) };
      } finally {
        this.busy = false;
      }
    }
    this.changed();
  }

  /** Starts the flow: to the authorization endpoint with PKCE, state and nonce. */
  async start(publicToken: string): Promise<void> {
    const pending: Pending = { verifier: random(), state: random(), nonce: random(), publicToken };
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
    const digest = await crypto.subtle.digest(
      'SHA-256',
      new TextEncoder().encode(pending.verifier),
    );
    const url = new URL(`${this.issuer(publicToken)}/authorize`);
    url.search = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      redirect_uri: this.redirectUri('callback'),
      response_type: 'code',
      scope: 'openid email profile phone offline_access',
      code_challenge: base64url(new Uint8Array(digest)),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    }).toString();
    location.assign(url.href);
  }

  /** The end-session link for the signed-in sample application. */
  private logoutUrl(outcome: Extract<Outcome, { kind: 'signed-in' }>): string {
    const url = new URL(`${this.issuer(outcome.publicToken)}/logout`);
    url.search = new URLSearchParams({
      client_id: DEMO_CLIENT_ID,
      post_logout_redirect_uri: this.redirectUri('signed-out'),
      id_token_hint: outcome.idToken,
      state: random(),
    }).toString();
    return url.href;
  }

  /** The panel. */
  render(publicToken: string): TemplateResult {
    const outcome = this.outcome;
    return html`<section class="panel" aria-labelledby="oidc-title">
      <h2 id="oidc-title">Sign in with Velvet (OpenID Connect)</h2>
      <p class="hint">
        The development project registers a sample application, <code>${DEMO_CLIENT_ID}</code>.
        Run its flow: Velvet’s consent screen (after sign-in if needed), then the code exchange,
        the ID token and userinfo. Issuer: <code>${this.issuer(publicToken)}</code>.
      </p>
      <button type="button" ?disabled=${this.busy} @click=${() => void this.start(publicToken)}>
        Sign in to the sample app with Velvet
      </button>
      ${
        outcome?.kind === 'signed-in'
          ? html`<p role="status">The sample app signed in <code>${String(outcome.claims.sub)}</code>.</p>
              <h3>ID token claims</h3>
              <pre>${JSON.stringify(outcome.claims, null, 2)}</pre>
              <h3>Userinfo</h3>
              <pre>${JSON.stringify(outcome.userinfo, null, 2)}</pre>
              <a href=${this.logoutUrl(outcome)}>Log out of the sample app</a>`
          : outcome?.kind === 'error'
            ? html`<p role="alert">${outcome.message}</p>`
            : outcome?.kind === 'signed-out'
              ? html`<p role="status">The sample app returned from Velvet’s logout.</p>`
              : nothing
      }
    </section>`;
  }
}
