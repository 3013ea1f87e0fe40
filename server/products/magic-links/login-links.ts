/**
 * Login links made for another product's email: the password reset email's "Log in without
 * password" link (Stytch's reset email carries one to the reset start's `login_redirect_url`).
 * Each is a magic link like those `send` makes: 256 random bits stored as their SHA-256, single
 * use, expiring, for the exact redirect URL given (the caller checks it against the project's
 * lists), optionally bound to a PKCE challenge; `POST /magic_links/authenticate` turns it into a
 * session and proves the email.
 */
import { newId } from '../../db/ids.js';
import type { Project } from '../../projects/projects-repository.js';
import { hashMagicLinkToken, newMagicLinkToken } from './magic-link-token.js';
import type { MagicLinksRepository } from './magic-links-repository.js';
import { linkUrl } from './magic-links-service.js';

/** A login link to make for an email of a user. */
export interface LoginLinkRequest {
  project: Project;
  userId: string;
  emailId: string;
  /** The address, normalized. */
  email: string;
  /** The listed URL the link opens (already checked). */
  redirectUrl: string;
  /** Binds the link to the browser holding the verifier. */
  codeChallenge: string | null;
  expirationMinutes: number;
  now: number;
}

/** Makes login links. */
export class LoginLinks {
  constructor(private readonly links: MagicLinksRepository) {}

  /** Stores a new login link; resolves to its URL (`?stytch_token_type=magic_links&token=…`). */
  async create(request: LoginLinkRequest): Promise<string> {
    const token = newMagicLinkToken();
    await this.links.create({
      magicLinkId: newId('magic-link', request.project.environment),
      projectId: request.project.projectId,
      userId: request.userId,
      emailId: request.emailId,
      email: request.email,
      tokenHash: hashMagicLinkToken(token),
      kind: 'login',
      redirectUrl: request.redirectUrl,
      codeChallenge: request.codeChallenge,
      expiresAt: request.now + request.expirationMinutes * 60_000,
      createdAt: request.now,
    });
    return linkUrl(request.redirectUrl, token);
  }
}
