/**
 * What other products may use of passwords: the repository, which the users product reads to
 * tell whether a user has a password and to delete it with the user.
 * Other products import this file only, never the files beside it.
 */
export { PasswordsRepository } from './passwords-repository.js';
