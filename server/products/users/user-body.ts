/**
 * The user as the API returns it, in Stytch's field names: its own fields, then each part's list
 * (emails, phone numbers, then every product's, see `UserPart`), then the fields Velvet fixes.
 */
import type { JsonObject } from '../../db/json-column.js';
import { SharedBodies } from '../../http/answer-json.js';
import { USER_PARTS, type UserName, type UserRecord } from './user-record.js';

/**
 * The API shape of a user. Each product's list joins it from that product's `UserPart` file
 * (`webauthn_registrations`, `crypto_wallets`, `totps`, `providers`).
 */
export interface UserBody {
  user_id: string;
  created_at: string;
  status: 'active' | 'pending';
  name: UserName;
  emails: Array<{ email_id: string; email: string; verified: boolean }>;
  phone_numbers: Array<{ phone_id: string; phone_number: string; verified: boolean }>;
  biometric_registrations: unknown[];
  password: null;
  trusted_metadata: JsonObject;
  untrusted_metadata: JsonObject;
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
  const body: Record<string, unknown> = {
    user_id: user.userId,
    created_at: new Date(user.createdAt).toISOString(),
    status: user.status,
    name: user.name,
  };
  for (const part of user[USER_PARTS]) {
    body[part.bodyField] = user[part.recordField].map((entry) => part.toBody(entry));
  }
  body.biometric_registrations = [];
  body.password = null;
  body.trusted_metadata = user.trustedMetadata;
  body.untrusted_metadata = user.untrustedMetadata;
  return body as unknown as UserBody;
}
