/**
 * The access tokens the identity provider issued, as another product checks them: the session
 * exchange (`session.exchangeAccessToken`) accepts a token only while the provider still holds
 * it live (not revoked through RFC 7009, a withdrawn grant or a replayed code, not expired).
 */
import type { Db } from '../../db/database.js';
import type { Project } from '../../projects/projects-repository.js';
import { IdpRepository } from './idp-repository.js';
import { hashSecret } from './idp-secrets.js';

/** Looks access tokens up by their hash, as the provider stored them. */
export class IssuedAccessTokens {
  readonly #repository: IdpRepository;

  constructor(
    db: Db,
    private readonly clock: () => number,
  ) {
    this.#repository = new IdpRepository(db);
  }

  /** Whether `token` is a live access token `project`'s provider issued. */
  async isLive(project: Project, token: string): Promise<boolean> {
    const record = await this.#repository.findToken(hashSecret(token));
    return (
      record?.kind === 'access' &&
      record.projectId === project.projectId &&
      record.revokedAt === null &&
      record.expiresAt > this.clock()
    );
  }
}
