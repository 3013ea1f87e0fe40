/**
 * What other products and the rest of the server may use of passwords: the repository, which the
 * users product reads to tell whether a user has a password and to delete it with the user, and
 * the hashing the benchmark measures.
 * Code outside this folder imports this file only, never the files beside it.
 */
export { PasswordsRepository } from './passwords-repository.js';

/**
 * The argon2id hashing (`PasswordHasher`, `ARGON2_PARAMETERS`), loaded on demand: passwords load
 * it on their first request, and a re-export here would put it in what the server loads at start.
 */
export const loadPasswordHashing = () => import('./password-hashing.js');
