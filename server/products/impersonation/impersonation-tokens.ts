/**
 * Impersonation tokens: 256 random bits, stored as SHA-256, for one user of one project, usable
 * once within `IMPERSONATION_TOKEN_LIFETIME_MS`. Minted on the host (`npm run impersonate`),
 * never over the API.
 */
import { createHash, randomBytes } from 'node:crypto';
import { changedRows, type Db } from '../../db/database.js';
import { purgeBefore } from '../../db/purge.js';
import { IMPERSONATED_SESSION_MAX_MINUTES } from '../sessions/index.js';

/** How long a minted token may be used. */
export const IMPERSONATION_TOKEN_LIFETIME_MS = 5 * 60_000;
/**
 * The longest session an impersonation starts (minutes); no extension takes it further (see
 * `latestExpiry` in `sign-in-changes.ts`, where the rule lives).
 */
export const IMPERSONATION_SESSION_MAX_MINUTES = IMPERSONATED_SESSION_MAX_MINUTES;

/** The stored form of a token. */
export function hashImpersonationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** What a spent token names. */
export interface SpentImpersonation {
  userId: string;
  impersonator: string;
}

/** Mints and spends impersonation tokens. */
export class ImpersonationTokens {
  constructor(private readonly db: Db) {}

  /** A new token for `userId` of `projectId`, minted by `impersonator`; only its hash is kept. */
  async mint(
    projectId: string,
    userId: string,
    impersonator: string,
    now: number,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + IMPERSONATION_TOKEN_LIFETIME_MS;
    await this.db
      .insertInto('impersonation_tokens')
      .values({
        token_hash: hashImpersonationToken(token),
        project_id: projectId,
        user_id: userId,
        impersonator,
        expires_at: expiresAt,
        used_at: null,
        created_at: now,
      })
      .execute();
    return { token, expiresAt };
  }

  /**
   * Spends `token` for `projectId`: `not_found` when unknown, of another project or already
   * used; `expired` when too old. The spend is a compare-and-set, so a token works once even
   * under concurrent requests.
   */
  async spend(
    projectId: string,
    token: string,
    now: number,
  ): Promise<SpentImpersonation | 'not_found' | 'expired'> {
    const hash = hashImpersonationToken(token);
    const row = await this.db
      .selectFrom('impersonation_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.project_id !== projectId || row.used_at != null) return 'not_found';
    if (Number(row.expires_at) <= now) return 'expired';
    const result = await this.db
      .updateTable('impersonation_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (changedRows(result) === 0) return 'not_found';
    return { userId: row.user_id, impersonator: row.impersonator };
  }

  /** Deletes tokens that expired before `before`. */
  async purgeExpired(before: number): Promise<void> {
    await purgeBefore(this.db, { table: 'impersonation_tokens', column: 'expires_at', before });
  }
}
