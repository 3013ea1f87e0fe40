/**
 * Reads an authorization request to the development identity provider and refuses what a real
 * provider refuses: an app it does not know, a redirect URI other than the server's own OAuth
 * callback for that provider (no open redirect), another response type, and, where the provider
 * takes PKCE, a missing or non-S256 challenge.
 */
import { FLOW_PARAMS } from '../products/oauth/index.js';
import type { Projects } from '../projects/project-directory.js';
import { developmentClient } from './development-clients.js';

/** What the stand-in needs to know of a provider. */
export interface ProviderFacts {
  name: string;
  /** Whether it signs in with OpenID Connect (an ID token). */
  oidc: boolean;
  pkce: boolean;
  clientAuth: 'post' | 'basic';
  /** The client id parameter's name, where the provider renames it (TikTok: `client_key`). */
  clientIdParam: string;
}

/** The request's parameters the stand-in reads and carries through its page: the flow's own. */
const CARRIED = FLOW_PARAMS;

/** An accepted authorization request. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  nonce?: string;
  scope: string;
  codeChallenge?: string;
  /** Whether the answer is posted back (`response_mode=form_post`) rather than redirected. */
  formPost: boolean;
  /** The parameters as given, for the page's forms. */
  params: Record<string, string>;
}

/** A request refused, with the reason shown to the developer. */
export class AuthorizationRefusal extends Error {}

/** The carried parameters of `source` (a query or a form), strings only. */
export function carriedParams(source: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  const given = (source ?? {}) as Record<string, unknown>;
  for (const name of CARRIED) {
    const value = given[name];
    if (typeof value === 'string' && value.length <= 2048) params[name] = value;
  }
  return params;
}

/**
 * The request of `params` to `provider`, checked.
 * @throws AuthorizationRefusal
 */
export function readAuthorizationRequest(
  provider: ProviderFacts,
  params: Record<string, string>,
  deps: { projects: Projects; callbackUrl: string },
): AuthorizationRequest {
  const clientId = params[provider.clientIdParam];
  if (!developmentClient(deps.projects, provider.name, clientId) || !clientId) {
    throw new AuthorizationRefusal(
      `No project sets up ${provider.name} with "development": true and ${provider.clientIdParam} "${(clientId ?? '').slice(0, 80)}".`,
    );
  }
  if (params.redirect_uri !== deps.callbackUrl) {
    throw new AuthorizationRefusal(
      `The redirect_uri must be this server's own OAuth callback, ${deps.callbackUrl}.`,
    );
  }
  if (params.response_type !== 'code') {
    throw new AuthorizationRefusal('The response_type must be "code".');
  }
  const challenge = params.code_challenge;
  if (provider.pkce && (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge))) {
    throw new AuthorizationRefusal('This provider requires an S256 PKCE code_challenge.');
  }
  if (provider.pkce && params.code_challenge_method !== 'S256') {
    throw new AuthorizationRefusal('The code_challenge_method must be S256.');
  }
  return {
    clientId,
    redirectUri: deps.callbackUrl,
    ...(params.state !== undefined && { state: params.state }),
    ...(params.nonce !== undefined && { nonce: params.nonce }),
    scope: params.scope ?? '',
    ...(provider.pkce && { codeChallenge: challenge }),
    formPost: params.response_mode === 'form_post',
    params,
  };
}
