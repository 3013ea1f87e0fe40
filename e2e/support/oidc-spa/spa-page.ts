/**
 * The browser application of the oidc-client-ts test (bundled by `spa-site.ts`): a public SPA
 * client with PKCE, written from oidc-client-ts's documentation, nothing of Velvet's. It reads
 * its settings from `window.spaConfig`, leaves its `UserManager` on `window.spa.manager`,
 * completes a sign-in on `/callback` and a logout on `/signed-out`, and reports each outcome in
 * `window.spa.outcome` and in `#outcome`.
 */
import { type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** What the test page serves in `window.spaConfig`. */
export interface SpaConfig {
  /** The issuer: discovery is at `{authority}/.well-known/openid-configuration`. */
  authority: string;
  clientId: string;
  scope: string;
}

/** What the page did on its load. */
export type SpaOutcome =
  | { kind: 'idle' }
  | { kind: 'signed-in'; user: SpaUser }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string };

/** The parts of an oidc-client-ts `User` the test reads. */
export interface SpaUser {
  profile: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | undefined;
  idToken: string | undefined;
  scope: string | undefined;
}

/** What the page leaves on `window.spa`. */
export interface SpaWindow {
  spaConfig: SpaConfig;
  spa: {
    manager: UserManager;
    outcome: SpaOutcome | undefined;
    userOf(user: User): SpaUser;
  };
}

const page = window as unknown as SpaWindow;
const { authority, clientId, scope } = page.spaConfig;
const manager = new UserManager({
  authority,
  client_id: clientId,
  redirect_uri: `${location.origin}/callback`,
  post_logout_redirect_uri: `${location.origin}/signed-out`,
  response_type: 'code',
  scope,
  loadUserInfo: true,
  automaticSilentRenew: false,
  userStore: new WebStorageStateStore({ store: window.localStorage }),
});

function userOf(user: User): SpaUser {
  return {
    profile: { ...user.profile },
    accessToken: user.access_token,
    refreshToken: user.refresh_token,
    idToken: user.id_token,
    scope: user.scope,
  };
}

page.spa = { manager, outcome: undefined, userOf };

function report(outcome: SpaOutcome): void {
  page.spa.outcome = outcome;
  const element = document.getElementById('outcome');
  if (element) element.textContent = outcome.kind;
}

async function start(): Promise<void> {
  try {
    if (location.pathname === '/callback') {
      report({ kind: 'signed-in', user: userOf(await manager.signinRedirectCallback()) });
    } else if (location.pathname === '/signed-out') {
      await manager.signoutRedirectCallback();
      report({ kind: 'signed-out' });
    } else {
      report({ kind: 'idle' });
    }
  } catch (error) {
    report({ kind: 'error', message: String(error) });
  }
}

void start();
