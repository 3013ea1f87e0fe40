/**
 * The trusted JWTs `POST /sessions/attest` accepted. Guarantees:
 * - a token (by its issuer and `jti`, or by its hash when it has no `jti`) is spent at most once
 *   per project: `spend` inserts under the table's primary key, so of two servers or two
 *   requests spending the same token at once exactly one succeeds;
 * - a row lives until the token's own expiry, after which the verifier refuses the token anyway
 *   and housekeeping deletes the row.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Executor } from '../../db/prepared.js';
import { prepare } from '../../db/prepared.js';
import { purgeBefore } from '../../db/purge.js';

/**
 * The key a trusted token is remembered by: its issuer and `jti` (the issuer's own single-use
 * id), or, for a token without one, the token itself; hashed, so neither is stored.
 */
export function attestedTokenKey(token: string, claims: { iss?: string; jti?: unknown }): string {
  const named =
    typeof claims.jti === 'string' && claims.jti !== ''
      ? `jti\u0000${claims.iss ?? ''}\u0000${claims.jti}`
      : `token\u0000${token}`;
  return createHash('sha256').update(named).digest('hex');
}

/** Reads and writes `attested_tokens`. */
export class AttestedTokensRepository {
  readonly #queries;

  constructor(private readonly db: Db) {
    this.#queries = {
      spent: prepare(db, (a: { projectId: string; tokenKey: string }) =>
        db
          .selectFrom('attested_tokens')
          .select('token_key')
          .where('project_id', '=', a.projectId)
          .where('token_key', '=', a.tokenKey),
      ),
      spend: prepare(
        db,
        (a: { projectId: string; tokenKey: string; expiresAt: number; now: number }) =>
          db
            .insertInto('attested_tokens')
            .values({
              project_id: a.projectId,
              token_key: a.tokenKey,
              expires_at: a.expiresAt,
              created_at: a.now,
            })
            .onConflict((conflict) => conflict.columns(['project_id', 'token_key']).doNothing()),
      ),
    };
  }

  /** Whether the token was accepted already (and has not expired since). */
  async isSpent(projectId: string, tokenKey: string): Promise<boolean> {
    return (await this.#queries.spent.first({ projectId, tokenKey })) !== undefined;
  }

  /**
   * Remembers the token until `expiresAt`, in the transaction `on` when given; false when it was
   * spent already (by an earlier request, or a concurrent one that committed first).
   */
  async spend(
    projectId: string,
    tokenKey: string,
    expiresAt: number,
    now: number,
    on?: Executor,
  ): Promise<boolean> {
    return (await this.#queries.spend.run({ projectId, tokenKey, expiresAt, now }, on)) === 1;
  }

  /** Deletes the rows of tokens that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'attested_tokens', column: 'expires_at', before });
  }
}
