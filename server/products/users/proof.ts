/**
 * What proving a phone number or email does, in one place for every product that proves one
 * (a right passcode, a spent magic link, a password reset by email link, a provider's verified
 * email):
 *
 * - the destination's row becomes verified, and every pending claim of it by another user is
 *   dropped; when another user holds it verified already, the proof is refused
 *   (`duplicate_phone_number` / `duplicate_email`) and nothing changes;
 * - an **unproven account** (no verified phone number or email, no verified crypto wallet, no
 *   OAuth account) proven by a sign-in outside its own session loses whatever was set on it
 *   before anyone proved it (`PRE_PROOF_CREDENTIALS`: passwords, passkeys, TOTPs, unverified
 *   wallets, OAuth accounts, applications' grants and tokens, its other pending phone numbers
 *   and emails) and all its sessions:
 *   whoever made it for someone else's address keeps no way in (account pre-hijacking).
 *   Proof within the account's own session (a user verifying their own email after signing up
 *   with a password) removes nothing.
 */
import { sql } from 'kysely';
import { type Db, sqlTrue } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { DestinationKind, MethodRecord } from './users-repository.js';

/**
 * SQL true when the user `userRef` names is a proven account: one that holds a verified phone
 * number, email or crypto wallet, or an OAuth account. A destination a proven account holds
 * unverified is never a route into it.
 */
export function provenAccountSql(userRef: string): string {
  return `(EXISTS (SELECT 1 FROM user_phone_numbers pv WHERE pv.user_id = ${userRef} AND pv.verified = 1)
    OR EXISTS (SELECT 1 FROM user_emails ev WHERE ev.user_id = ${userRef} AND ev.verified = 1)
    OR EXISTS (SELECT 1 FROM crypto_wallets wv WHERE wv.user_id = ${userRef} AND wv.verified = 1)
    OR EXISTS (SELECT 1 FROM oauth_registrations ov WHERE ov.user_id = ${userRef}))`;
}

/**
 * What an unproven account loses when it is proven outside its own session: every row of these
 * tables that belongs to it (with `unverifiedOnly`, only the rows not verified), besides its
 * other pending phone numbers and emails and its sessions. A product whose table holds a way
 * into an account adds it here.
 */
export const PRE_PROOF_CREDENTIALS: readonly { table: string; unverifiedOnly?: boolean }[] = [
  { table: 'passwords' },
  { table: 'webauthn_registrations' },
  // Their recovery codes go with them (ON DELETE CASCADE).
  { table: 'totps' },
  { table: 'crypto_wallets', unverifiedOnly: true },
  { table: 'oauth_tokens' },
  { table: 'oauth_registrations' },
  // An attach token would link a provider account to it.
  { table: 'oauth_attach_tokens' },
  // What applications were granted through Sign in with Velvet, and their codes and tokens.
  { table: 'idp_grants' },
  { table: 'idp_codes' },
  { table: 'idp_tokens' },
];

const TABLES: Record<DestinationKind, { table: string; id: string; value: string }> = {
  phone: { table: 'user_phone_numbers', id: 'phone_id', value: 'phone_number' },
  email: { table: 'user_emails', id: 'email_id', value: 'email' },
};

/** How a destination was proven. */
export interface ProofContext {
  now: number;
  /** True when the proof came with a session of the method's own user (`send/secondary`). */
  withinOwnSession: boolean;
}

/** What a proof changed. */
export interface ProofOutcome {
  /**
   * Whether the account was unproven and lost what was set on it before (see the module); false
   * when it had nothing to lose.
   */
  purged: boolean;
}

/** The 409 for a destination another user holds verified. */
export function duplicateError(kind: DestinationKind): ApiError {
  return new ApiError(kind === 'phone' ? 'duplicate_phone_number' : 'duplicate_email');
}

/**
 * Proves `method` in the transaction `tx` (see the module). A method verified already proves
 * nothing new and changes nothing.
 * @throws ApiError `duplicate_phone_number` / `duplicate_email` when another user holds the
 *   destination verified, or the claim was dropped meanwhile; `tx` should then roll back.
 */
