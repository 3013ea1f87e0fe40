/**
 * Google One Tap's storage. Guarantees:
 * - `consumeStart` succeeds once per `oauth_callback_id`, and only while it is live, so an ID
 *   token cannot be submitted twice against the same prompt;
 * - `consumeToken` succeeds once per token, and only while it is live: a redirect URL signs in
 *   once;
 * - tokens are stored only as their SHA-256.
 */
import { changedRows, type Db } from '../../db/database.js';

/** A started prompt. */
export interface OneTapStart {
  oauthCallbackId: string;
  projectId: string;
  nonce: string;
  expiresAt: number;
  consumedAt: number | null;
}

/** A token a verified prompt landed with (see `OneTapTokensTable`). */
export interface OneTapToken {
  tokenHash: string;
  projectId: string;
  userId: string;
  provider: string;
  providerSubject: string;
  idToken: string;
  emailId: string;
  codeChallenge: string | null;
  userCreated: boolean;
  expiresAt: number;
  consumedAt: number | null;
}

/** Reads and writes `one_tap_starts` and `one_tap_tokens`. */
export class OneTapRepository {
  constructor(private readonly db: Db) {}

  /** Records a started prompt. */
  async createStart(start: Omit<OneTapStart, 'consumedAt'>, now: number): Promise<void> {
    await this.db
      .insertInto('one_tap_starts')
      .values({
        oauth_callback_id: start.oauthCallbackId,
        project_id: start.projectId,
        nonce: start.nonce,
        expires_at: start.expiresAt,
        consumed_at: null,
        created_at: now,
      })
      .execute();
  }

  /** The started prompt of the project with this id, if any. */
  async findStart(projectId: string, oauthCallbackId: string): Promise<OneTapStart | undefined> {
    const row = await this.db
      .selectFrom('one_tap_starts')
      .selectAll()
      .where('oauth_callback_id', '=', oauthCallbackId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return (
      row && {
        oauthCallbackId: row.oauth_callback_id,
        projectId: row.project_id,
        nonce: row.nonce,
        expiresAt: Number(row.expires_at),
        consumedAt: row.consumed_at === null ? null : Number(row.consumed_at),
      }
    );
  }

  /** Uses the prompt up; false when it was used already or has expired. */
  async consumeStart(oauthCallbackId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('one_tap_starts')
      .set({ consumed_at: now })
      .where('oauth_callback_id', '=', oauthCallbackId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Records a token (by its hash). */
  async createToken(token: Omit<OneTapToken, 'consumedAt'>, now: number): Promise<void> {
    await this.db
      .insertInto('one_tap_tokens')
      .values({
        token_hash: token.tokenHash,
        project_id: token.projectId,
        user_id: token.userId,
        provider: token.provider,
        provider_subject: token.providerSubject,
        id_token: token.idToken,
        email_id: token.emailId,
        code_challenge: token.codeChallenge,
        user_created: token.userCreated ? 1 : 0,
        expires_at: token.expiresAt,
        consumed_at: null,
        created_at: now,
      })
      .execute();
  }

  /** The project's token with this hash, if any. */
  async findToken(projectId: string, tokenHash: string): Promise<OneTapToken | undefined> {
    const row = await this.db
      .selectFrom('one_tap_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        projectId: row.project_id,
        userId: row.user_id,
        provider: row.provider,
        providerSubject: row.provider_subject,
        idToken: row.id_token,
        emailId: row.email_id,
        codeChallenge: row.code_challenge,
        userCreated: row.user_created === 1,
        expiresAt: Number(row.expires_at),
        consumedAt: row.consumed_at === null ? null : Number(row.consumed_at),
      }
    );
  }

  /** Uses the token up; false when it was used already or has expired. */
  async consumeToken(tokenHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('one_tap_tokens')
      .set({ consumed_at: now })
      .where('token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return changedRows(result) === 1;
  }

  /** Deletes prompts and tokens that expired before `before`. */
  async purgeExpired(before: number): Promise<void> {
    await this.db.deleteFrom('one_tap_starts').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('one_tap_tokens').where('expires_at', '<', before).execute();
  }
}
