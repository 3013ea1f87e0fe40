/**
 * Users with their phone numbers and email addresses. A phone number or email
 * belongs to at most one user per project (a unique index guarantees it), and
 * its id doubles as the passcode `method_id`.
 */
import type { Database } from './database.js';
import { newId } from './ids.js';
import { type JsonObject, readJsonObject } from './json-column.js';
import { isUniqueViolation } from './sql-errors.js';

/** A user's name, in Stytch's shape. */
export interface UserName {
  first_name: string;
  middle_name: string;
  last_name: string;
}

/** A phone number of a user. */
export interface PhoneRecord {
  phoneId: string;
  phoneNumber: string;
  verified: boolean;
  createdAt: number;
}

/** An email address of a user. */
export interface EmailRecord {
  emailId: string;
  email: string;
  verified: boolean;
  createdAt: number;
}

/** A user with everything attached to it. */
export interface UserRecord {
  userId: string;
  projectId: string;
  status: 'active' | 'pending';
  name: UserName;
  trustedMetadata: JsonObject;
  untrustedMetadata: JsonObject;
  createdAt: number;
  phoneNumbers: PhoneRecord[];
  emails: EmailRecord[];
}

/** A passcode destination found by its `method_id`. */
export interface MethodRecord {
  kind: 'phone' | 'email';
  methodId: string;
  projectId: string;
  userId: string;
  destination: string;
  verified: boolean;
}

/** The destination kinds users are found by. */
export type DestinationKind = 'phone' | 'email';

const TABLES = {
  phone: {
    table: 'user_phone_numbers',
    id: 'phone_id',
    value: 'phone_number',
    idKind: 'phone-number',
  },
  email: { table: 'user_emails', id: 'email_id', value: 'email', idKind: 'email' },
} as const;

const EMPTY_NAME: UserName = { first_name: '', middle_name: '', last_name: '' };

/** The destination belongs to another user already. */
export class DuplicateDestinationError extends Error {
  constructor(readonly kind: DestinationKind) {
    super(`this ${kind} belongs to another user`);
    this.name = 'DuplicateDestinationError';
  }
}

/** Inserts an unverified phone number or email for a user and returns its method. */
async function insertDestination(
  db: Database,
  project: { projectId: string; environment: 'test' | 'live' },
  userId: string,
  kind: DestinationKind,
  destination: string,
  now: number,
): Promise<MethodRecord> {
  const t = TABLES[kind];
  const methodId = newId(t.idKind, project.environment);
  await db.run(
    `INSERT INTO ${t.table} (${t.id}, project_id, user_id, ${t.value}, verified, created_at)
     VALUES (?, ?, ?, ?, 0, ?)`,
    [methodId, project.projectId, userId, destination, now],
  );
  return { kind, methodId, projectId: project.projectId, userId, destination, verified: false };
}