export async function proveDestination(
  tx: Db,
  method: Pick<MethodRecord, 'kind' | 'methodId' | 'projectId' | 'userId' | 'destination'> & {
    verified: boolean;
  },
  context: ProofContext,
): Promise<ProofOutcome> {
  if (method.verified) return { purged: false };
  const { table, id, value } = TABLES[method.kind];
  // What the proof must do, in one read: whether another user holds the destination verified,
  // whether the account is proven already, whether other users claim it, and whether there is
  // anything set on the account before its proof. A first sign-in of a new user (the usual
  // case) then costs this read and the update, not a statement per table.
  const state = await sql<{
    held: unknown;
    proven: unknown;
    claimed: unknown;
    pre_proof: unknown;
  }>`SELECT
      EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE project_id = ${method.projectId}
        AND ${sql.ref(value)} = ${method.destination} AND verified = 1
        AND user_id <> ${method.userId}) AS held,
      ${sql.raw(provenAccountSql('u.user_id'))} AS proven,
      EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE project_id = ${method.projectId}
        AND ${sql.ref(value)} = ${method.destination} AND verified = 0
        AND user_id <> ${method.userId}) AS claimed,
      ${sql.raw(preProofSql('u.user_id'))} AS pre_proof
    FROM users u WHERE u.user_id = ${method.userId}`.execute(tx);
  const read = state.rows[0];
  if (sqlTrue(read?.held)) throw duplicateError(method.kind);
  const marked = await sql`UPDATE ${sql.table(table)} SET verified = 1
    WHERE ${sql.ref(id)} = ${method.methodId} AND user_id = ${method.userId}`.execute(tx);
  if (Number(marked.numAffectedRows ?? 0n) !== 1) throw duplicateError(method.kind);
  // Every other user's pending claim of the destination is dropped.
  if (sqlTrue(read?.claimed)) {
    await sql`DELETE FROM ${sql.table(table)} WHERE project_id = ${method.projectId}
      AND ${sql.ref(value)} = ${method.destination} AND verified = 0
      AND user_id <> ${method.userId}`.execute(tx);
  }
  const wasUnproven = !sqlTrue(read?.proven);
  if (!wasUnproven || context.withinOwnSession || !sqlTrue(read?.pre_proof)) {
    return { purged: false };
  }
  await purgeUnprovenAccount(tx, method, context.now);
  return { purged: true };
}

/**
 * SQL true when a proof from outside its session would purge the account `userRef` names: it is
 * unproven and has something set on it before its proof (see the module). A check that reads
 * this as false may prove a destination of the account without `proveDestination`'s purge (the
 * one-statement passcode check does; see `otp/passcode-success.ts`).
 */
export function proofPurgesSql(userRef: string): string {
  return `(NOT ${provenAccountSql(userRef)} AND ${preProofSql(userRef)})`;
}

/**
 * SQL true when the user `userRef` names has anything a proof from outside its session would
 * remove (see `purgeUnprovenAccount`): a row of `PRE_PROOF_CREDENTIALS`, more than one pending
 * phone number or email (the one being proven is pending too), or a session not revoked.
 */
function preProofSql(userRef: string): string {
  const credentials = PRE_PROOF_CREDENTIALS.map(
    ({ table, unverifiedOnly }) =>
      `EXISTS (SELECT 1 FROM ${table} WHERE user_id = ${userRef}${unverifiedOnly ? ' AND verified = 0' : ''})`,
  );
  const pending = Object.values(TABLES).map(
    ({ table }) => `(SELECT count(*) FROM ${table} WHERE user_id = ${userRef} AND verified = 0)`,
  );
  return `(${[
    ...credentials,
    `(${pending.join(' + ')}) > 1`,
    `EXISTS (SELECT 1 FROM sessions WHERE user_id = ${userRef} AND revoked_at IS NULL)`,
  ].join(' OR ')})`;
}

/** Removes what was set on a newly proven account before its proof, and revokes its sessions. */
async function purgeUnprovenAccount(
  tx: Db,
  method: Pick<MethodRecord, 'kind' | 'methodId' | 'userId'>,
  now: number,
): Promise<void> {
  const { userId } = method;
  for (const { table, unverifiedOnly } of PRE_PROOF_CREDENTIALS) {
    await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId}
      ${unverifiedOnly ? sql`AND verified = 0` : sql``}`.execute(tx);
  }
  for (const { table, id } of Object.values(TABLES)) {
    await sql`DELETE FROM ${sql.table(table)} WHERE user_id = ${userId} AND verified = 0
      AND ${sql.ref(id)} <> ${method.methodId}`.execute(tx);
  }
  await sql`UPDATE sessions SET revoked_at = ${now}
    WHERE user_id = ${userId} AND revoked_at IS NULL`.execute(tx);
}
