/**
 * What the password routes call, built on their first request (`lazyRoutes`): the service, its
 * repositories, the argon2id hasher and the breach checkers.
 */
import { clientKey } from '../../rate-limit/client-key.js';
import { failureThrottleOf } from '../../rate-limit/failure-throttle.js';
import { loginLinksOf } from '../magic-links/index.js';
import type { ProductContext } from '../product.js';
import {
  type BreachChecker,
  OfflineBreachList,
  PwnedPasswordsRange,
} from './breached-passwords.js';
import { PasswordHasher } from './password-hashing.js';
import { PasswordResetsRepository } from './password-resets-repository.js';
import { PasswordService } from './password-service.js';
import { PasswordsRepository } from './passwords-repository.js';

/** The password service over the context's store, limiter and delivery. */
export function passwordsImplementation(context: ProductContext) {
  const { store } = context;
  const offline = new OfflineBreachList();
  const pwned = new Map<string, BreachChecker>();
  const passwords = new PasswordService(
    {
      db: store.db,
      users: store.users,
      passwords: new PasswordsRepository(store.db),
      resets: new PasswordResetsRepository(store.db),
      throttle: failureThrottleOf(context),
      clientKey: (ip) => clientKey(context.secret, ip),
      loginLinks: loginLinksOf(store.db),
    },
    context.sessions,
    new PasswordHasher(),
    (project) => {
      const settings = project.settings.passwords;
      if (settings.breachedPasswords !== 'pwned-passwords') return offline;
      let checker = pwned.get(settings.pwnedPasswordsUrl);
      if (!checker) {
        checker = new PwnedPasswordsRange({
          url: settings.pwnedPasswordsUrl,
          onUnavailable: (reason) =>
            context.log.warn({ reason }, 'Pwned Passwords did not answer; used the offline list'),
        });
        pwned.set(settings.pwnedPasswordsUrl, checker);
      }
      return checker;
    },
    context.limiter,
    context.delivery,
    context.clock,
    context.log,
  );
  return { passwords, store };
}
