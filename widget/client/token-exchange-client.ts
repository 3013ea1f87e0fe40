/**
 * Sessions from credentials other than the user's own factors: `exchangeAccessToken` (an access
 * token the project issued as identity provider), `attest` (a JWT of an issuer the project
 * trusts) and `impersonate` (a token minted on the server's host). Each signs the client in.
 */

import { type AuthenticateResponse, isAuthenticateResponse } from './api-types.js';
import type { HttpClient } from './http-client.js';
import type { SessionManager } from './session-manager.js';
import { checkNumber, checkOptionalNumber, checkOptions, checkString } from './type-checks.js';

/** Signs in with tokens from elsewhere. */
export class TokenExchangeClient {
  private readonly http: HttpClient;
  private readonly sessions: SessionManager;

  constructor(http: HttpClient, sessions: SessionManager) {
    this.http = http;
    this.sessions = sessions;
  }

  /** `POST /sessions/exchange_access_token {access_token, session_duration_minutes}`. */
  async exchangeAccessToken(options: {
    readonly access_token: string;
    readonly session_duration_minutes: number;
  }): Promise<AuthenticateResponse> {
    checkOptions(
      'client.session.exchangeAccessToken',
      options,
      "{ access_token: 'eyJ…', session_duration_minutes: 60 }",
      {
        required: true,
      },
    );
    checkString('access_token', options.access_token);
    checkNumber('session_duration_minutes', options.session_duration_minutes);
    return this.signIn('/sessions/exchange_access_token', {
      access_token: options.access_token,
      session_duration_minutes: options.session_duration_minutes,
    });
  }

  /** `POST /sessions/attest {profile_id, token, session_duration_minutes?}`. */
  async attest(options: {
    readonly profile_id: string;
    readonly token: string;
    readonly session_duration_minutes?: number;
  }): Promise<AuthenticateResponse> {
    checkOptions('client.session.attest', options, "{ profile_id: 'partner', token: 'eyJ…' }", {
      required: true,
    });
    checkString('profile_id', options.profile_id);
    checkString('token', options.token);
    checkOptionalNumber('session_duration_minutes', options.session_duration_minutes);
    return this.signIn('/sessions/attest', {
      profile_id: options.profile_id,
      token: options.token,
      ...(options.session_duration_minutes === undefined
        ? {}
        : { session_duration_minutes: options.session_duration_minutes }),
    });
  }

  /** `POST /impersonation/authenticate {impersonation_token}`. */
  async impersonate(options: {
    readonly impersonation_token: string;
  }): Promise<AuthenticateResponse> {
    checkOptions('client.impersonation.authenticate', options, "{ impersonation_token: '…' }", {
      required: true,
    });
    checkString('impersonation_token', options.impersonation_token);
    return this.signIn('/impersonation/authenticate', {
      impersonation_token: options.impersonation_token,
    });
  }

  private async signIn(path: string, body: Record<string, unknown>): Promise<AuthenticateResponse> {
    const response = await this.http.post(path, body, isAuthenticateResponse);
    this.sessions.applyAuthentication(response);
    return response;
  }
}
