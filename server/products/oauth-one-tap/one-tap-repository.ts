/**
 * Google One Tap's storage. Guarantees:
 * - `consumeStart` succeeds once per `oauth_callback_id`, and only while it is live, so an ID
 *   token cannot be submitted twice against the same prompt;
 */
import type { Db } from '../../db/database.js';
import { consumeOnce, purgeBefore } from '../../db/purge.js';

/** A started prompt. */
export interface OneTapStart {
  oauthCallbackId: string;
  projectId: string;
  nonce: string;
  expiresAt: number;
  consumedAt: number | null;
}

/** Reads and writes `one_tap_starts`. */
export class OneTapRepository {
  readonly #consume;

  constructor(private readonly db: Db) {
    this.#consume = consumeOnce(db, { table: 'one_tap_starts', key: 'oauth_callback_id' });
  }

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
    return this.#consume({ key: oauthCallbackId, now });
  }

  /** Deletes prompts that expired before `before`. */
  async purgeExpired(before: number): Promise<void> {
    await purgeBefore(this.db, { table: 'one_tap_starts', column: 'expires_at', before });
  }
}
