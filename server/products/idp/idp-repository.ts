/**
 * Grants, codes and tokens of the identity provider. Codes and tokens are looked up by their
 * SHA-256 only; `consumeCode` is the atomic single use of a code.
 */
import type { Db } from '../../db/database.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import type { IdpCodesTable, IdpGrantsTable, IdpTokensTable } from './idp-tables.js';

/** A user's consent to an application. */
export interface GrantRecord {
  grantId: string;
  projectId: string;
  userId: string;
  clientId: string;
  scopes: string[];
  createdAt: number;
  updatedAt: number;
  revokedAt: number | null;
}

/** An authorization code as stored. */
export interface CodeRecord {
  codeHash: string;
  projectId: string;
  clientId: string;
  userId: string;
  grantId: string;
  redirectUri: string;
  scopes: string[];
  nonce: string | null;
  codeChallenge: string | null;
  authTime: number;
  expiresAt: number;
  consumedAt: number | null;
}

/** An access or refresh token as stored. */
export interface TokenRecord {
  tokenHash: string;
  kind: 'access' | 'refresh';
  projectId: string;
  clientId: string;
  userId: string;
  grantId: string;
  family: string;
  scopes: string[];
  authTime: number;
  expiresAt: number;
  revokedAt: number | null;
}

const split = (scopes: string): string[] => (scopes ? scopes.split(' ') : []);
const nullableNumber = (value: number | null): number | null =>
  value == null ? null : Number(value);

function toGrant(row: IdpGrantsTable): GrantRecord {
  return {
    grantId: row.grant_id,
    projectId: row.project_id,
    userId: row.user_id,
    clientId: row.client_id,
    scopes: split(row.scopes),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    revokedAt: nullableNumber(row.revoked_at),
  };
}

function toCode(row: IdpCodesTable): CodeRecord {
  return {
    codeHash: row.code_hash,
    projectId: row.project_id,
    clientId: row.client_id,
    userId: row.user_id,
    grantId: row.grant_id,
    redirectUri: row.redirect_uri,
    scopes: split(row.scopes),
    nonce: row.nonce,
    codeChallenge: row.code_challenge,
    authTime: Number(row.auth_time),
    expiresAt: Number(row.expires_at),
    consumedAt: nullableNumber(row.consumed_at),
  };
}

function toToken(row: IdpTokensTable): TokenRecord {
  return {
    tokenHash: row.token_hash,
    kind: row.kind,
    projectId: row.project_id,
    clientId: row.client_id,
    userId: row.user_id,
    grantId: row.grant_id,
    family: row.family,
    scopes: split(row.scopes),
    authTime: Number(row.auth_time),
    expiresAt: Number(row.expires_at),
    revokedAt: nullableNumber(row.revoked_at),
  };
}

/** Reads and writes the identity provider's tables. */
export class IdpRepository {
  readonly #consumeCode;

  constructor(private readonly db: Db) {
    this.#consumeCode = consumeOnce(db, { table: 'idp_codes', key: 'code_hash' });
  }

  /** The user's grant to the client, live or withdrawn. */
  async findGrant(
    projectId: string,
    userId: string,
    clientId: string,
  ): Promise<GrantRecord | undefined> {
    const row = await this.db
      .selectFrom('idp_grants')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return row ? toGrant(row) : undefined;
  }

  /** The user's live grants, oldest first. */
  async listGrants(projectId: string, userId: string): Promise<GrantRecord[]> {
    const rows = await this.db
      .selectFrom('idp_grants')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return rows.map(toGrant);
  }

