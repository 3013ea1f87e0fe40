/**
 * The session-exchange settings of a project (`trustedTokenProfiles` in `velvet.config.json`):
 * the issuers whose JWTs `POST /sessions/attest` exchanges for a session.
 */
import type { SettingsPart } from '../../projects/settings-part.js';

/** An outside issuer the project trusts: its JWTs, verified against its JWKS, sign a user in. */
export interface TrustedTokenProfile {
  /** What `POST /sessions/attest` names as `profile_id`. */
  profileId: string;
  /** The `iss` the JWTs must carry. */
  issuer: string;
  /** The `aud` the JWTs must carry. */
  audience: string;
  /** Where the issuer publishes its public keys (a JWK Set). */
  jwksUrl: string;
  /** The claim naming the user. */
  userClaim: string;
  /** What that claim holds: a Velvet user id, or an email address (its user is created on first use). */
  userClaimHolds: 'user_id' | 'email';
}

/** A profile as the config file describes it: the claim is `sub`, a user id, unless given. */
export type TrustedTokenProfileConfig = Omit<TrustedTokenProfile, 'userClaim' | 'userClaimHolds'> &
  Partial<Pick<TrustedTokenProfile, 'userClaim' | 'userClaimHolds'>>;

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    /**
     * Issuers whose JWTs `POST /sessions/attest` exchanges for a session, by `profile_id` (see
     * `server/products/session-exchange/`).
     */
    trustedTokenProfiles: TrustedTokenProfile[];
  }
  interface ProjectConfig {
    trustedTokenProfiles?: TrustedTokenProfileConfig[];
  }
}

/** `trustedTokenProfiles`: none unless listed; each profile's claim over `sub`, a user id. */
export const trustedTokenProfilesPart: SettingsPart<
  'trustedTokenProfiles',
  TrustedTokenProfileConfig[],
  TrustedTokenProfile[]
> = {
  key: 'trustedTokenProfiles',
  schema: {
    type: 'array',
    maxItems: 20,
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['profileId', 'issuer', 'audience', 'jwksUrl'],
      properties: {
        profileId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
        issuer: { type: 'string', minLength: 1, maxLength: 2048 },
        audience: { type: 'string', minLength: 1, maxLength: 2048 },
        jwksUrl: { type: 'string', pattern: '^https?://' },
        userClaim: { type: 'string', minLength: 1, maxLength: 128 },
        userClaimHolds: { enum: ['user_id', 'email'] },
      },
    },
  },
  defaults: [],
  resolve(config) {
    return (config ?? []).map((profile) => ({
      ...profile,
      userClaim: profile.userClaim ?? 'sub',
      userClaimHolds: profile.userClaimHolds ?? 'user_id',
    }));
  },
};
