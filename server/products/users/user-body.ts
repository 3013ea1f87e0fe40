/** The user as the API returns it, in Stytch's field names. */
import type { JsonObject } from '../../db/json-column.js';
import { SharedBodies } from '../../http/answer-json.js';
import type { UserName, UserRecord } from './users-repository.js';

/** A passkey or WebAuthn device in the user object, in Stytch's shape. */
export interface WebAuthnRegistrationBody {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

/** The API shape of a user. */
export interface UserBody {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: Array<{ email_id: string; email: string; verified: boolean }>;
  phone_numbers: Array<{ phone_id: string; phone_number: string; verified: boolean }>;
  webauthn_registrations: WebAuthnRegistrationBody[];
  providers: Array<{
    provider_type: string;
    provider_subject: string;
    profile_picture_url: string;
    locale: string;
    oauth_user_registration_id: string;
  }>;
  totps: Array<{ totp_id: string; verified: boolean }>;
  crypto_wallets: Array<{
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }>;
  biometric_registrations: unknown[];
  password: null;
  trusted_metadata: JsonObject;
  untrusted_metadata: JsonObject;
}

/** Stytch's `provider_type` spelling of an OAuth provider's name (`github` → `Github`). */
export function oauthProviderType(name: string): string {
  const special: Record<string, string> = {
    gitlab: 'GitLab',
    linkedin: 'LinkedIn',
    tiktok: 'TikTok',
  };
  return special[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Converts a stored user to its API shape. A user read with a found session is frozen and may
 * come back unchanged on the next check: its body is made once and shared (`SharedBodies`).
 */
export function userBody(user: UserRecord): UserBody {
  return userBodies.of(user);
}

const userBodies = new SharedBodies<UserRecord, UserBody>(makeUserBody);

function makeUserBody(user: UserRecord): UserBody {
  return {
    user_id: user.userId,
    created_at: new Date(user.createdAt).toISOString(),
    status: user.status,
    name: user.name,
    emails: user.emails.map((e) => ({ email_id: e.emailId, email: e.email, verified: e.verified })),
    phone_numbers: user.phoneNumbers.map((p) => ({
      phone_id: p.phoneId,
      phone_number: p.phoneNumber,
      verified: p.verified,
    })),
    webauthn_registrations: user.webauthnRegistrations.map((w) => ({
      webauthn_registration_id: w.webauthnRegistrationId,
      domain: w.domain,
      user_agent: w.userAgent,
      authenticator_type: w.authenticatorType,
      verified: true,
      name: w.name,
    })),
    providers: user.providers.map((p) => ({
      provider_type: oauthProviderType(p.provider),
      provider_subject: p.providerSubject,
      profile_picture_url: p.profilePictureUrl,
      locale: p.locale,
      oauth_user_registration_id: p.registrationId,
    })),
    totps: user.totps.map((t) => ({ totp_id: t.totpId, verified: t.verified })),
    crypto_wallets: user.cryptoWallets.map((w) => ({
      crypto_wallet_id: w.cryptoWalletId,
      crypto_wallet_address: w.address,
      crypto_wallet_type: w.walletType,
      verified: w.verified,
    })),
    biometric_registrations: [],
    password: null,
    trusted_metadata: user.trustedMetadata,
    untrusted_metadata: user.untrustedMetadata,
  };
}
