/** The key pairs that sign session JWTs, per project, newest first. */
import type { Database } from './database.js';
import { type JsonObject, readJsonObject } from './json-column.js';

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
  constructor(private readonly db: Database) {}

  async insert(key: SigningKeyRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO signing_keys (kid, project_id, private_jwk, public_jwk, created_at, retired_at)
       VALUES (?, ?, ?, ?, ?, NULL)`,
      [key.kid, key.projectId, key.sealedPrivateJwk, JSON.stringify(key.publicJwk), key.createdAt],
    );
  }

  /** Keys created after `since`, newest first. */
  async listSince(projectId: string, since: number): Promise<SigningKeyRecord[]> {
    const rows = await this.db.all(
      'SELECT * FROM signing_keys WHERE project_id = ? AND created_at > ? ORDER BY created_at DESC',
      [projectId, since],
    );
    return rows.map((row) => ({
      kid: String(row.kid),
      projectId: String(row.project_id),
      sealedPrivateJwk: String(row.private_jwk),
      publicJwk: readJsonObject(row.public_jwk),
      createdAt: Number(row.created_at),
    }));
  }

  /** Deletes keys created before `before`. */
  async purge(before: number): Promise<number> {
    return this.db.run('DELETE FROM signing_keys WHERE created_at < ?', [before]);
  }
}
