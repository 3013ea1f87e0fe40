/**
 * Verifies a Google ID token the way Google documents it: its signature against the keys of the
 * configured JWKS (Google's by default, fetched and cached by `jose`), its issuer, its audience
 * (the project's Google client id), its expiry (by the server's clock), and the nonce the page's
 * prompt was started with.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JWK,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { ApiError } from '../../http/api-error.js';
import type { OAuthProviderSettings } from '../oauth/index.js';
import './oauth-one-tap-errors.js';

/** Google's ID token issuer. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google's signing keys. */
export const GOOGLE_JWKS_URI = 'https://www.googleapis.com/oauth2/v3/certs';
/** Google signs with either form of its issuer. */
const GOOGLE_ISSUERS = [GOOGLE_ISSUER, 'accounts.google.com'];

/** What a verified ID token says about the person. */
export interface GoogleIdentity {
  /** The Google account's stable id (`sub`). */
  subject: string;
  /** The account's email address, lower-cased, verified by Google. */
  email: string;
  name: { first_name: string; last_name: string };
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;

/**
 * The development identity provider's Google (development only): the issuer and key its ID
 * tokens carry, for a project whose Google is `"development": true`.
 */
export interface DevelopmentGoogle {
  issuer: string;
  publicJwk: JWK;
}

/** Checks Google ID tokens; one per server, caching each JWKS it reads. */
export class GoogleIdTokenVerifier {
  readonly #keySets = new Map<string, KeySet>();
  readonly #development:
    | { issuer: string; keySet: ReturnType<typeof createLocalJWKSet> }
    | undefined;

  /** `development`: the development Google, on a development server only. */
  constructor(development?: DevelopmentGoogle) {
    this.#development = development && {
      issuer: development.issuer,
      keySet: createLocalJWKSet({ keys: [development.publicJwk] }),
    };
  }

  /** The keys and issuer `google`'s tokens are checked against. */
  #trusted(google: OAuthProviderSettings) {
    if (google.development) {
      // Production has no development Google: such a token is never valid there.
      if (!this.#development) throw new ApiError('invalid_id_token');
      return { keySet: this.#development.keySet, issuer: this.#development.issuer };
    }
    const jwksUri = google.jwksUri ?? GOOGLE_JWKS_URI;
    let keySet = this.#keySets.get(jwksUri);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 5_000 });
      this.#keySets.set(jwksUri, keySet);
    }
    return { keySet, issuer: google.issuer ?? GOOGLE_ISSUERS };
  }

  /**
   * The identity in `idToken`, or `ApiError('invalid_id_token' | 'id_token_expired' |
   * 'id_token_nonce_mismatch' | 'oauth_email_not_verified')`.
   */
  async verify(
    idToken: string,
    google: OAuthProviderSettings,
    expected: { nonce: string; now: number },
  ): Promise<GoogleIdentity> {
    const { keySet, issuer } = this.#trusted(google);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySet, {
        issuer,
        audience: google.clientId,
        currentDate: new Date(expected.now),
        algorithms: ['RS256', 'ES256'],
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new ApiError('id_token_expired');
      if (error instanceof errors.JWTClaimValidationFailed) {
        throw new ApiError('invalid_id_token', `The ID token's ${error.claim} claim is not valid.`);
      }
      if (error instanceof errors.JOSEError) throw new ApiError('invalid_id_token');
      throw error;
    }
    if (typeof payload.nonce !== 'string' || payload.nonce !== expected.nonce) {
      throw new ApiError('id_token_nonce_mismatch');
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    if (!email || payload.email_verified !== true) throw new ApiError('oauth_email_not_verified');
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 256) : '');
    return {
      subject: String(payload.sub),
      email,
      name: { first_name: text(payload.given_name), last_name: text(payload.family_name) },
    };
  }
}
