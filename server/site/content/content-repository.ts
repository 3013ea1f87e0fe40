/**
 * The invitation's content in the database (`site_content`): read, seeded once, the draft
 * saved, the draft published. Every content written here was checked first
 * (`content-validation.ts`); the seed is `site/content/invitation.ts`'s.
 */
import type { InvitationContent } from '../../../site/content/invitation.js';
import type { Db } from '../../db/database.js';
import './content-tables.js';

/** A project's content as stored. */
export interface StoredContent {
  /** The hosts' working copy. */
  draft: InvitationContent;
  /** What guests read. */
  published: InvitationContent;
  /** `published` as stored (JSON), which guests are sent as it is. */
  publishedJson: string;
  /** Epoch milliseconds of the latest publication; null while the seed was never published. */
  publishedAt: number | null;
  /** Epoch milliseconds of the draft's latest change. */
  updatedAt: number;
  /** The user id of the host who changed the draft last; null for the seed. */
  updatedBy: string | null;
}

/** Reads and writes the content of one database. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores `seed` as both the draft and the published content of `projectId` unless it has a
   * content already; true when this call wrote it. Servers starting together on one database
   * may all call it: one row wins and the others change nothing (no error).
   */
  async seedIfAbsent(projectId: string, seed: InvitationContent, at: number): Promise<boolean> {
    const json = JSON.stringify(seed);
    const result = await this.db
      .insertInto('site_content')
      .values({
        project_id: projectId,
        draft: json,
        published: json,
        published_at: null,
        updated_at: at,
        updated_by: null,
      })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The content of `projectId`, or undefined before it was seeded. */
  async find(projectId: string): Promise<StoredContent | undefined> {
    const row = await this.db
      .selectFrom('site_content')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      draft: JSON.parse(row.draft) as InvitationContent,
      published: JSON.parse(row.published) as InvitationContent,
      publishedJson: row.published,
      publishedAt: row.published_at === null ? null : Number(row.published_at),
      updatedAt: Number(row.updated_at),
      updatedBy: row.updated_by,
    };
  }

  /** The published content of `projectId` as stored (JSON), or undefined before the seed. */
  async findPublished(
    projectId: string,
  ): Promise<{ json: string; publishedAt: number | null; updatedAt: number } | undefined> {
    const row = await this.db
      .selectFrom('site_content')
      .select(['published', 'published_at', 'updated_at'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      json: row.published,
      publishedAt: row.published_at === null ? null : Number(row.published_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /** Saves `draft` (checked) as the draft of `projectId`, changed by `userId` at `at`. */
  async saveDraft(
    projectId: string,
    draft: InvitationContent,
    at: number,
    userId: string,
  ): Promise<void> {
    await this.db
      .updateTable('site_content')
      .set({ draft: JSON.stringify(draft), updated_at: at, updated_by: userId })
      .where('project_id', '=', projectId)
      .execute();
  }

  /** Makes the draft of `projectId` its published content, at `at`. */
  async publish(projectId: string, at: number): Promise<void> {
    await this.db
      .updateTable('site_content')
      .set((eb) => ({ published: eb.ref('draft'), published_at: at }))
      .where('project_id', '=', projectId)
      .execute();
  }
}
