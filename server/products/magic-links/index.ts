/**
 * What other products may use of email magic links: login links for their own emails (the
 * password reset email's "Log in without password"). Code outside this folder imports this file
 * only, never the files beside it.
 */
import type { Db } from '../../db/database.js';
import { LoginLinks } from './login-links.js';
import { MagicLinksRepository } from './magic-links-repository.js';

export type { LoginLinks } from './login-links.js';

/** The login links of the database `db`. */
export function loginLinksOf(db: Db): LoginLinks {
  return new LoginLinks(new MagicLinksRepository(db));
}