  /**
   * Records consent: a new grant, or the existing one (withdrawn or not) made live with
   * `scopes`. Returns the grant's id.
   */
  async saveGrant(
    grant: Pick<GrantRecord, 'grantId' | 'projectId' | 'userId' | 'clientId' | 'scopes'>,
    now: number,
  ): Promise<string> {
    const existing = await this.findGrant(grant.projectId, grant.userId, grant.clientId);
    if (existing) {
      await this.db
        .updateTable('idp_grants')
        .set({ scopes: grant.scopes.join(' '), updated_at: now, revoked_at: null })
        .where('grant_id', '=', existing.grantId)
        .execute();
      return existing.grantId;
    }
    await this.db
      .insertInto('idp_grants')
      .values({
        grant_id: grant.grantId,
        project_id: grant.projectId,
        user_id: grant.userId,
        client_id: grant.clientId,
        scopes: grant.scopes.join(' '),
        created_at: now,
        updated_at: now,
        revoked_at: null,
      })
      .onConflict((c) => c.columns(['project_id', 'user_id', 'client_id']).doNothing())
      .execute();
    const saved = await this.findGrant(grant.projectId, grant.userId, grant.clientId);
    if (!saved) throw new Error('grant was not saved');
    return saved.grantId;
  }

  /**
   * Withdraws the grant and revokes every token issued under it. Resolves to whether a live
   * grant was withdrawn.
   */
  async revokeGrant(grantId: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('idp_grants')
        .set({ revoked_at: now })
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      await tx
        .updateTable('idp_tokens')
        .set({ revoked_at: now })
        .where('grant_id', '=', grantId)
        .where('revoked_at', 'is', null)
        .execute();
      await tx
        .updateTable('idp_codes')
        .set({ consumed_at: now })
        .where('grant_id', '=', grantId)
        .where('consumed_at', 'is', null)
        .execute();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** Stores a new code. */
  async createCode(code: Omit<CodeRecord, 'consumedAt'>, now: number): Promise<void> {
    await this.db
      .insertInto('idp_codes')
      .values({
        code_hash: code.codeHash,
        project_id: code.projectId,
        client_id: code.clientId,
        user_id: code.userId,
        grant_id: code.grantId,
        redirect_uri: code.redirectUri,
        scopes: code.scopes.join(' '),
        nonce: code.nonce,
        code_challenge: code.codeChallenge,
        auth_time: code.authTime,
        expires_at: code.expiresAt,
        consumed_at: null,
        created_at: now,
      })
      .execute();
  }

  /** The code with this hash, used or not. */
  async findCode(codeHash: string): Promise<CodeRecord | undefined> {
    const row = await this.db
      .selectFrom('idp_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row ? toCode(row) : undefined;
  }

  /**
   * Uses the code: true for exactly one caller, and only while it is unexpired and unused
   * (a single conditional update, so two exchanges racing cannot both win).
   */
  async consumeCode(codeHash: string, now: number): Promise<boolean> {
    return this.#consumeCode({ key: codeHash, now });
  }

  /** Stores a new token. */
  async createToken(token: Omit<TokenRecord, 'revokedAt'>, now: number): Promise<void> {
    await this.db
      .insertInto('idp_tokens')
      .values({
        token_hash: token.tokenHash,
        kind: token.kind,
        project_id: token.projectId,
        client_id: token.clientId,
        user_id: token.userId,
        grant_id: token.grantId,
        family: token.family,
        scopes: token.scopes.join(' '),
        auth_time: token.authTime,
        expires_at: token.expiresAt,
        revoked_at: null,
        created_at: now,
      })
      .execute();
  }

  /** The token with this hash, live or not. */
  async findToken(tokenHash: string): Promise<TokenRecord | undefined> {
    const row = await this.db
      .selectFrom('idp_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row ? toToken(row) : undefined;
  }

  /** Revokes one live token: true for exactly one caller (refresh rotation). */
  async revokeToken(tokenHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('idp_tokens')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Revokes every token descended from one code (a replayed code or refresh token). */
  async revokeFamily(family: string, now: number): Promise<void> {
    await this.db
      .updateTable('idp_tokens')
      .set({ revoked_at: now })
      .where('family', '=', family)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Deletes codes and tokens that expired before `before`. */
  async purgeExpired(before: number): Promise<void> {
    await purgeBefore(this.db, { table: 'idp_codes', column: 'expires_at', before });
    await purgeBefore(this.db, { table: 'idp_tokens', column: 'expires_at', before });
  }
}
