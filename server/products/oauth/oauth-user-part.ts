/** The OAuth product's part of the user: Stytch's `providers`. */
import type { UserPart } from '../users/index.js';
import type { OAuthRegistrationsTable } from './oauth-tables.js';

/** An account of the user at an OAuth provider. */
interface UserOAuthProvider {
  registrationId: string;
  provider: string;
  providerSubject: string;
  profilePictureUrl: string;
  locale: string;
}

/** An account at an OAuth provider in the user object, in Stytch's shape. */
interface OAuthProviderBody {
  provider_type: string;
  provider_subject: string;
  profile_picture_url: string;
  locale: string;
  oauth_user_registration_id: string;
}

declare module '../users/index.js' {
  interface UserRecord {
    /** Accounts at OAuth providers, oldest first. */
    providers: UserOAuthProvider[];
  }
  interface UserBody {
    providers: OAuthProviderBody[];
  }
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

/** The user's accounts at OAuth providers: each signs the user in on its own. */
export const oauthUserPart: UserPart<'providers', 'providers'> = {
  recordField: 'providers',
  bodyField: 'providers',
  table: 'oauth_registrations',
  columns: [
    'oauth_user_registration_id',
    'provider',
    'provider_subject',
    'profile_picture_url',
    'locale',
  ] satisfies (keyof OAuthRegistrationsTable)[],
  toRecord: (row) => ({
    registrationId: String(row.oauth_user_registration_id),
    provider: String(row.provider),
    providerSubject: String(row.provider_subject),
    profilePictureUrl: String(row.profile_picture_url),
    locale: String(row.locale),
  }),
  toBody: (account) => ({
    provider_type: oauthProviderType(account.provider),
    provider_subject: account.providerSubject,
    profile_picture_url: account.profilePictureUrl,
    locale: account.locale,
    oauth_user_registration_id: account.registrationId,
  }),
  signInMethodId: (account) => account.registrationId,
};
