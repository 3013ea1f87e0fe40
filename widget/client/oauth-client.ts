/**
 * `client.oauth`: `authenticate` exchanges the `token` an OAuth sign-in landed with
 * (`?stytch_token_type=oauth&token=…`, from Google One Tap here) for a session. The redirect
 * flow's `client.oauth.{provider}.start` joins it with the OAuth product.
 */
import { type AuthenticateResponse, isAuthenticateResponse } from './api-types.js';
import type { HttpClient } from './http-client.js';
import type { PkceManager } from './pkce.js';
import type { SessionManager } from './session-manager.js';
import { checkNumber, checkOptions, checkString, type JsonObject } from './type-checks.js';

/** Options of {@link OAuthClient.authenticate}. */
export interface OAuthAuthenticateOptions {
  /** How long the new session lasts. */
  readonly session_duration_minutes: number;
}

/** `POST /oauth/authenticate`. */
export interface OAuthAuthenticateResponse extends AuthenticateResponse {
  readonly user_id: string;
  readonly provider_subject: string;
  readonly provider_type: string;
  readonly provider_values: JsonObject;
}

function isOAuthAuthenticateResponse(
  body: JsonObject,
): body is JsonObject & OAuthAuthenticateResponse {
  return isAuthenticateResponse(body) && typeof body.user_id === 'string';
}

/** `client.oauth`. */
export class OAuthClient {
  constructor(
    private readonly http: HttpClient,
    private readonly sessions: SessionManager,
    private readonly pkce: PkceManager,
  ) {}

  /**
   * `POST /oauth/authenticate {token, session_duration_minutes, code_verifier?}`: signs in with
   * the token of an OAuth redirect, sending the PKCE verifier this browser keeps, if any.
   */
  async authenticate(
    token: string,
    options: OAuthAuthenticateOptions,
  ): Promise<OAuthAuthenticateResponse> {
    checkString('token', token);
    checkOptions('client.oauth.authenticate', options, '{ session_duration_minutes: 60 }', {
      required: true,
    });
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    const body: JsonObject = {
      token,
      session_duration_minutes: options.session_duration_minutes,
    };
    const pair = this.pkce.get('oauth');
    if (pair) body.code_verifier = pair.codeVerifier;
    const response = await this.http.post('/oauth/authenticate', body, isOAuthAuthenticateResponse);
    this.pkce.clear('oauth');
    this.sessions.applyAuthentication(response);
    return response;
  }
}
