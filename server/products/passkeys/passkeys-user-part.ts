/** The passkeys product's part of the user: Stytch's `webauthn_registrations`. */
import type { UserPart } from '../users/index.js';
import type { WebAuthnRegistrationsTable } from './passkeys-tables.js';

/** A passkey or WebAuthn device of a user, as the user object lists it. */
interface WebAuthnRegistrationSummary {
  webauthnRegistrationId: string;
  name: string;
  domain: string;
  userAgent: string;
  authenticatorType: string;
}

/** A passkey or WebAuthn device in the user object, in Stytch's shape. */
interface WebAuthnRegistrationBody {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
  authenticator_type: string;
  verified: boolean;
  name: string;
}

declare module '../users/index.js' {
  interface UserRecord {
    /** The user's passkeys and WebAuthn devices, oldest first. */
    webauthnRegistrations: WebAuthnRegistrationSummary[];
  }
  interface UserBody {
    webauthn_registrations: WebAuthnRegistrationBody[];
  }
}

/** The user's passkeys: each signs the user in on its own. */
export const passkeysUserPart: UserPart<'webauthnRegistrations', 'webauthn_registrations'> = {
  recordField: 'webauthnRegistrations',
  bodyField: 'webauthn_registrations',
  table: 'webauthn_registrations',
  columns: [
    'webauthn_registration_id',
    'name',
    'domain',
    'user_agent',
    'authenticator_type',
  ] satisfies (keyof WebAuthnRegistrationsTable)[],
  toRecord: (row) => ({
    webauthnRegistrationId: String(row.webauthn_registration_id),
    name: String(row.name),
    domain: String(row.domain),
    userAgent: String(row.user_agent),
    authenticatorType: String(row.authenticator_type),
  }),
  toBody: (passkey) => ({
    webauthn_registration_id: passkey.webauthnRegistrationId,
    domain: passkey.domain,
    user_agent: passkey.userAgent,
    authenticator_type: passkey.authenticatorType,
    verified: true,
    name: passkey.name,
  }),
  signInMethodId: (passkey) => passkey.webauthnRegistrationId,
};
