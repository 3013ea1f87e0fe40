/**
 * The passkey product's tables: the users' WebAuthn registrations (public keys, sign counters,
 * backup flags) and the challenges of ceremonies in progress (single use, expiring).
 */
import type { Kysely } from 'kysely';
import type { Migrations } from '../../db/migrator.js';

/** A row of `webauthn_registrations`: one credential of one user. */
export interface WebAuthnRegistrationsTable {
  webauthn_registration_id: string;
  project_id: string;
  user_id: string;
  /** The credential id, base64url; unique per project. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter as last seen. */
  sign_count: number;
  /** The transports the browser reported, as a JSON array. */
  transports: string;
  /** The user handle the credential was created with (base64url). */
  user_handle: string;
  /** `singleDevice` or `multiDevice`: whether the credential may be backed up (synced). */
  device_type: string;
  /** 0 or 1: the credential is backed up now. */
  backed_up: number;
  /** 0 or 1: the credential was created asking for a discoverable, user-verified passkey. */
  is_passkey: number;
  /** The relying party id (`domain`) it belongs to. */
  domain: string;
  user_agent: string;
  /** `platform`, `cross-platform` or empty. */
  authenticator_type: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A row of `webauthn_challenges`: one ceremony started and not yet finished. */
export interface WebAuthnChallengesTable {
  /** SHA-256 of the challenge, base64url: the challenge itself is never stored. */
  challenge_hash: string;
  project_id: string;
  /** The user the ceremony is for: always for registrations, for secondary sign-ins. */
  user_id: string | null;
  /** `registration` or `authentication`. */
  kind: string;
  /** The relying party id (`domain`) of the ceremony. */
  domain: string;
  /** 0 or 1: a passkey ceremony (user verification required). */
  is_passkey: number;
  user_agent: string;
  authenticator_type: string;
  /** The user handle offered to the authenticator (registrations). */
  user_handle: string;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** The tables this product owns. */
export interface WebAuthnTables {
  webauthn_registrations: WebAuthnRegistrationsTable;
  webauthn_challenges: WebAuthnChallengesTable;
}

/** Their history. */
export const webauthnMigrations: Migrations = {
  '2026-11-23-01-webauthn': {
    // biome-ignore lint/suspicious/noExplicitAny: a migration runs before the schema it makes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('webauthn_registrations')
        .ifNotExists()
        .addColumn('webauthn_registration_id', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.project_id'))
        .addColumn('user_id', 'text', (c) =>
          c.notNull().references('users.user_id').onDelete('cascade'),
        )
        .addColumn('credential_id', 'text', (c) => c.notNull())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('user_handle', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull())
        .addColumn('is_passkey', 'integer', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('authenticator_type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addUniqueConstraint('webauthn_registrations_unique_credential', [
          'project_id',
          'credential_id',
        ])
        .execute();
      await db.schema
        .createIndex('webauthn_registrations_by_user')
        .ifNotExists()
        .on('webauthn_registrations')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('webauthn_challenges')
        .ifNotExists()
        .addColumn('challenge_hash', 'text', (c) => c.primaryKey())
        .addColumn('project_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('is_passkey', 'integer', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('authenticator_type', 'text', (c) => c.notNull())
        .addColumn('user_handle', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_by_expiry')
        .ifNotExists()
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();
    },
  },
};

declare module '../../db/schema.js' {
  /** These tables join the one schema when this product is part of the program. */
  interface Schema extends WebAuthnTables {}
}
