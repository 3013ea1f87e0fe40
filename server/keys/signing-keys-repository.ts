/** The key pairs that sign session JWTs, per project, newest first. */
import { changedRows, type Db } from '../db/database.js';
import { type JsonObject, readJsonObject } from '../db/json-column.js';

/** A stored signing key. */
export interface SigningKeyRecord {
  kid: string;
  projectId: string;
  /** The private JWK, sealed with the server secret (see `SealedJson`). */
  sealedPrivateJwk: string;
  publicJwk: JsonObject;
  createdAt: number;
}

/** Reads and writes signing keys. */
export class SigningKeysRepository {
  constructor(private readonly db: Db) {}

  async insert(key: SigningKeyRecord): Promise<void> {
    await this.db
      .insertInto('signing_keys')
      .values({
        kid: key.kid,
        project_id: key.projectId,
        private_jwk: key.sealedPrivateJwk,
        public_jwk: JSON.stringify(key.publicJwk),
        created_at: key.createdAt,
        retired_at: null,
      })
      .execute();
  }

  /** Keys created after `since`, newest first. */
  async listSince(projectId: string, since: number): Promise<SigningKeyRecord[]> {
    const rows = await this.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      kid: row.kid,
      projectId: row.project_id,
      sealedPrivateJwk: row.private_jwk,
      publicJwk: readJsonObject(row.public_jwk),
      createdAt: Number(row.created_at),
    }));
  }

  /** Deletes keys created before `before`. */
  async purge(before: number): Promise<number> {
    return changedRows(
      await this.db.deleteFrom('signing_keys').where('created_at', '<', before).executeTakeFirst(),
    );
  }
}
