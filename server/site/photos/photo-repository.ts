/** The hosts' uploaded photos (`site_photos`): each slot's files, replaced together. */
import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { PhotoFile } from './photo-pipeline.js';
import './photo-tables.js';

/** What is known of a stored file without its bytes. */
export interface StoredPhoto {
  name: string;
  contentType: string;
  size: number;
  /** A strong validator made from the bytes' hash. */
  etag: string;
  /** Epoch milliseconds of the upload. */
  createdAt: number;
}

function toStored(row: {
  name: string;
  content_type: string;
  size: number;
  hash: string;
  created_at: number;
}): StoredPhoto {
  return {
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    etag: `"${row.hash.slice(0, 32)}"`,
    createdAt: Number(row.created_at),
  };
}

const META = ['name', 'content_type', 'size', 'hash', 'created_at'] as const;

/** Reads and writes the uploaded photos of one database. */
export class SitePhotoRepository {
  constructor(private readonly db: Db) {}

  /**
   * Replaces the files of one slot of `projectId` in one transaction: the rows named `names`
   * (every file of the slot) go, `files` come; a reader sees the old set or the new one.
   */
  async replaceSlot(
    projectId: string,
    names: readonly string[],
    files: readonly PhotoFile[],
    now: number,
  ): Promise<StoredPhoto[]> {
    const rows = files.map((file) => ({
      project_id: projectId,
      name: file.name,
      content_type: file.contentType,
      bytes: Buffer.from(file.bytes),
      size: file.bytes.byteLength,
      hash: createHash('sha256').update(file.bytes).digest('hex'),
      created_at: now,
    }));
    await this.db.transaction().execute(async (tx) => {
      const all = [...new Set([...names, ...files.map((file) => file.name)])];
      await tx
        .deleteFrom('site_photos')
        .where('project_id', '=', projectId)
        .where('name', 'in', all)
        .execute();
      for (const row of rows) await tx.insertInto('site_photos').values(row).execute();
    });
    return rows.map(toStored);
  }

  /** The stored file `name` of `projectId` without its bytes, or `undefined`. */
  async find(projectId: string, name: string): Promise<StoredPhoto | undefined> {
    const row = await this.db
      .selectFrom('site_photos')
      .select(META)
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? toStored(row) : undefined;
  }

  /** The stored file `name` of `projectId` with its bytes, or `undefined`. */
  async read(
    projectId: string,
    name: string,
  ): Promise<(StoredPhoto & { bytes: Buffer }) | undefined> {
    const row = await this.db
      .selectFrom('site_photos')
      .select([...META, 'bytes'])
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { ...toStored(row), bytes: Buffer.from(row.bytes) } : undefined;
  }

  /** Every stored file of `projectId` without its bytes, by name. */
  async list(projectId: string): Promise<StoredPhoto[]> {
    const rows = await this.db
      .selectFrom('site_photos')
      .select(META)
      .where('project_id', '=', projectId)
      .orderBy('name')
      .execute();
    return rows.map(toStored);
  }
}
