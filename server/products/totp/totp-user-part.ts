/** The TOTP product's part of the user: Stytch's `totps`. */
import type { UserPart } from '../users/index.js';
import type { TotpsTable } from './totp-tables.js';

/** An authenticator app of a user. */
interface UserTotp {
  totpId: string;
  verified: boolean;
}

declare module '../users/index.js' {
  interface UserRecord {
    /** The user's authenticator apps, oldest first. */
    totps: UserTotp[];
  }
  interface UserBody {
    totps: Array<{ totp_id: string; verified: boolean }>;
  }
}

/** The user's authenticator apps: a second factor, so no way to sign in on its own. */
export const totpUserPart: UserPart<'totps', 'totps'> = {
  recordField: 'totps',
  bodyField: 'totps',
  table: 'totps',
  columns: ['totp_id', 'verified'] satisfies (keyof TotpsTable)[],
  toRecord: (row) => ({ totpId: String(row.totp_id), verified: Number(row.verified) === 1 }),
  toBody: (totp) => ({ totp_id: totp.totpId, verified: totp.verified }),
};
