/**
 * JWTs from outside issuers the project trusts (`trustedTokenProfiles` in the config file),
 * verified with `jose` against each issuer's JWKS (fetched and cached per profile, refreshed on
 * an unknown `kid`), for `POST /sessions/attest`.
 */
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { ApiError } from '../../http/api-error.js';
import type { TrustedTokenProfile } from './session-exchange-settings.js';
import './session-exchange-errors.js';

/** How long a JWKS fetch may take. */
const JWKS_TIMEOUT_MS = 5_000;

/** Verifies trusted tokens; one per server, so each issuer's keys are fetched once. */
export class TrustedTokenVerifier {
  readonly #jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(private readonly clock: () => number) {}

  /**
   * The verified claims of `token` under `profile`.
   * @throws ApiError `invalid_trusted_auth_token` (wrong issuer, audience, signature, expired),
   *   `trusted_auth_token_issuer_unavailable` when the issuer's keys cannot be fetched.
   */
  async verify(profile: TrustedTokenProfile, token: string): Promise<JWTPayload> {
    let jwks = this.#jwks.get(profile.jwksUrl);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(profile.jwksUrl), { timeoutDuration: JWKS_TIMEOUT_MS });
      this.#jwks.set(profile.jwksUrl, jwks);
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: profile.issuer,
        audience: profile.audience,
        requiredClaims: ['exp'],
        currentDate: new Date(this.clock()),
      });
      return payload;
    } catch (error) {
      throw translate(error, profile);
    }
  }
}

function translate(error: unknown, profile: TrustedTokenProfile): ApiError {
  if (error instanceof errors.JWTClaimValidationFailed) {
    const claim = error.claim;
    if (claim === 'iss') {
      return new ApiError(
        'invalid_trusted_auth_token',
        `The token's issuer is not the one profile ${profile.profileId} trusts.`,
      );
    }
    return new ApiError(
      'invalid_trusted_auth_token',
      `The token's ${claim} claim is not valid for profile ${profile.profileId}.`,
    );
  }
  if (error instanceof errors.JWTExpired) {
    return new ApiError('invalid_trusted_auth_token', 'The token expired.');
  }
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSEAlgNotAllowed ||
    error instanceof errors.JOSENotSupported
  ) {
    return new ApiError(
      'invalid_trusted_auth_token',
      `The token is not signed by a key of profile ${profile.profileId}'s issuer.`,
    );
  }
  return new ApiError('trusted_auth_token_issuer_unavailable');
}