/** Reads and writes users. */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  /** The user with this id in this project, or `undefined`. */
  async findById(projectId: string, userId: string): Promise<UserRecord | undefined> {
    const row = await this.db.get('SELECT * FROM users WHERE user_id = ? AND project_id = ?', [
      userId,
      projectId,
    ]);
    if (!row) return undefined;
    const [phones, emails] = await Promise.all([
      this.db.all('SELECT * FROM user_phone_numbers WHERE user_id = ? ORDER BY created_at', [
        userId,
      ]),
      this.db.all('SELECT * FROM user_emails WHERE user_id = ? ORDER BY created_at', [userId]),
    ]);
    const name = readJsonObject(row.name);
    return {
      userId: String(row.user_id),
      projectId: String(row.project_id),
      status: row.status === 'pending' ? 'pending' : 'active',
      name: { ...EMPTY_NAME, ...(name as Partial<UserName>) },
      trustedMetadata: readJsonObject(row.trusted_metadata),
      untrustedMetadata: readJsonObject(row.untrusted_metadata),
      createdAt: Number(row.created_at),
      phoneNumbers: phones.map((p) => ({
        phoneId: String(p.phone_id),
        phoneNumber: String(p.phone_number),
        verified: Number(p.verified) === 1,
        createdAt: Number(p.created_at),
      })),
      emails: emails.map((e) => ({
        emailId: String(e.email_id),
        email: String(e.email),
        verified: Number(e.verified) === 1,
        createdAt: Number(e.created_at),
      })),
    };
  }

  /** The phone number or email with this id (a passcode `method_id`). */
  async findMethod(methodId: string): Promise<MethodRecord | undefined> {
    for (const kind of ['phone', 'email'] as const) {
      const t = TABLES[kind];
      const row = await this.db.get(`SELECT * FROM ${t.table} WHERE ${t.id} = ?`, [methodId]);
      if (row) {
        return {
          kind,
          methodId,
          projectId: String(row.project_id),
          userId: String(row.user_id),
          destination: String(row[t.value]),
          verified: Number(row.verified) === 1,
        };
      }
    }
    return undefined;
  }

  /** The user's id and the method id owning a normalized destination, if any. */
  async findByDestination(
    projectId: string,
    kind: DestinationKind,
    destination: string,
  ): Promise<MethodRecord | undefined> {
    const t = TABLES[kind];
    const row = await this.db.get(
      `SELECT * FROM ${t.table} WHERE project_id = ? AND ${t.value} = ?`,
      [projectId, destination],
    );
    if (!row) return undefined;
    return {
      kind,
      methodId: String(row[t.id]),
      projectId,
      userId: String(row.user_id),
      destination,
      verified: Number(row.verified) === 1,
    };
  }

  /**
   * Finds the user owning `destination` or creates one with it (unverified).
   * Safe under concurrency: two simultaneous calls end with one user.
   */
  async findOrCreateByDestination(
    project: { projectId: string; environment: 'test' | 'live' },
    kind: DestinationKind,
    destination: string,
    now: number,
    initial: { trustedMetadata?: JsonObject; name?: Partial<UserName> } = {},
  ): Promise<MethodRecord & { created: boolean }> {
    const existing = await this.findByDestination(project.projectId, kind, destination);
    if (existing) return { ...existing, created: false };
    const userId = newId('user', project.environment);
    try {
      const method = await this.db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO users (user_id, project_id, status, name, trusted_metadata,
             untrusted_metadata, created_at) VALUES (?, ?, 'active', ?, ?, '{}', ?)`,
          [
            userId,
            project.projectId,
            JSON.stringify({ ...EMPTY_NAME, ...initial.name }),
            JSON.stringify(initial.trustedMetadata ?? {}),
            now,
          ],
        );
        return insertDestination(tx, project, userId, kind, destination, now);
      });
      return { ...method, created: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.findByDestination(project.projectId, kind, destination);
      if (!winner) throw error;
      return { ...winner, created: false };
    }
  }

  /**
   * Attaches `destination` to an existing user (unverified) and returns its method;
   * returns the existing method when the user already has it.
   * @throws DuplicateDestinationError when another user owns it.
   */
  async addDestination(
    project: { projectId: string; environment: 'test' | 'live' },
    userId: string,
    kind: DestinationKind,
    destination: string,
    now: number,
  ): Promise<MethodRecord> {
    const existing = await this.findByDestination(project.projectId, kind, destination);
    if (existing) {
      if (existing.userId !== userId) throw new DuplicateDestinationError(kind);
      return existing;
    }
    try {
      return await insertDestination(this.db, project, userId, kind, destination, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateDestinationError(kind);
      throw error;
    }
  }

  /** Marks a phone number or email as verified. */
  async markVerified(method: Pick<MethodRecord, 'kind' | 'methodId'>): Promise<void> {
    const t = TABLES[method.kind];
    await this.db.run(`UPDATE ${t.table} SET verified = 1 WHERE ${t.id} = ?`, [method.methodId]);
  }

  /** Removes one of the user's phone numbers or emails; resolves to false when it had none such. */
  async deleteDestination(userId: string, kind: DestinationKind, id: string): Promise<boolean> {
    const t = TABLES[kind];
    const changed = await this.db.run(`DELETE FROM ${t.table} WHERE ${t.id} = ? AND user_id = ?`, [
      id,
      userId,
    ]);
    return changed > 0;
  }

  /** Replaces the user's untrusted metadata. */
  async setUntrustedMetadata(userId: string, metadata: JsonObject): Promise<void> {
    await this.db.run('UPDATE users SET untrusted_metadata = ? WHERE user_id = ?', [
      JSON.stringify(metadata),
      userId,
    ]);
  }

  /** Replaces the user's trusted metadata (server side only: the guest list, never the API). */
  async setTrustedMetadata(userId: string, metadata: JsonObject): Promise<void> {
    await this.db.run('UPDATE users SET trusted_metadata = ? WHERE user_id = ?', [
      JSON.stringify(metadata),
      userId,
    ]);
  }

  /** Sets the user's name. */
  async setName(userId: string, name: Partial<UserName>): Promise<void> {
    await this.db.run('UPDATE users SET name = ? WHERE user_id = ?', [
      JSON.stringify({ ...EMPTY_NAME, ...name }),
      userId,
    ]);
  }

  /** Every user of the project that has a phone number, with it, oldest first. */
  async listPhoneUsers(projectId: string): Promise<
    Array<{
      userId: string;
      phoneNumber: string;
      verified: boolean;
      trustedMetadata: JsonObject;
      name: UserName;
      lastSessionAt: number | null;
    }>
  > {
    const rows = await this.db.all(
      `SELECT u.user_id, p.phone_number, p.verified, u.trusted_metadata, u.name,
         (SELECT MAX(s.started_at) FROM sessions s WHERE s.user_id = u.user_id) AS last_session_at
       FROM users u JOIN user_phone_numbers p ON p.user_id = u.user_id
       WHERE u.project_id = ? ORDER BY p.created_at`,
      [projectId],
    );
    return rows.map((row) => ({
      userId: String(row.user_id),
      phoneNumber: String(row.phone_number),
      verified: Number(row.verified) === 1,
      trustedMetadata: readJsonObject(row.trusted_metadata),
      name: { ...EMPTY_NAME, ...(readJsonObject(row.name) as Partial<UserName>) },
      lastSessionAt: row.last_session_at == null ? null : Number(row.last_session_at),
    }));
  }
}
