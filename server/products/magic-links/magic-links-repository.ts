/**
 * Sign-in links, stored only as the SHA-256 of their token. Guarantees:
 * - a token is found only by its hash;
 * - `consume` succeeds for exactly one caller, and only while the link is live.
 */
import type { Db } from '../../db/database.js';
import { prepare } from '../../db/prepared.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';
import type { MagicLinksTable } from './magic-links-tables.js';

/** A stored link (its hash, never the token). */
export interface MagicLinkRecord {
  magicLinkId: string;
  projectId: string;
  userId: string;
  emailId: string;
  email: string;
  kind: 'login' | 'signup';
  redirectUrl: string;
  codeChallenge: string | null;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
}

function toRecord(row: MagicLinksTable): MagicLinkRecord {
  return {
    magicLinkId: row.magic_link_id,
    projectId: row.project_id,
    userId: row.user_id,
    emailId: row.email_id,
    email: row.email,
    kind: row.kind === 'signup' ? 'signup' : 'login',
    redirectUrl: row.redirect_url,
    codeChallenge: row.code_challenge,
    expiresAt: Number(row.expires_at),
    consumedAt: row.consumed_at == null ? null : Number(row.consumed_at),
    createdAt: Number(row.created_at),
  };
}

/** The prepared queries of the send and authenticate paths. */
function magicLinkQueries(db: Db) {
  return {
    insert: prepare(db, (a: Omit<MagicLinksTable, 'consumed_at'>) =>
      db.insertInto('magic_links').values({
        magic_link_id: a.magic_link_id,
        project_id: a.project_id,
        user_id: a.user_id,
        email_id: a.email_id,
        email: a.email,
        token_hash: a.token_hash,
        kind: a.kind,
        redirect_url: a.redirect_url,
        code_challenge: a.code_challenge,
        expires_at: a.expires_at,
        consumed_at: null,
        created_at: a.created_at,
      }),
    ),
    byHash: prepare(db, (a: { tokenHash: string }) =>
      db.selectFrom('magic_links').selectAll().where('token_hash', '=', a.tokenHash),
    ),
    consume: consumeOnce(db, { table: 'magic_links', key: 'magic_link_id' }),
  };
}

/** Reads and writes sign-in links. */
export class MagicLinksRepository {
  readonly #queries;

  constructor(private readonly db: Db) {
    this.#queries = magicLinkQueries(db);
  }

  /** Stores a new link under the hash of its token. */
  async create(record: Omit<MagicLinkRecord, 'consumedAt'> & { tokenHash: string }): Promise<void> {
    await this.#queries.insert.run({
      magic_link_id: record.magicLinkId,
      project_id: record.projectId,
      user_id: record.userId,
      email_id: record.emailId,
      email: record.email,
      token_hash: record.tokenHash,
      kind: record.kind,
      redirect_url: record.redirectUrl,
      code_challenge: record.codeChallenge,
      expires_at: record.expiresAt,
      created_at: record.createdAt,
    });
  }

  /** The link whose token hashes to `tokenHash`, used or not, live or not. */
  async findByTokenHash(tokenHash: string): Promise<MagicLinkRecord | undefined> {
    const row = await this.#queries.byHash.first({ tokenHash });
    return row && toRecord(row);
  }

  /** Marks the link used. Resolves to true for exactly one caller, while it is live. */
  async consume(magicLinkId: string, now: number): Promise<boolean> {
    return this.#queries.consume({ key: magicLinkId, now });
  }

  /** Deletes links that expired before `before`. */
  async purgeExpired(before: number): Promise<number> {
    return purgeBefore(this.db, { table: 'magic_links', column: 'expires_at', before });
  }
}
