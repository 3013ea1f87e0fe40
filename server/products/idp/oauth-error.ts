/** The errors of the standard endpoints (token, userinfo), in RFC 6749's shape, not the SDK's. */

/** An RFC 6749 section 5.2 error code. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_token';

/** An error answered as `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === 'invalid_client' || error === 'invalid_token' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}
